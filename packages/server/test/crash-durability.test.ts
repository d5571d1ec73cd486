// A stream of creations and staff decisions, the server SIGKILLed at a random moment and restarted: every
// acknowledged write is there, no request is decided without its history row or the reverse, and the books
// (transfers filed and validated in the stream, each holding then posting its amount) stay balanced.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeHistoryComment } from '@bank/domain';
import { FILER } from './ledger-fixtures';
import { childServer, type ChildServer } from './child-server';

const REPEATS = Number(process.env.DURABILITY_REPEATS ?? 3);
const WORKERS = 4;
const PAGE = 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface CardOrder {
  id: number;
  version: number;
  holderName: string;
  orderStatus: string;
  comment: string | null;
  [key: string]: unknown;
}

let server: ChildServer;
let headers: Record<string, string>;
/** Files the card orders the manager decides (maker is not checker). */
let filer: Record<string, string>;

/** The account the stream's transfers are filed on, funded by a correction. */
let account = 0;

beforeAll(async () => {
  server = await childServer('crash');
  await server.start();
  const manager = await server.headersFor('manager');
  const client = await server.request('POST', '/core/api/clients', manager, {
    name: 'Client durabilité',
    clientCode: 'DUR01',
  });
  const opened = await server.request('POST', '/core/api/bank-accounts', manager, {
    bankAccountNumber: 'SNDUR0000001',
    clientId: ((await client.json()) as { id: number }).id,
    bankAccountStatus: 'OPENED',
  });
  account = ((await opened.json()) as { id: number }).id;
  const correction = await server.request('POST', '/core/api/ledger-corrections', manager, {
    bankAccountId: account,
    amount: '1000000000000',
    direction: 'C',
    reason: 'Provision de test',
  });
  const { id } = (await correction.json()) as { id: number };
  const validated = await server.request(
    'PUT',
    `/core/api/ledger-corrections/${id}`,
    await server.headersFor('admin'),
    {
      id,
      version: 0,
      demandStatus: 'VALIDATED',
      comment: 'Vérifié',
    },
  );
  expect(validated.status).toBe(200);
}, 180_000);
afterAll(() => server?.cleanup(), 60_000);

/** Acknowledged (2xx received) writes, and those sent without an answer before the kill. */
const acked = {
  branches: new Set<string>(),
  orders: new Map<number, string>(),
  decisions: new Map<number, string>(),
  /** Transfers filed (id → amount), and those validated. */
  transfers: new Map<number, number>(),
  validated: new Set<number>(),
};
const inDoubt = { branches: new Set<string>(), orders: new Set<string>(), decisions: new Map<number, string>() };

const call = (method: string, url: string, body?: unknown, as = headers) => server.request(method, url, as, body);

async function readAll<T>(url: string): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 0; ; page++) {
    const response = await call('GET', `${url}${url.includes('?') ? '&' : '?'}size=${PAGE}&page=${page}`);
    expect(response.status, url).toBe(200);
    const batch = (await response.json()) as T[];
    rows.push(...batch);
    if (batch.length < PAGE) return rows;
  }
}

/**
 * Writes until the server dies: new branches, new pending card orders and decisions on acknowledged ones,
 * transfers filed and validated.
 */
async function stream(rep: number, undecided: CardOrder[], transfers: CardOrder[]): Promise<number> {
  let sequence = 0;
  let sent = 0;
  const worker = async () => {
    for (;;) {
      const n = `${rep}-${sequence++}`;
      const choice = Math.random();
      try {
        if (choice < 0.15 || (choice < 0.25 && transfers.length === 0)) {
          const amount = 1000 + Math.floor(Math.random() * 100) * 1000;
          sent++;
          const response = await call(
            'POST',
            '/core/api/transfers',
            { amount: String(amount), bankAccountId: account, demandStatus: 'PENDING' },
            filer,
          );
          expect(response.status).toBe(201);
          const created = (await response.json()) as CardOrder;
          acked.transfers.set(created.id, amount);
          transfers.push(created);
        } else if (choice < 0.25) {
          const transfer = transfers.splice(Math.floor(Math.random() * transfers.length), 1)[0]!;
          sent++;
          const response = await call('PUT', `/core/api/transfers/${transfer.id}`, {
            id: transfer.id,
            version: transfer.version,
            demandStatus: 'VALIDATED',
            comment: `Virement ${n}`,
          });
          expect(response.status).toBe(200);
          acked.validated.add(transfer.id);
        } else if (choice < 0.45) {
          const name = `Agence crash ${n}`;
          inDoubt.branches.add(name);
          sent++;
          const response = await call('POST', '/core/api/branches', { name, code: `C${n}` });
          expect(response.status).toBe(201);
          inDoubt.branches.delete(name);
          acked.branches.add(name);
        } else if (choice < 0.6 || undecided.length === 0) {
          const holderName = `Titulaire ${n}`;
          inDoubt.orders.add(holderName);
          sent++;
          const response = await call('POST', '/core/api/card-orders', { holderName, orderStatus: 'PENDING' }, filer);
          expect(response.status).toBe(201);
          const created = (await response.json()) as CardOrder;
          inDoubt.orders.delete(holderName);
          acked.orders.set(created.id, holderName);
          undecided.push(created);
        } else {
          const order = undecided.splice(Math.floor(Math.random() * undecided.length), 1)[0]!;
          const comment = `Décision ${n}`;
          inDoubt.decisions.set(order.id, comment);
          sent++;
          const response = await call('PUT', `/core/api/card-orders/${order.id}`, {
            ...order,
            orderStatus: 'VALIDATED',
            comment,
          });
          expect(response.status).toBe(200);
          inDoubt.decisions.delete(order.id);
          acked.decisions.set(order.id, comment);
        }
      } catch (error) {
        if (error instanceof TypeError) return; // fetch failed: the server is gone
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, worker));
  return sent;
}

/** Checks every acknowledged write and the request/history pairs; returns how many in-doubt writes landed. */
async function verify(): Promise<{ landed: number }> {
  const branches = new Set((await readAll<{ name: string }>('/core/api/branches')).map((b) => b.name));
  const lostBranches = [...acked.branches].filter((name) => !branches.has(name));
  const orders = new Map((await readAll<CardOrder>('/core/api/card-orders')).map((o) => [o.id, o]));
  const lostOrders = [...acked.orders].filter(([id, holder]) => orders.get(id)?.holderName !== holder);
  const lostDecisions = [...acked.decisions].filter(
    ([id, comment]) => orders.get(id)?.orderStatus !== 'VALIDATED' || orders.get(id)?.comment !== comment,
  );
  expect({ lostBranches, lostOrders, lostDecisions }).toEqual({ lostBranches: [], lostOrders: [], lostDecisions: [] });

  const logs = await readAll<{ cardOrderId: number; comment: string }>('/core/api/card-orderlogs');
  const logsByOrder = new Map<number, string[]>();
  for (const log of logs) logsByOrder.set(log.cardOrderId, [...(logsByOrder.get(log.cardOrderId) ?? []), log.comment]);
  const halfWritten: string[] = [];
  for (const order of orders.values()) {
    const entries = logsByOrder.get(order.id) ?? [];
    const decided = order.orderStatus !== 'PENDING';
    if (decided !== (entries.length === 1))
      halfWritten.push(`order ${order.id} ${order.orderStatus}: ${entries.length} log rows`);
    for (const entry of entries) {
      const { status, observation } = decodeHistoryComment(entry);
      if (status !== order.orderStatus || observation !== order.comment)
        halfWritten.push(`order ${order.id}: log "${entry}"`);
    }
  }
  for (const id of logsByOrder.keys()) if (!orders.has(id)) halfWritten.push(`log rows of a missing order ${id}`);
  expect(halfWritten).toEqual([]);

  // Every validated transfer posted, once; every other one holding its amount; the books balanced.
  const transfers = new Map((await readAll<CardOrder>('/core/api/transfers')).map((t) => [t.id, t]));
  const unvalidated = [...acked.validated].filter((id) => transfers.get(id)?.demandStatus !== 'VALIDATED');
  expect(unvalidated).toEqual([]);
  const books = await server.request('GET', '/management/ledger', await server.headersFor('admin'));
  const report = (await books.json()) as { balanced: boolean; checks: Array<{ ok: boolean; name: string }> };
  expect(report.checks.filter((c) => !c.ok)).toEqual([]);
  expect(report.balanced).toBe(true);

  const landed =
    [...inDoubt.branches].filter((name) => branches.has(name)).length +
    [...orders.values()].filter((o) => inDoubt.orders.has(o.holderName)).length +
    [...inDoubt.decisions].filter(([id]) => orders.get(id)?.orderStatus === 'VALIDATED').length;
  return { landed };
}

describe(`durability under SIGKILL (${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite in DATA_DIR'})`, () => {
  it(
    `keeps every acknowledged write through ${REPEATS} kills at random moments`,
    // Each round restarts the embedded database and reads every order, log and transfer back (each list now
    // on record in the access log, each history row chained): beside CI's other lane a round has taken
    // over a minute, and a restart alone more than 90 s once (2026-11-29: 210 s were not enough for three,
    // 107 s alone; then 277 s with one restart that did not answer within 90 s).
    { timeout: 120_000 + REPEATS * 150_000 },
    async () => {
      let sent = 0;
      let landed = 0;
      let doubted = 0;
      for (let rep = 1; rep <= REPEATS; rep++) {
        headers = await server.headersFor('manager');
        filer = await server.headersFor(FILER);
        // Pending orders acknowledged before this round, to decide during it.
        const undecided = (await readAll<CardOrder>('/core/api/card-orders?orderStatus.equals=PENDING')).slice(0, 200);
        // The kill comes at a random moment once this round has had a decision acknowledged (or after 30 s
        // without one, which the last assertion reports): a fixed window from the start held none when the
        // machine was busy (CI, 2026-11-28: 20 writes in 3 rounds).
        const decisionsBefore = acked.decisions.size;
        const waitUntil = Date.now() + 30_000;
        const killer = (async () => {
          while (acked.decisions.size === decisionsBefore && Date.now() < waitUntil) await sleep(10);
          await sleep(Math.floor(Math.random() * 1200));
          await server.kill();
        })();
        const openTransfers = (
          await readAll<CardOrder>(`/core/api/transfers?demandStatus.equals=PENDING&bankAccountId.equals=${account}`)
        ).slice(0, 200);
        sent += await stream(rep, undecided, openTransfers);
        await killer;
        doubted += inDoubt.branches.size + inDoubt.orders.size + inDoubt.decisions.size;
        await server.start();
        headers = await server.headersFor('manager');
        filer = await server.headersFor(FILER);
        landed += (await verify()).landed;
        inDoubt.branches.clear();
        inDoubt.orders.clear();
        inDoubt.decisions.clear();
      }
      const total = acked.branches.size + acked.orders.size + acked.decisions.size;
      console.info(
        `durability (${server.backend}): ${REPEATS} SIGKILLs survived, ${sent} writes sent, ${total} acknowledged ` +
          `(${acked.branches.size} branches, ${acked.orders.size} card orders, ${acked.decisions.size} decisions, ` +
          `${acked.transfers.size} transfers filed, ${acked.validated.size} validated), 0 lost; books balanced; ` +
          `${doubted} unanswered at the kill, ${landed} of them landed; every decision has its history row`,
      );
      expect(acked.decisions.size).toBeGreaterThan(0);
    },
  );
});
