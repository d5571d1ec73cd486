-- Transactions are history: the ledger appends a movement, a correction is a new one, and no route or
-- connection updates, deletes or truncates them (0013). Generated from the entity registry by
-- npm run db:migration.
select append_only_guard('transaction');
