-- History is appended, never rewritten (DESIGN.md section 5): whoever connects, the database refuses
-- UPDATE, DELETE and TRUNCATE on the histories (each workflow's log, the balance log: the schema
-- model's appendOnly tables, guarded by npm run db:migration), audit_event and access_log. A refusal
-- raises SQLSTATE BK001, which the API answers 409. A request with history cannot be deleted either:
-- the logs' foreign keys do not cascade, so the delete fails (23503) and the history stays.
-- A later migration that must rewrite history (a backfill) calls append_only_release, writes, and
-- calls append_only_guard again, all in its own transaction.
create function append_only_refuse() returns trigger language plpgsql as $$
begin
  raise exception '% is append-only: % refused', tg_table_name, tg_op
    using errcode = 'BK001', hint = 'History rows are only ever inserted.';
end $$;

create function append_only_release(target text) returns void language plpgsql as $$
begin
  execute format('drop trigger if exists %I on %I', target || '_append_only', target);
  execute format('drop trigger if exists %I on %I', target || '_append_only_truncate', target);
end $$;

-- Row triggers for UPDATE and DELETE, a statement trigger for TRUNCATE (which fires no row trigger).
create function append_only_guard(target text) returns void language plpgsql as $$
begin
  perform append_only_release(target);
  execute format('create trigger %I before update or delete on %I
    for each row execute function append_only_refuse()', target || '_append_only', target);
  execute format('create trigger %I before truncate on %I
    for each statement execute function append_only_refuse()', target || '_append_only_truncate', target);
end $$;

select append_only_guard('audit_event');

-- The access log refused UPDATE and DELETE already (0009); it now refuses TRUNCATE too, like the rest.
drop trigger access_log_no_change on access_log;
drop function access_log_append_only();
select append_only_guard('access_log');

-- The appendOnly tables of the schema model (generated):
select append_only_guard('balance_log');

select append_only_guard('beneficiary_cash_log');

select append_only_guard('beneficiary_log');

select append_only_guard('card_opposition_log');

select append_only_guard('card_orderlog');

select append_only_guard('check_opposition_log');

select append_only_guard('check_orderlog');

select append_only_guard('provision_cash_log');

select append_only_guard('subs_request_log');

select append_only_guard('subs_sms_log');

select append_only_guard('transfer_log');
