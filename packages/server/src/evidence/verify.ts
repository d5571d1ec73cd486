// Whether the evidence is intact (`npm run evidence:verify`, `GET management/evidence`): every chained table
// (migration 0031, docs/evidence.md) is read in chain order and each row's digest recomputed here, with
// Node's own SHA-256, from its content as the database renders it: a row rewritten, deleted or inserted
// behind the server's back (triggers off, a superuser) breaks its chain from that row on.
import crypto from 'node:crypto';
import type { Database, Queryable } from '../db/database';
import { quote } from '../db/schema';

export interface BrokenRow {
  /** The row's id; absent when rows are missing at the chain's end. */
  id?: number;
  /** Its place in the chain, or the place where a row is missing. */
  chainSeq: number | null;
  reason: 'changed' | 'missing' | 'unchained' | 'missing at the end' | 'not as anchored';
}

export interface ChainReport {
  chain: string;
  rows: number;
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
  /** The heads anchored outside the database (anchors.ts) checked against: lines read and lines forged. */
  anchors: { read: number; forged: number };
}

/** Chain heads anchored outside the database: by chain, the digest (hex) after each anchored row count. */
export interface Anchored {
  byChain: Map<string, Map<number, string>>;
  anchors: number;
  forged: number;
}

/** Rows fetched from a chain's cursor at a time. */
const FETCH = 5000;

/** The digest a chain starts from: its table's name, so that no row of one table fits another. */
const genesis = (chain: string) => crypto.createHash('sha256').update(chain, 'utf8').digest();

async function verifyChain(
  tx: Queryable,
  head: { chain: string; rows: number; last_digest: Buffer; skip: string[] },
  anchored: Map<number, string> = new Map(),
): Promise<ChainReport> {
  let previous = genesis(head.chain);
  let expected = 1;
  let firstBroken: BrokenRow | undefined;
  // The same content the insert trigger hashed: jsonb text without nulls and skipped keys (UTC set below).
  await tx.query(
    `declare evidence_rows no scroll cursor for
       select id, chain_seq, chain_digest, jsonb_strip_nulls(to_jsonb(t) - $1::text[])::text as content
         from ${quote(head.chain)} t order by chain_seq nulls last, id`,
    [head.skip],
  );
  try {
    for (;;) {
      const rows = await tx.query<{
        id: string;
        chain_seq: string | null;
        chain_digest: Buffer | null;
        content: string;
      }>(`fetch ${FETCH} from evidence_rows`);
      for (const row of rows) {
        const seq = row.chain_seq === null ? null : Number(row.chain_seq);
        const id = Number(row.id);
        if (seq === null || row.chain_digest === null) firstBroken = { id, chainSeq: null, reason: 'unchained' };
        else if (seq !== expected) firstBroken = { id, chainSeq: expected, reason: 'missing' };
        else {
          const digest = crypto.createHash('sha256').update(previous).update(row.content, 'utf8').digest();
          if (!digest.equals(row.chain_digest)) firstBroken = { id, chainSeq: seq, reason: 'changed' };
          // Chained anew after a rewrite: sound from end to end, but not what was anchored (the rewritten row
          // is this one or one before it).
          else if ((anchored.get(seq) ?? digest.toString('hex')) !== digest.toString('hex'))
            firstBroken = { id, chainSeq: seq, reason: 'not as anchored' };
          previous = digest;
        }
        if (firstBroken) break;
        expected++;
      }
      if (firstBroken || rows.length < FETCH) break;
    }
  } finally {
    await tx.query('close evidence_rows');
  }
  const seen = expected - 1;
  const anchoredBeyond = Math.max(0, ...anchored.keys()) > seen;
  if (!firstBroken && (seen !== Number(head.rows) || !previous.equals(head.last_digest) || anchoredBeyond)) {
    firstBroken = { chainSeq: seen + 1, reason: 'missing at the end' };
  }
  return {
    chain: head.chain,
    rows: Number(head.rows),
    intact: !firstBroken,
    head: Buffer.from(head.last_digest).toString('hex'),
    ...(firstBroken ? { firstBroken } : {}),
  };
}

/**
 * Verifies every chain in one snapshot (repeatable read), read only, and against the heads anchored outside
 * the database when given.
 */
export async function verifyEvidence(
  db: Database,
  anchored: Anchored = { byChain: new Map(), anchors: 0, forged: 0 },
): Promise<EvidenceReport> {
  const started = performance.now();
  const chains = await db.transaction(async (tx) => {
    await tx.query('set transaction isolation level repeatable read, read only');
    await tx.query(`set local timezone to 'UTC'`);
    const heads = await tx.query<{ chain: string; rows: number; last_digest: Buffer; skip: string[] }>(
      'select chain, rows, last_digest, skip from evidence_chain order by chain',
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
    anchors: { read: anchored.anchors, forged: anchored.forged },
  };
}
