-- An account opens at zero: its balances are the server's (the ledger's), never sent by hand. Generated
-- from the entity registry by npm run db:migration.
alter table "bank_account" alter column "balance" set default 0;

alter table "bank_account" alter column "blocked_amount" set default 0;

alter table "bank_account" alter column "available_amount" set default 0;
