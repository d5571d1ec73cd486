-- Four-eyes rule: an approval is bound to the amount it approved. A request whose amount is no longer the
-- one approved needs its validations again (rows written before this column counted for any amount).
alter table request_approval add column amount numeric(20, 2);
