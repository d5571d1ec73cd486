-- The access log's evidence taken by the sealer, not by a trigger (issue 37: the log's cost). Each insert
-- into a chained table records its rows' digests as a batch in the same statement (0039), and the sealer
-- links that batch later with an update of its row: for the access log, written once a read, that was
-- 110 µs of PostgreSQL's CPU a statement for the trigger and 92 µs a batch for the link, against 60 µs for
-- the insert itself (one-row inserts at 4 clients, commits unflushed as the log's are, 2026-11-30;
-- docs/performance.md). A chain marked `collected` has no
-- trigger: its sealer reads the rows written since its last turn, in id order, and records and links them
-- as one batch in one insert. A batch has the same form either way, so the check is the same.
--
-- What a trigger gave and this keeps: a row's content is taken within a second of its commit, as a batch
-- was linked within a second before; until then, a row rewritten together with its batch's digest was
-- already beyond the check. Rows committed out of id order are not lost: the ids a turn passed without
-- seeing a row are kept as gaps, looked at by the next turns and given up after ten minutes (a
-- transaction rolled back, or a sequence that skipped); a row that comes after that is in no batch, which
-- the check reports.

alter table evidence_chain add column collected boolean not null default false,
  add column collected_to bigint not null default 0;

-- Ids below a collected chain's `collected_to` that had no row when the sealer passed them.
create table evidence_gap (
  chain varchar(63) not null,
  row_id bigint not null,
  seen_at timestamptz not null default now(),
  primary key (chain, row_id)
);

-- Records and links a collected chain's new rows (and those of earlier gaps), 10,000 a batch, under the
-- chain head's lock (a chain another sealer holds is skipped); returns the batches recorded. It takes rows
-- up to the last value its id sequence gave: a row with an id past it was not given one (an insert that
-- chose its own id), stays out of the chain and is reported by the check, and cannot carry the sealer
-- past the rows that come after it. Holes are bounded (10,000 ids each) all the same.
create function evidence_collect(target text) returns bigint language plpgsql security definer
  set search_path = pg_catalog, public, pg_temp set timezone to 'UTC' set datestyle to 'ISO, YMD'
  set intervalstyle to 'postgres' set extra_float_digits to 1 set bytea_output to 'hex' as $$
declare
  head evidence_chain%rowtype;
  given bigint;
  gaps bigint[];
  ids bigint[];
  digests bytea;
  linked bytea;
  recorded bigint := 0;
begin
  loop
    select * into head from evidence_chain where chain = target and collected for update skip locked;
    exit when not found;
    given := coalesce(pg_sequence_last_value(pg_get_serial_sequence(target, 'id')::regclass), 0);
    select array_agg(row_id) into gaps from evidence_gap where chain = target;
    -- Two scans of the primary key: an OR of both would read the whole table.
    execute format(
      'select array_agg(x.id order by x.id), string_agg(x.digest, ''''::bytea order by x.id)
         from ((select t.id, sha256(convert_to(evidence_row_text(t), ''UTF8'')) as digest
                  from %1$I t where t.id > $1 and t.id <= $3 order by t.id limit 10000)
               union all
               select t.id, sha256(convert_to(evidence_row_text(t), ''UTF8''))
                 from %1$I t where t.id = any($2) and t.id <= $1) x', target)
      into ids, digests using head.collected_to, coalesce(gaps, '{}'), given;
    exit when ids is null;
    linked := sha256(head.last_digest || convert_to(ids::text, 'UTF8') || digests);
    insert into evidence_batch (chain, row_ids, row_digests, format, seq, digest)
    values (target, ids, digests, 2, head.batches + 1, linked);
    insert into evidence_gap (chain, row_id)
    select target, g
      from (select i, lag(i, 1, head.collected_to) over (order by i) as previous
              from unnest(ids) i where i > head.collected_to) n
      cross join lateral generate_series(n.previous + 1, least(n.i - 1, n.previous + 10000)) g
     where n.i > n.previous + 1
    on conflict do nothing;
    if gaps is not null then
      delete from evidence_gap where chain = target and row_id = any(ids);
    end if;
    update evidence_chain set rows = rows + cardinality(ids), batches = batches + 1, last_digest = linked,
           collected_to = greatest(collected_to, ids[cardinality(ids)])
     where chain = target;
    recorded := recorded + 1;
    exit when cardinality(ids) < 10000;
  end loop;
  delete from evidence_gap where chain = target and seen_at < now() - interval '10 minutes';
  return recorded;
end $$;
revoke execute on function evidence_collect(text) from public;

-- As in 0040, and then the collected chains.
create or replace function evidence_seal(only_chain text default null, recent boolean default false) returns bigint
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
  for target in
    select c.chain from evidence_chain c where c.collected and (only_chain is null or c.chain = only_chain) order by 1
  loop
    linked := linked + evidence_collect(target);
  end loop;
  return linked;
end $$;

-- As in 0042; a collected chain gets no trigger, and its sealer starts after the rows recorded here.
create or replace function evidence_track(target text) returns void language plpgsql
  set search_path = pg_catalog, public, pg_temp set timezone to 'UTC' set datestyle to 'ISO, YMD'
  set intervalstyle to 'postgres' set extra_float_digits to 1 set bytea_output to 'hex' as $$
declare
  skip text[];
  content text;
  collecting boolean;
begin
  select coalesce(array_agg(attname::text order by attnum), '{}') into skip
    from pg_attribute
   where attrelid = target::regclass and attgenerated <> '' and not attisdropped;
  perform evidence_untrack(target);
  delete from evidence_batch where chain = target;
  delete from evidence_gap where chain = target;
  insert into evidence_chain (chain, rows, batches, last_digest, skip)
  values (target, 0, 0, sha256(convert_to(target, 'UTF8')), skip)
  on conflict (chain) do update set rows = 0, batches = 0, last_batch_id = 0, last_digest = excluded.last_digest,
                                    skip = excluded.skip
  returning collected into collecting;
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
  if collecting then
    if cardinality(skip) > 0 then
      raise exception 'a collected chain takes its rows as text: % has generated columns', target;
    end if;
    execute format('update evidence_chain set collected_to = least(coalesce((select max(id) from %I), 0),
                      coalesce(pg_sequence_last_value(pg_get_serial_sequence($1, ''id'')::regclass), 0))
                     where chain = $1', target) using target;
  end if;
  perform evidence_seal(target);
  if not collecting then
    execute format('create trigger %I after insert on %I referencing new table as evidence_new_rows
                    for each statement execute function evidence_record()', target || '_zz_evidence', target);
  end if;
end $$;
revoke execute on function evidence_track(text) from public;

-- The access log changes hands: what its trigger recorded is linked, then its sealer takes over from the
-- last row, no insert in between.
lock table access_log in share row exclusive mode;
select evidence_seal('access_log');
drop trigger access_log_zz_evidence on access_log;
update evidence_chain set collected = true,
       collected_to = least(coalesce((select max(id) from access_log), 0),
                            coalesce(pg_sequence_last_value(pg_get_serial_sequence('access_log', 'id')::regclass), 0))
 where chain = 'access_log';
