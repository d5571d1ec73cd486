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
  /** The database the heads are of (its name): one DATA_DIR may serve several on a developer's machine. */
  database: string;
  heads: AnchoredHead[];
  /** HMAC-SHA256 of `at`, `database` and `heads` (hex). */
  mac: string;
}

/** Chain heads anchored outside the database: by chain, the digest (hex) after each anchored row count. */
export interface Anchored {
  byChain: Map<string, Map<number, string>>;
  /** Lines of this database whose MAC holds. */
  anchors: number;
  /** Lines that do not parse or whose MAC fails (edited by hand, or written under another key). */
  forged: number;
  /** Sound lines of another database, left aside. */
  otherDatabase: number;
  /**
   * Sound lines written before anchors named their database, which was before the chains were batches
   * (migration 0039): their places are not a batch's end any more. Kept, not checked.
   */
  earlierFormat: number;
}

export const NO_ANCHORS: Anchored = { byChain: new Map(), anchors: 0, forged: 0, otherDatabase: 0, earlierFormat: 0 };

/** The anchors' key, derived from the server's signing secret (never in the database). */
export const anchorKey = (jwtSecret: Uint8Array) =>
  Buffer.from(crypto.hkdfSync('sha256', jwtSecret, new Uint8Array(0), 'evidence anchors', 32));

/** The MAC of an anchor; the lines of the earlier format had no database. */
const macOf = (key: Uint8Array, anchor: Omit<Anchor, 'mac' | 'database'> & { database?: string }) =>
  crypto
    .createHmac('sha256', key)
    .update(
      JSON.stringify(
        anchor.database === undefined
          ? { at: anchor.at, heads: anchor.heads }
          : { at: anchor.at, database: anchor.database, heads: anchor.heads },
      ),
    )
    .digest('hex');

const macHolds = (key: Uint8Array, anchor: Anchor) => {
  const expected = Buffer.from(macOf(key, anchor), 'hex');
  const given = Buffer.from(String(anchor.mac), 'hex');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
};

/** Links what was written, reads the chains' heads and appends them, signed, to `file`. */
export async function writeAnchor(db: Pick<Queryable, 'query'>, file: string, key: Uint8Array): Promise<Anchor> {
  await sealEvidence(db);
  const rows = await db.query<{ chain: string; rows: string; digest: string }>(
    `select chain, rows::text, encode(last_digest, 'hex') as digest from evidence_chain order by chain`,
  );
  const [{ database }] = (await db.query<{ database: string }>('select current_database() as database')) as [
    { database: string },
  ];
  const at = new Date().toISOString();
  const heads = rows.map((row) => ({ chain: row.chain, rows: Number(row.rows), digest: row.digest }));
  const anchor = { at, database, heads, mac: macOf(key, { at, database, heads }) };
  fs.appendFileSync(file, `${JSON.stringify(anchor)}\n`, { mode: 0o600 });
  return anchor;
}

/** The anchored heads of `database` in `file` whose MAC holds, by chain (several places per chain). */
export function readAnchors(file: string, key: Uint8Array, database: string): Anchored {
  const read: Anchored = { ...NO_ANCHORS, byChain: new Map() };
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  for (const line of text.split('\n').filter(Boolean)) {
    let anchor: Anchor;
    try {
      anchor = JSON.parse(line) as Anchor;
      if (!macHolds(key, anchor)) throw new Error('mac');
    } catch {
      read.forged++;
      continue;
    }
    if (anchor.database === undefined) read.earlierFormat++;
    else if (anchor.database !== database) read.otherDatabase++;
    else {
      for (const head of anchor.heads) {
        if (head.rows === 0) continue;
        const places = read.byChain.get(head.chain) ?? new Map<number, string>();
        places.set(head.rows, head.digest);
        read.byChain.set(head.chain, places);
      }
      read.anchors++;
    }
  }
  return read;
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
