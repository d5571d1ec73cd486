-- Evidence chains with no lock on the request path (issues 36, 37; docs/evidence.md). Migration 0031 linked
-- each row to the one before it as it was inserted: a transaction locked its table's chain head from its
-- first row to its commit, so the writers of one table queued behind each other's round trips and
-- commits (a posting decision writes six chained tables; the access log's writers in every instance share
-- one head). Now:
--   * a row's digest is SHA-256 of its content alone (the row as jsonb text without nulls and generated
--     columns, timestamps in UTC), computed once per insert statement over its rows (a statement trigger
--     with the statement's new rows) and kept with the rows' ids in an evidence_batch row: no lock taken;
--   * a sealer (evidence_seal, run every second by one instance at a time, and before every check and
--     anchor) links the committed batches into their table's chain in the order it finds them: a batch's
--     chain digest is SHA-256 of the previous batch's digest, the batch's ids as text and its digests.
-- The server's role writes neither table itself: both functions run as their owner.

-- The row-by-row chain goes: its triggers, its columns (a row's digest now lives in its batch) and functions.
select evidence_untrack(chain) from evidence_chain;
do $$
declare
  target text;
begin
  for target in select chain from evidence_chain loop
    execute format('alter table %I drop column if exists chain_seq, drop column if exists chain_digest', target);
  end loop;
end $$;
drop function evidence_link();
drop function evidence_seal();
drop aggregate evidence_fold(bytea, text);
drop function evidence_step(bytea, bytea, text);

alter table evidence_chain add column batches bigint not null default 0;

create table evidence_batch (
  id bigserial primary key,
  chain varchar(63) not null,
  row_ids bigint[] not null,
  -- The rows' digests, 32 bytes each, in the order of row_ids (ascending).
  row_digests bytea not null,
  -- Set by the sealer: the batch's place in its chain and the chain's digest after it.
  seq bigint,
  digest bytea
);
-- Kept as they are, out of line: digests do not compress, and trying cost more than the rest of a batch's insert.
alter table evidence_batch alter column row_ids set storage external, alter column row_digests set storage external;
create unique index evidence_batch_place on evidence_batch (chain, seq) where seq is not null;
create index evidence_batch_pending on evidence_batch (chain, id) where seq is null;

-- The statement's new rows, recorded as one batch (none for a statement that inserted nothing).
create function evidence_record() returns trigger language plpgsql security definer
  set search_path = public set timezone to 'UTC' as $$
begin
  insert into evidence_batch (chain, row_ids, row_digests)
  select tg_table_name, array_agg(n.id order by n.id),
         string_agg(sha256(convert_to(jsonb_strip_nulls(to_jsonb(n) - c.skip)::text, 'UTF8')), ''::bytea order by n.id)
    from evidence_new_rows n, evidence_chain c
   where c.chain = tg_table_name
  having count(*) > 0;
  return null;
end $$;

-- The chain digest after a batch: a running aggregate over the batches in order.
create function evidence_step(state bytea, first bytea, content bytea) returns bytea
  language sql immutable parallel safe
  as $$ select sha256(coalesce(state, first) || content) $$;

create aggregate evidence_fold(bytea, bytea) (sfunc = evidence_step, stype = bytea);

-- Links the committed batches not linked yet, chain by chain, each under its head's lock; a chain another
-- sealer holds is skipped (it links them). Returns how many batches it linked.
create function evidence_seal(only_chain text default null) returns bigint language plpgsql security definer
  set search_path = public as $$
declare
  target text;
  linked bigint := 0;
  n bigint;
begin
  for target in
    select distinct b.chain from evidence_batch b
     where b.seq is null and (only_chain is null or b.chain = only_chain) order by 1
  loop
    perform 1 from evidence_chain where chain = target for update skip locked;
    continue when not found;
    with pending as (
      select b.id, c.batches + row_number() over w as seq,
             evidence_fold(c.last_digest, convert_to(b.row_ids::text, 'UTF8') || b.row_digests) over w as digest,
             c.rows + sum(cardinality(b.row_ids)) over w as rows
        from evidence_batch b join evidence_chain c on c.chain = b.chain
       where b.chain = target and b.seq is null
      window w as (order by b.id rows between unbounded preceding and current row)
    ), linked_batches as (
      update evidence_batch b set seq = p.seq, digest = p.digest from pending p where b.id = p.id
      returning p.seq, p.digest, p.rows
    ), head as (
      update evidence_chain c set batches = l.seq, rows = l.rows, last_digest = l.digest
        from (select * from linked_batches order by seq desc limit 1) l
       where c.chain = target
    )
    select count(*) into n from linked_batches;
    linked := linked + n;
  end loop;
  return linked;
end $$;

create or replace function evidence_untrack(target text) returns void language plpgsql as $$
begin
  execute format('drop trigger if exists %I on %I', target || '_zz_evidence', target);
end $$;

-- Chains a table anew: its existing rows in id order, in batches of 10,000, linked at once; then each
-- insert statement's rows as they come. Used by the migrations that add a chained table and after a bulk
-- load, which loads the tables without the trigger (seed/bulk-load.ts).
create or replace function evidence_track(target text) returns void language plpgsql set timezone to 'UTC' as $$
declare
  skip text[];
begin
  select coalesce(array_agg(attname::text order by attnum), '{}') into skip
    from pg_attribute
   where attrelid = target::regclass and attgenerated <> '' and not attisdropped;
  perform evidence_untrack(target);
  delete from evidence_batch where chain = target;
  insert into evidence_chain (chain, rows, batches, last_digest, skip)
  values (target, 0, 0, sha256(convert_to(target, 'UTF8')), skip)
  on conflict (chain) do update set rows = 0, batches = 0, last_digest = excluded.last_digest, skip = excluded.skip;
  execute format(
    'insert into evidence_batch (chain, row_ids, row_digests)
     select $1, array_agg(x.id order by x.id), string_agg(x.digest, ''''::bytea order by x.id)
       from (select t.id, (row_number() over (order by t.id) - 1) / 10000 as chunk,
                    sha256(convert_to(jsonb_strip_nulls(to_jsonb(t) - $2)::text, ''UTF8'')) as digest
               from %I t) x
      group by x.chunk order by x.chunk', target) using target, skip;
  perform evidence_seal(target);
  execute format('create trigger %I after insert on %I referencing new table as evidence_new_rows
                  for each statement execute function evidence_record()', target || '_zz_evidence', target);
end $$;

select evidence_track(chain) from evidence_chain order by chain;

-- The server's role runs the sealer, nothing else of the evidence's own (migrate.ts revokes its writes).
revoke execute on function evidence_track(text) from public;
revoke execute on function evidence_untrack(text) from public;
