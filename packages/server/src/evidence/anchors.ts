// Chain heads kept outside the database (issue 37). A chain proves that no row changed since it was
// chained, unless someone who can write the tables behind the server's back (a superuser) rewrites a row
// and chains every later row anew, head included: the digests are SHA-256, which anyone can recompute. So
// each instance writes the heads it sees, every few minutes, to a file of its own in DATA_DIR (the server's
// machine, not the database's) and to its log, each line with an HMAC under a key the database never
// holds. A check then finds a chain rewritten before the last anchor: its digest at an anchored place is
// another. Rows written since the last anchor are covered by the next one.
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/database';
import { sealEvidence } from './seal';
import type { Anchored } from './verify';

/** The anchors' file in DATA_DIR: one JSON line per anchor, mode 0600. */
export const ANCHORS_FILE = 'evidence-anchors.jsonl';

export interface AnchoredHead {
  chain: string;
  rows: number;
  /** The chain's digest after its `rows`th row (hex). */
  digest: string;
}

export interface Anchor {
  at: string;
  heads: AnchoredHead[];
  /** HMAC-SHA256 of `at` and `heads` (hex). */
  mac: string;
}

/** The anchors' key, derived from the server's signing secret (never in the database). */
export const anchorKey = (jwtSecret: Uint8Array) =>
  Buffer.from(crypto.hkdfSync('sha256', jwtSecret, new Uint8Array(0), 'evidence anchors', 32));

const macOf = (key: Uint8Array, at: string, heads: AnchoredHead[]) =>
  crypto.createHmac('sha256', key).update(JSON.stringify({ at, heads })).digest('hex');

/** Links what was written, reads the chains' heads and appends them, signed, to `file`. */
export async function writeAnchor(db: Pick<Queryable, 'query'>, file: string, key: Uint8Array): Promise<Anchor> {
  await sealEvidence(db);
  const rows = await db.query<{ chain: string; rows: string; digest: string }>(
    `select chain, rows::text, encode(last_digest, 'hex') as digest from evidence_chain order by chain`,
  );
  const at = new Date().toISOString();
  const heads = rows.map((row) => ({ chain: row.chain, rows: Number(row.rows), digest: row.digest }));
  const anchor = { at, heads, mac: macOf(key, at, heads) };
  fs.appendFileSync(file, `${JSON.stringify(anchor)}\n`, { mode: 0o600 });
  return anchor;
}

/**
 * The anchored heads of `file` whose MAC holds, by chain (several places per chain); `forged` counts the
 * lines that do not parse or whose MAC fails (a file edited by hand, or written under another key).
 */
export function readAnchors(file: string, key: Uint8Array): Anchored {
  const byChain = new Map<string, Map<number, string>>();
  let anchors = 0;
  let forged = 0;
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  for (const line of text.split('\n').filter(Boolean)) {
    try {
      const anchor = JSON.parse(line) as Anchor;
      const expected = Buffer.from(macOf(key, anchor.at, anchor.heads), 'hex');
      const given = Buffer.from(String(anchor.mac), 'hex');
      if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) throw new Error('mac');
      for (const head of anchor.heads) {
        if (head.rows === 0) continue;
        const places = byChain.get(head.chain) ?? new Map<number, string>();
        places.set(head.rows, head.digest);
        byChain.set(head.chain, places);
      }
      anchors++;
    } catch {
      forged++;
    }
  }
  return { byChain, anchors, forged };
}

/** Anchors every `everyMs` (and once at start), into `file` and the log; stops with the returned function. */
export function startAnchoring(
  db: Pick<Queryable, 'query'>,
  file: string,
  key: Uint8Array,
  everyMs: number,
  log: FastifyBaseLogger,
): () => void {
  const anchor = () =>
    writeAnchor(db, file, key).then(
      (written) => log.info({ anchor: written }, 'evidence anchor'),
      (error: unknown) => log.warn({ err: error }, 'evidence anchor not written'),
    );
  void anchor();
  const timer = setInterval(() => void anchor(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
