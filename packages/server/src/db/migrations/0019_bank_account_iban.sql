-- The header search finds a client by the exact IBAN of one of its accounts. Generated from the entity
-- registry by npm run db:migration.
create index "bank_account_iban_idx" on "bank_account" ("iban", id);
