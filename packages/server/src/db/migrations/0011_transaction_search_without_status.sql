-- Generated from the entity registry by npm run db:migration; review before committing.
drop index if exists "transaction_search_idx";

create index "transaction_search_idx" on "transaction" using gin (search_fold(coalesce("transaction_number", '') || ' ' || coalesce("additional_label", '') || ' ' || coalesce("label", '') || ' ' || coalesce("conterparty_bank_account_number", '')) gin_trgm_ops);
