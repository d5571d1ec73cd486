// Whether the evidence is intact (`npm run evidence:verify`, `GET management/evidence`): for every chained
// table (migrations 0031, 0039; docs/evidence.md) each row's digest is recomputed here, with Node's own
// SHA-256, from its content as the database renders it, and compared with the one its batch recorded; then
// the batches' chain is walked in order, each link recomputed. A row rewritten, deleted or inserted behind
// the server's back (triggers off, a superuser) is found, and so is a batch rewritten or taken away.
import crypto from 'node:crypto';
import type { Database, Queryable } from '../db/database';
import { quote } from '../db/schema';
import { NO_ANCHORS, readAnchors } from './anchors';
import { sealEvidence } from './seal';

export interface BrokenRow {
  /** The row's id (for a batch, its first row's); absent when batches are missing at the chain's end. */
  id?: number;
  /** The place in the chain of the row's batch, or of the batch that is wrong; null for a row in no batch. */
  batch: number | null;
  reason:
    | 'changed'
    | 'missing'
    | 'unchained'
    | 'recorded twice'
    | 'batch changed'
    | 'batch missing'
    | 'missing at the end'
    | 'not as anchored';
}

export interface ChainReport {
  chain: string;
  rows: number;
  /**
   * Batches recorded but not linked yet (written while the check ran): their rows are checked all the same.
   * For a chain its sealer collects (migration 0043), the rows it has not taken yet.
   */
  pending: number;
  intact: boolean;
  /** The chain's last digest (hex), as the head records it: worth keeping outside the database. */
  head: string;
  firstBroken?: BrokenRow;
}

export interface EvidenceReport {
  intact: boolean;
  checkedAt: string;
  ms: number;
  chains: ChainReport[];
  /**
   * The heads anchored outside the database (anchors.ts) checked against: this database's lines read, lines
   * forged, and sound lines left aside (of another database, or of the format before batches).
   */
  anchors: { read: number; forged: number; otherDatabase: number; earlierFormat: number };
}

interface Head {
  chain: string;
  rows: string;
  batches: string;
  last_digest: Buffer;
  skip: string[];
  /**
   * A chain whose sealer takes its rows (0043): rows past `collected_to` up to the last id its sequence
   * gave (`given`), or in a gap, wait for it.
   */
  collected: boolean;
  collected_to: string;
  given: string;
  gaps: string[] | null;
}

/** Rows fetched from a cursor at a time. */
const FETCH = 5000;
/** What a row's text depends on, as the evidence trigger sets it. */
const CONTENT_SETTINGS = [
  "timezone to 'UTC'",
  "datestyle to 'ISO, YMD'",
  "intervalstyle to 'postgres'",
  'extra_float_digits to 1',
  "bytea_output to 'hex'",
];
const DIGEST_BYTES = 32;

/** The digest a chain starts from: its table's name, so that no batch of one table fits another. */
const genesis = (chain: string) => crypto.createHash('sha256').update(chain, 'utf8').digest();
const sha256 = (content: string) => crypto.createHash('sha256').update(content, 'utf8').digest();

/** Reads `sql`'s rows through a cursor, FETCH at a time, until `visit` returns false. */
async function walk<T>(tx: Queryable, sql: string, params: unknown[], visit: (row: T) => boolean): Promise<void> {
  await tx.query(`declare evidence_walk no scroll cursor for ${sql}`, params);
  try {
    for (;;) {
      const rows = await tx.query<T>(`fetch ${FETCH} from evidence_walk`);
      for (const row of rows) if (!visit(row)) return;
      if (rows.length < FETCH) return;
    }
  } finally {
    await tx.query('close evidence_walk');
  }
}

/**
 * The rows against what their batches recorded, in id order: every row in exactly one batch, with the
 * digest of its content as its batch took it (format 2: the row's text without trailing nulls; 1: jsonb
 * text without nulls and skipped keys), under the output settings set by the caller.
 */
async function firstBrokenRow(tx: Queryable, head: Head): Promise<{ broken?: BrokenRow; waiting: number }> {
  let broken: BrokenRow | undefined;
  let waiting = 0;
  const gaps = new Set(head.gaps ?? []);
  const [collectedTo, given] = [BigInt(head.collected_to), BigInt(head.given)];
  /**
   * A row of a collected chain that its sealer has not reached yet: not broken, waiting. Ids compared as
   * text: a row's id comes as a number (int8 parsed), the gaps as text.
   */
  const waits = (id: string | number) =>
    head.collected && ((BigInt(id) > collectedTo && BigInt(id) <= given) || gaps.has(String(id)));
  let previousId: number | undefined;
  await walk<{
    id: string | number;
    present: boolean;
    batch: string | null;
    recorded: Buffer | null;
    content: string | null;
  }>(
    tx,
    `select coalesce(t.id, e.id) as id, t.id is not null as present, e.seq as batch, e.recorded,
            case when t.id is null then null
                 when e.format = 2 then evidence_row_text(t)
                 else evidence_row_content(to_jsonb(t), $2::text[]) end as content
       from ${quote(head.chain)} t
       full join (select u.id, b.seq, b.format, substring(b.row_digests from (u.n::int - 1) * ${DIGEST_BYTES} + 1
                                                  for ${DIGEST_BYTES}) as recorded
                    from evidence_batch b cross join lateral unnest(b.row_ids) with ordinality u(id, n)
                   where b.chain = $1) e on e.id = t.id
      order by 1`,
    [head.chain, head.skip],
    (row) => {
      const id = Number(row.id);
      const batch = row.batch === null ? null : Number(row.batch);
      if (id === previousId) broken = { id, batch, reason: 'recorded twice' };
      else if (!row.present) broken = { id, batch, reason: 'missing' };
      else if (row.recorded === null && waits(row.id)) waiting++;
      else if (row.recorded === null) broken = { id, batch: null, reason: 'unchained' };
      else if (!sha256(row.content!).equals(row.recorded)) broken = { id, batch, reason: 'changed' };
      previousId = id;
      return !broken;
    },
  );
  return { broken, waiting };
}

/** The batches' chain, link by link, against its head and the places anchored outside the database. */
async function firstBrokenLink(
  tx: Queryable,
  head: Head,
  anchored: Map<number, string>,
): Promise<BrokenRow | undefined> {
  let previous = genesis(head.chain);
  let expected = 1;
  let rows = 0;
  let broken: BrokenRow | undefined;
  // Anchored places still to meet, in order: each must fall at a batch's end with the same digest.
  const places = [...anchored.keys()].sort((a, b) => a - b);
  await walk<{ seq: string; ids: string; first_id: string; count: number; row_digests: Buffer; digest: Buffer }>(
    tx,
    `select seq, row_ids::text as ids, row_ids[1] as first_id, cardinality(row_ids) as count, row_digests, digest
       from evidence_batch where chain = $1 and seq is not null order by seq`,
    [head.chain],
    (batch) => {
      const seq = Number(batch.seq);
      const id = Number(batch.first_id);
      if (seq !== expected) broken = { id, batch: expected, reason: 'batch missing' };
      else {
        const digest = crypto.createHash('sha256').update(previous).update(batch.ids, 'utf8');
        const linked = digest.update(batch.row_digests).digest();
        rows += batch.count;
        if (!linked.equals(batch.digest) || batch.row_digests.length !== batch.count * DIGEST_BYTES)
          broken = { id, batch: seq, reason: 'batch changed' };
        // Linked anew after a rewrite: sound from end to end, but not what was anchored (the rewritten row is
        // in this batch or one before it).
        else if (places.length > 0 && places[0]! <= rows) {
          if (places[0] !== rows || anchored.get(rows) !== linked.toString('hex'))
            broken = { id, batch: seq, reason: 'not as anchored' };
          while (places.length > 0 && places[0]! <= rows) places.shift();
        }
        previous = linked;
      }
      if (!broken) expected++;
      return !broken;
    },
  );
  const seen = expected - 1;
  if (
    !broken &&
    (seen !== Number(head.batches) || rows !== Number(head.rows) || !previous.equals(head.last_digest) || places.length)
  )
    broken = { batch: seen + 1, reason: 'missing at the end' };
  return broken;
}

async function verifyChain(tx: Queryable, head: Head, anchored: Map<number, string> = new Map()): Promise<ChainReport> {
  const rows = await firstBrokenRow(tx, head);
  const firstBroken = rows.broken ?? (await firstBrokenLink(tx, head, anchored));
  const [pending] = await tx.query<{ count: number }>(
    'select count(*)::int as count from evidence_batch where chain = $1 and seq is null',
    [head.chain],
  );
  return {
    chain: head.chain,
    rows: Number(head.rows),
    pending: (pending?.count ?? 0) + rows.waiting,
    intact: !firstBroken,
    head: Buffer.from(head.last_digest).toString('hex'),
    ...(firstBroken ? { firstBroken } : {}),
  };
}

/**
 * Links what was written, then verifies every chain in one snapshot (repeatable read), read only, and
 * against the heads anchored outside the database when given.
 */
export async function verifyEvidence(
  db: Database,
  anchorsAt?: { file: string; key: Uint8Array },
): Promise<EvidenceReport> {
  const started = performance.now();
  await sealEvidence(db);
  const [{ database }] = (await db.query<{ database: string }>('select current_database() as database')) as [
    { database: string },
  ];
  const anchored = anchorsAt ? readAnchors(anchorsAt.file, anchorsAt.key, database) : NO_ANCHORS;
  const chains = await db.transaction(async (tx) => {
    await tx.query('set transaction isolation level repeatable read, read only');
    // The output settings a row's content was taken under (migration 0042).
    for (const setting of CONTENT_SETTINGS) await tx.query(`set local ${setting}`);
    const heads = await tx.query<Head>(
      `select c.chain, c.rows::text, c.batches::text, c.last_digest, c.skip, c.collected, c.collected_to::text,
              case when c.collected
                   then coalesce(pg_sequence_last_value(pg_get_serial_sequence(c.chain, 'id')::regclass), 0)
                   else 0 end::text as given,
              (select array_agg(g.row_id::text) from evidence_gap g where g.chain = c.chain) as gaps
         from evidence_chain c order by c.chain`,
    );
    const reports: ChainReport[] = [];
    for (const head of heads) reports.push(await verifyChain(tx, head, anchored.byChain.get(head.chain)));
    return reports;
  });
  return {
    intact: chains.every((chain) => chain.intact) && anchored.forged === 0,
    checkedAt: new Date().toISOString(),
    ms: Math.round(performance.now() - started),
    chains,
    anchors: {
      read: anchored.anchors,
      forged: anchored.forged,
      otherDatabase: anchored.otherDatabase,
      earlierFormat: anchored.earlierFormat,
    },
  };
}
