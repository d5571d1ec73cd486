-- Chaining a table's existing rows (evidence_track: migration 0031 on an existing database, and a
-- bank-scale seed after its bulk load) in one pass. The first version walked the rows in PL/pgSQL, one
-- digest and one temporary-table insert per row: 5,000,000 transactions took over 15 minutes. The chain
-- is now a running aggregate (evidence_fold) over the rows in id order, computed as a window by a single
-- UPDATE. The digests are those the insert trigger (evidence_link) gives: the previous digest (the first
-- row's is SHA-256 of the table's name) followed by the row's content, jsonb text without nulls,
-- generated columns and the chain's own columns, timestamps in UTC.
create function evidence_step(state bytea, first bytea, content text) returns bytea
  language sql immutable parallel safe
  as $$ select sha256(coalesce(state, first) || convert_to(content, 'UTF8')) $$;

create aggregate evidence_fold(bytea, text) (sfunc = evidence_step, stype = bytea);

create or replace function evidence_track(target text) returns void language plpgsql set timezone to 'UTC' as $$
declare
  skip text[];
  first bytea := sha256(convert_to(target, 'UTF8'));
  n bigint;
  digest bytea;
begin
  execute format('alter table %I add column if not exists chain_seq bigint, add column if not exists chain_digest bytea',
                 target);
  select array['chain_seq', 'chain_digest'] || coalesce(array_agg(attname::text order by attnum), '{}')
    into skip
    from pg_attribute
   where attrelid = target::regclass and attgenerated <> '' and not attisdropped;
  perform evidence_untrack(target);
  -- The rows are history: their own guard (and counters) must not fire for this one rewrite.
  execute format('alter table %I disable trigger user', target);
  execute format(
    'update %1$I t set chain_seq = c.seq, chain_digest = c.digest
       from (select x.id, row_number() over w as seq,
                    evidence_fold($1, jsonb_strip_nulls(to_jsonb(x) - $2)::text) over w as digest
               from %1$I x
             window w as (order by x.id rows between unbounded preceding and current row)) c
      where c.id = t.id', target) using first, skip;
  execute format('alter table %I enable trigger user', target);
  execute format('select count(*), (select chain_digest from %1$I order by id desc limit 1) from %1$I', target)
    into n, digest;
  insert into evidence_chain (chain, rows, last_digest, skip) values (target, n, coalesce(digest, first), skip)
    on conflict (chain) do update set rows = excluded.rows, last_digest = excluded.last_digest, skip = excluded.skip;
  execute format('create trigger %I before insert on %I for each row execute function evidence_link()',
                 target || '_zz_evidence', target);
  execute format('create constraint trigger %I after insert on %I deferrable initially deferred
                  for each row execute function evidence_seal()', target || '_zz_evidence_seal', target);
end $$;
