-- A cheaper row content for the chains that skip no column (issue 37: the access log's cost; issue 36:
-- the ledger's tables). A row's content was its jsonb text without nulls: building the jsonb was two
-- thirds of the evidence trigger, 19 µs a row of the access log against 6 µs for the row's own text
-- (a 15-row insert, 2026-11-29). The row's text is PostgreSQL's output of the row, `(v1,v2,...)`, with
-- its trailing null fields cut: a nullable column added later (always the last) leaves old rows' text
-- as it was, as jsonb without nulls did. An unquoted field holds neither a comma nor a parenthesis and a
-- quoted one ends with its quote, so only the closing parenthesis and trailing empty (null) fields are cut.
-- The text depends on the session's output settings: the trigger, evidence_track and the check set
-- them (timezone, datestyle, intervalstyle, extra_float_digits, bytea_output).
--
-- Each batch says how its rows' content was taken (format 1: jsonb, 2: the row's text). Batches already
-- recorded keep theirs; a chain with generated columns (skipped: a new expression would change every row's
-- text) stays on jsonb. The format is not in the chain's digest and need not be: a batch's format
-- changed behind the server's back makes its rows' digests come out different, which the check reports.

create function evidence_row_text(r anyelement) returns text language sql stable parallel safe
  as $$ select rtrim(r::text, ',)') || ')' $$;

alter table evidence_batch add column format smallint not null default 1;

create or replace function evidence_record() returns trigger language plpgsql security definer
  set search_path = pg_catalog, public, pg_temp set timezone to 'UTC' set datestyle to 'ISO, YMD'
  set intervalstyle to 'postgres' set extra_float_digits to 1 set bytea_output to 'hex' as $$
declare
  skipped text[];
begin
  if tg_table_schema <> 'public' then
    raise exception 'evidence is recorded for the tables of public only, not %.%', tg_table_schema, tg_table_name;
  end if;
  select skip into skipped from evidence_chain where chain = tg_table_name;
  if not found then
    raise exception 'evidence chain of % is missing', tg_table_name;
  end if;
  if cardinality(skipped) = 0 then
    insert into evidence_batch (chain, row_ids, row_digests, format)
    select tg_table_name, array_agg(n.id order by n.id),
           string_agg(sha256(convert_to(evidence_row_text(n), 'UTF8')), ''::bytea order by n.id), 2
      from evidence_new_rows n
    having count(*) > 0;
  else
    insert into evidence_batch (chain, row_ids, row_digests)
    select tg_table_name, array_agg(n.id order by n.id),
           string_agg(evidence_row_digest(to_jsonb(n), skipped), ''::bytea order by n.id)
      from evidence_new_rows n
    having count(*) > 0;
  end if;
  return null;
end $$;
revoke execute on function evidence_record() from public;

-- As in 0040, each row's content taken as the trigger takes it.
create or replace function evidence_track(target text) returns void language plpgsql
  set search_path = pg_catalog, public, pg_temp set timezone to 'UTC' set datestyle to 'ISO, YMD'
  set intervalstyle to 'postgres' set extra_float_digits to 1 set bytea_output to 'hex' as $$
declare
  skip text[];
  content text;
begin
  select coalesce(array_agg(attname::text order by attnum), '{}') into skip
    from pg_attribute
   where attrelid = target::regclass and attgenerated <> '' and not attisdropped;
  perform evidence_untrack(target);
  delete from evidence_batch where chain = target;
  insert into evidence_chain (chain, rows, batches, last_digest, skip)
  values (target, 0, 0, sha256(convert_to(target, 'UTF8')), skip)
  on conflict (chain) do update set rows = 0, batches = 0, last_batch_id = 0, last_digest = excluded.last_digest,
                                    skip = excluded.skip;
  content := case when cardinality(skip) = 0 then 'evidence_row_text(t)'
                  else 'evidence_row_content(to_jsonb(t), $2)' end;
  execute format(
    'insert into evidence_batch (chain, row_ids, row_digests, format)
     select $1, array_agg(x.id order by x.id), string_agg(x.digest, ''''::bytea order by x.id), $3
       from (select t.id, (row_number() over (order by t.id) - 1) / 10000 as chunk,
                    sha256(convert_to(%s, ''UTF8'')) as digest
               from %I t) x
      group by x.chunk order by x.chunk', content, target)
    using target, skip, case when cardinality(skip) = 0 then 2 else 1 end;
  perform evidence_seal(target);
  execute format('create trigger %I after insert on %I referencing new table as evidence_new_rows
                  for each statement execute function evidence_record()', target || '_zz_evidence', target);
end $$;
revoke execute on function evidence_track(text) from public;
