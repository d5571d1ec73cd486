-- The evidence's own functions closed to the server's role (issue 37; a review of migration 0039 found
-- two ways around it):
--   * evidence_record runs as its owner, and any role may attach a function it can execute to a trigger
--     of a temporary table of its own: one named like a chained table then wrote batches of its choosing
--     into the real evidence_batch. Nobody but the owner executes it now (a trigger's function is
--     checked when the trigger is made, not when it fires), and it records rows of public tables only.
--   * both owner-run functions searched the session's temporary tables first (PostgreSQL does when
--     pg_temp is not named in search_path): a temporary evidence_batch fed the sealer. pg_temp goes last.
-- A row's content is written once, here, for the trigger, evidence_track and evidence:verify alike.

-- A row's content as its digest covers it: the row as jsonb text, without nulls and generated columns.
create function evidence_row_content(content jsonb, skip text[]) returns text
  language sql immutable parallel safe
  as $$ select jsonb_strip_nulls(content - skip)::text $$;

create function evidence_row_digest(content jsonb, skip text[]) returns bytea
  language sql immutable parallel safe
  as $$ select sha256(convert_to(evidence_row_content(content, skip), 'UTF8')) $$;

-- As in 0039, and it refuses a table with no chain rather than record nothing.
create or replace function evidence_record() returns trigger language plpgsql security definer
  set search_path = pg_catalog, public, pg_temp set timezone to 'UTC' as $$
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
  insert into evidence_batch (chain, row_ids, row_digests)
  select tg_table_name, array_agg(n.id order by n.id),
         string_agg(evidence_row_digest(to_jsonb(n), skipped), ''::bytea order by n.id)
    from evidence_new_rows n
  having count(*) > 0;
  return null;
end $$;
revoke execute on function evidence_record() from public;

-- The sealer of 0039, with pg_temp last, and a turn that looks only past what it linked last. A batch
-- leaves the pending index by being linked (an update), so until a vacuum the index keeps an entry for
-- every batch linked since the last one, and a turn that walked the whole index read them all again:
-- 20 to 50 ms a second after 100,000 batches with autovacuum off (this project's test host), and the
-- access log's cost on the client file 24 % where it was 7 % with no sealer (docs/performance.md). So a
-- chain remembers the last batch id it linked, and the every-second turn (`recent`) looks past it only.
-- A batch whose transaction committed after a later one was linked has a lower id: the full turn (every
-- 30 seconds, and before every check and anchor) links it; the chain's order is the order of linking.
alter table evidence_chain add column last_batch_id bigint not null default 0;
update evidence_chain c set last_batch_id = coalesce((select max(b.id) from evidence_batch b
                                                       where b.chain = c.chain and b.seq is not null), 0);

drop function evidence_seal(text);
create function evidence_seal(only_chain text default null, recent boolean default false) returns bigint
  language plpgsql security definer set search_path = pg_catalog, public, pg_temp as $$
declare
  target text;
  past bigint;
  linked bigint := 0;
  n bigint;
begin
  for target in
    select c.chain from evidence_chain c
     where (only_chain is null or c.chain = only_chain)
       and exists (select 1 from evidence_batch b
                    where b.chain = c.chain and b.seq is null
                      and b.id > case when recent then c.last_batch_id else 0 end)
     order by 1
  loop
    select case when recent then c.last_batch_id else 0 end into past
      from evidence_chain c where c.chain = target for update skip locked;
    continue when not found;
    with pending as (
      select b.id, c.batches + row_number() over w as seq,
             evidence_fold(c.last_digest, convert_to(b.row_ids::text, 'UTF8') || b.row_digests) over w as digest,
             c.rows + sum(cardinality(b.row_ids)) over w as rows
        from evidence_batch b join evidence_chain c on c.chain = b.chain
       where b.chain = target and b.seq is null and b.id > past
      window w as (order by b.id rows between unbounded preceding and current row)
    ), linked_batches as (
      update evidence_batch b set seq = p.seq, digest = p.digest from pending p where b.id = p.id
      returning b.id, p.seq, p.digest, p.rows
    ), head as (
      update evidence_chain c set batches = l.seq, rows = l.rows, last_digest = l.digest,
             last_batch_id = greatest(c.last_batch_id, (select max(id) from linked_batches))
        from (select * from linked_batches order by seq desc limit 1) l
       where c.chain = target
    )
    select count(*) into n from linked_batches;
    linked := linked + n;
  end loop;
  return linked;
end $$;

create or replace function evidence_track(target text) returns void language plpgsql
  set search_path = pg_catalog, public, pg_temp set timezone to 'UTC' as $$
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
  on conflict (chain) do update set rows = 0, batches = 0, last_batch_id = 0, last_digest = excluded.last_digest,
                                    skip = excluded.skip;
  execute format(
    'insert into evidence_batch (chain, row_ids, row_digests)
     select $1, array_agg(x.id order by x.id), string_agg(x.digest, ''''::bytea order by x.id)
       from (select t.id, (row_number() over (order by t.id) - 1) / 10000 as chunk,
                    evidence_row_digest(to_jsonb(t), $2) as digest
               from %I t) x
      group by x.chunk order by x.chunk', target) using target, skip;
  perform evidence_seal(target);
  execute format('create trigger %I after insert on %I referencing new table as evidence_new_rows
                  for each statement execute function evidence_record()', target || '_zz_evidence', target);
end $$;
revoke execute on function evidence_track(text) from public;
