// Chain heads anchored outside the database (issue 37, evidence/anchors.ts): a superuser who rewrites a
// row and chains the whole table anew leaves a chain sound from end to end, which only the heads kept in
// DATA_DIR, under a key the database never holds, show to be another than the one anchored.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANCHORS_FILE, anchorKey } from '../src/evidence/anchors';
import { verifyEvidence, type EvidenceReport } from '../src/evidence/verify';
import { bearer, startTestApp, type TestApp } from './helper';

let t: TestApp;
let admin: Record<string, string>;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-anchors-'));
const file = path.join(dataDir, ANCHORS_FILE);

beforeAll(async () => {
  t = await startTestApp({ seed: 'demo', config: { evidenceAnchorMinutes: 60, dataDir } });
  admin = bearer(await t.tokenFor('admin'));
  // The first anchor is written as the server starts.
  const deadline = Date.now() + 60_000;
  while (!(fs.existsSync(file) && fs.readFileSync(file, 'utf8').includes('\n')) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 100));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const evidence = async () => {
  const response = await t.app.inject({ url: '/management/evidence', headers: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<EvidenceReport>();
};

// Each check reads every chain: tens of seconds on a machine running other suites.
describe('evidence anchored outside the database', { timeout: 120_000 }, () => {
  it('is written at start, private, signed, and checked', async () => {
    expect(fs.statSync(file).mode & 0o077).toBe(0);
    const [anchor] = fs
      .readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(anchor.heads.find((head: { chain: string }) => head.chain === 'card_orderlog').rows).toBeGreaterThan(10);
    expect(anchor.mac).toMatch(/^[0-9a-f]{64}$/);
    const report = await evidence();
    expect(report).toMatchObject({ intact: true, anchors: { read: 1, forged: 0 } });
  });

  // Whoever rewrites a row must link its chain anew to hide it, and a chain linked anew is another chain:
  // its batches are not the ones anchored, whether or not a row changed. That is what the anchors find.
  it('finds a row rewritten and its whole chain made anew behind the server’s back', async () => {
    const [row] = await t.db.query<{ id: number }>(`select id from card_orderlog order by id offset 3 limit 1`);
    await t.db.transaction(async (tx) => {
      await tx.query(`set local session_replication_role = replica`);
      await tx.query(`update card_orderlog set comment = 'réécrit{}VALIDATED{}manager' where id = $1`, [row!.id]);
    });
    // As a superuser can: every digest and the head recomputed, so the chain is sound again in itself.
    await t.db.query(`select evidence_track('card_orderlog')`);
    const unanchored = await verifyEvidence(t.db);
    expect(unanchored.chains.find((c) => c.chain === 'card_orderlog')!.intact).toBe(true);
    const report = await evidence();
    expect(report.intact).toBe(false);
    // Found at the first batch of the new chain that reaches an anchored place: the table was linked anew
    // as one batch (fewer than 10,000 rows), which covers the first anchored place.
    const broken = report.chains.find((c) => c.chain === 'card_orderlog')!;
    expect(broken).toMatchObject({ intact: false, firstBroken: { reason: 'not as anchored', batch: 1 } });
    // The other chains, not linked anew, still are as anchored.
    expect(report.chains.filter((c) => !c.intact).map((c) => c.chain)).toEqual(['card_orderlog']);
  });

  it('counts a line of the anchors’ file edited by hand as forged, and leaves sound lines of others aside', async () => {
    const lines = fs.readFileSync(file, 'utf8').trim().split('\n');
    const edited = JSON.parse(lines[0]!);
    edited.heads[0].digest = '00'.repeat(32);
    // Signed as the server signs: a line of another database sharing DATA_DIR, and one of the format before
    // batches (no database named), whose places no chain has any more.
    const key = anchorKey(t.keys.jwtSecret);
    const mac = (signed: object) => crypto.createHmac('sha256', key).update(JSON.stringify(signed)).digest('hex');
    const heads = [{ chain: 'card_orderlog', rows: 1, digest: '00'.repeat(32) }];
    const elsewhere = { at: edited.at, database: 'another', heads };
    const earlier = { at: edited.at, heads };
    fs.writeFileSync(
      file,
      `${[
        ...lines,
        JSON.stringify(edited),
        JSON.stringify({ ...elsewhere, mac: mac(elsewhere) }),
        JSON.stringify({ ...earlier, mac: mac(earlier) }),
      ].join('\n')}\n`,
    );
    expect((await evidence()).anchors).toEqual({ read: lines.length, forged: 1, otherDatabase: 1, earlierFormat: 1 });
  });
});
