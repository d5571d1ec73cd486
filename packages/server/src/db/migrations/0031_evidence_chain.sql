-- Evidence proves itself (issue 37, docs/evidence.md). Every append-only table (history, transactions,
-- the books, audit_event, access_log) is a hash chain: each row carries its place in its table's chain
-- (chain_seq) and chain_digest = sha256(previous row's digest || the row's content), the content being
-- the row as jsonb text without nulls, generated columns and the two chain columns, timestamps in UTC.
-- evidence_chain keeps each chain's length and last digest, so a row deleted at the end shows too.
--
-- Concurrency: the insert trigger moves the chain's head with an UPDATE of its evidence_chain row, whose
-- row lock serialises the chain's writers until commit (a writer aborting gives its place back with
-- it). Chains are per table: a decision waits only for other writers of the same tables.
create table evidence_chain (
  chain varchar(63) primary key,
  rows bigint not null,
  last_digest bytea not null,
  -- Keys left out of a row's content: the chain's own columns and generated columns.
  skip text[] not null
);

-- The trigger's own settings make the content the same whatever the session's time zone.
create function evidence_link() returns trigger language plpgsql set timezone to 'UTC' as $$
begin
  update evidence_chain c
     set rows = c.rows + 1,
         last_digest = sha256(c.last_digest || convert_to(jsonb_strip_nulls(to_jsonb(new) - c.skip)::text, 'UTF8'))
   where c.chain = tg_table_name
  returning c.rows, c.last_digest into new.chain_seq, new.chain_digest;
  if not found then
    raise exception 'evidence chain of % is missing', tg_table_name;
  end if;
  return new;
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
  execute format('drop trigger if exists %I on %I', target || '_zz_evidence', target);
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
end $$;

-- A bulk load's first step: the rows it loads are chained once at its end.
create function evidence_untrack(target text) returns void language plpgsql as $$
begin
  execute format('drop trigger if exists %I on %I', target || '_zz_evidence', target);
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
