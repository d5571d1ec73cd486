-- Evidence proves itself (issue 37, docs/evidence.md). Every append-only table (history, transactions,
-- the books, audit_event, access_log) is a hash chain: each row carries its place in its table's chain
-- (chain_seq) and chain_digest = sha256(previous row's digest || the row's content), the content being
-- the row as jsonb text without nulls, generated columns and the two chain columns, timestamps in UTC.
-- evidence_chain keeps each chain's length and last digest, so a row deleted at the end shows too.
--
-- Concurrency: a transaction's first row of a chain locks the chain's head (select … for update on its
-- evidence_chain row), which serialises the chain's writers until commit: a writer rolling back gives
-- its place back with it, so no row ever links to one that was not committed. Within the transaction the
-- head moves in a transaction-local setting (rolled back with a savepoint too), and a deferred trigger
-- writes it back once at commit: updating the head row for every row inserted would leave a chain of
-- row versions in one transaction that each next update walks (a seed's 50,000 rows took minutes).
-- Chains are per table: a decision waits only for other writers of the same tables.
create table evidence_chain (
  chain varchar(63) primary key,
  rows bigint not null,
  last_digest bytea not null,
  -- Keys left out of a row's content: the chain's own columns and generated columns.
  skip text[] not null
);

-- The trigger's own settings make the content the same whatever the session's time zone.
create function evidence_link() returns trigger language plpgsql set timezone to 'UTC' as $$
declare
  head text := current_setting('evidence.' || tg_table_name, true);
  seq bigint;
  digest bytea;
  skip text[];
begin
  if coalesce(head, '') = '' then
    select c.rows, c.last_digest, c.skip into seq, digest, skip
      from evidence_chain c where c.chain = tg_table_name for update;
    if not found then
      raise exception 'evidence chain of % is missing', tg_table_name;
    end if;
  else
    seq := split_part(head, ':', 1)::bigint;
    digest := decode(split_part(head, ':', 2), 'hex');
    skip := string_to_array(split_part(head, ':', 3), ',');
  end if;
  seq := seq + 1;
  digest := sha256(digest || convert_to(jsonb_strip_nulls(to_jsonb(new) - skip)::text, 'UTF8'));
  new.chain_seq := seq;
  new.chain_digest := digest;
  perform set_config('evidence.' || tg_table_name,
                     seq || ':' || encode(digest, 'hex') || ':' || array_to_string(skip, ','), true);
  return new;
end $$;

-- At commit: the head as the transaction left it, written once (the other rows' calls find it written).
create function evidence_seal() returns trigger language plpgsql as $$
declare
  head text := current_setting('evidence.' || tg_table_name, true);
begin
  if coalesce(head, '') <> '' and head is distinct from current_setting('evidence_sealed.' || tg_table_name, true) then
    update evidence_chain
       set rows = split_part(head, ':', 1)::bigint, last_digest = decode(split_part(head, ':', 2), 'hex')
     where chain = tg_table_name;
    perform set_config('evidence_sealed.' || tg_table_name, head, true);
  end if;
  return null;
end $$;

-- A bulk load's first step: the rows it loads are chained once at its end.
create function evidence_untrack(target text) returns void language plpgsql as $$
begin
  execute format('drop trigger if exists %I on %I', target || '_zz_evidence', target);
  execute format('drop trigger if exists %I on %I', target || '_zz_evidence_seal', target);
end $$;

-- Chains a table: its existing rows in id order, then each new row as it is inserted. Also used after a
-- bulk load, which loads the tables without this trigger (seed/bulk-load.ts): it chains anew from the
-- first row. The trigger's name sorts last, so that it sees the row as the other BEFORE triggers left it.
create function evidence_track(target text) returns void language plpgsql set timezone to 'UTC' as $$
declare
  skip text[];
  digest bytea := sha256(convert_to(target, 'UTF8'));
  n bigint := 0;
  r record;
begin
  execute format('alter table %I add column if not exists chain_seq bigint, add column if not exists chain_digest bytea',
                 target);
  select array['chain_seq', 'chain_digest'] || coalesce(array_agg(attname::text order by attnum), '{}')
    into skip
    from pg_attribute
   where attrelid = target::regclass and attgenerated <> '' and not attisdropped;
  perform evidence_untrack(target);
  create temporary table if not exists evidence_backfill (id bigint primary key, seq bigint, digest bytea)
    on commit drop;
  truncate evidence_backfill;
  for r in execute format('select id, jsonb_strip_nulls(to_jsonb(t) - $1)::text as content from %I t order by id',
                          target) using skip loop
    n := n + 1;
    digest := sha256(digest || convert_to(r.content, 'UTF8'));
    insert into evidence_backfill values (r.id, n, digest);
  end loop;
  -- The rows are history: their own guard (and counters) must not fire for this one rewrite.
  execute format('alter table %I disable trigger user', target);
  execute format('update %I t set chain_seq = b.seq, chain_digest = b.digest from evidence_backfill b where b.id = t.id',
                 target);
  execute format('alter table %I enable trigger user', target);
  insert into evidence_chain (chain, rows, last_digest, skip) values (target, n, digest, skip)
    on conflict (chain) do update set rows = excluded.rows, last_digest = excluded.last_digest, skip = excluded.skip;
  execute format('create trigger %I before insert on %I for each row execute function evidence_link()',
                 target || '_zz_evidence', target);
  execute format('create constraint trigger %I after insert on %I deferrable initially deferred
                  for each row execute function evidence_seal()', target || '_zz_evidence_seal', target);
end $$;

-- The access log records list and search reads too (one row per request): the rows' ids, or their count
-- and the query when there are more than the log keeps.
alter table access_log alter column subject_id drop not null;
alter table access_log add column subject_ids bigint[], add column row_count integer, add column query varchar(2000),
  add column client_ids bigint[];
create index access_log_client_ids_idx on access_log using gin (client_ids);

-- Every table guarded append-only (0013, 0028, 0029, 0030) is evidence.
select evidence_track(c.relname::text)
  from pg_trigger g join pg_class c on c.oid = g.tgrelid
 where g.tgname = c.relname || '_append_only'
 order by c.relname;
