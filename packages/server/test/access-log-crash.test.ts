// Who saw what survives a crash: staff read client files while the server is SIGKILLed at a random
// moment; after the restart, every read that got its answer has its access-log row (the batched writer
// answers a read only once its batch is committed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childServer, type ChildServer } from './child-server';

const CLIENTS = 20;
const WORKERS = 4;

let server: ChildServer;

beforeAll(async () => {
  server = await childServer('access_crash');
  await server.start();
}, 180_000);
afterAll(() => server?.cleanup(), 60_000);

describe(`access log under SIGKILL (${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'})`, () => {
  it('keeps the row of every acknowledged read', { timeout: 180_000 }, async () => {
    const manager = await server.headersFor('manager');
    const clients: number[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      const response = await server.request('POST', '/core/api/clients', manager, { name: `Client lu ${i}` });
      expect(response.status).toBe(201);
      clients.push(((await response.json()) as { id: number }).id);
    }

    const acknowledged = new Map<number, number>(clients.map((id) => [id, 0]));
    const unanswered = new Map<number, number>(clients.map((id) => [id, 0]));
    const worker = async (offset: number) => {
      for (let n = offset; ; n += WORKERS) {
        const id = clients[n % CLIENTS]!;
        unanswered.set(id, unanswered.get(id)! + 1);
        try {
          const response = await server.request('GET', `/core/api/clients/${id}`, manager);
          expect(response.status).toBe(200);
          await response.arrayBuffer();
        } catch (error) {
          if (error instanceof TypeError) return; // fetch failed: the server is gone
          throw error;
        }
        unanswered.set(id, unanswered.get(id)! - 1);
        acknowledged.set(id, acknowledged.get(id)! + 1);
      }
    };
    const killer = new Promise<void>((resolve) =>
      setTimeout(() => void server.kill().then(resolve), 800 + Math.floor(Math.random() * 1200)),
    );
    await Promise.all(Array.from({ length: WORKERS }, (_, i) => worker(i)));
    await killer;

    await server.start();
    const admin = await server.headersFor('admin');
    const missing: string[] = [];
    let logged = 0;
    for (const id of clients) {
      const response = await server.request('GET', `/management/access-log?clientId=${id}&size=1000`, admin);
      expect(response.status).toBe(200);
      const rows = ((await response.json()) as { what: string }[]).filter((row) => row.what === 'client').length;
      logged += rows;
      // At least every acknowledged read; at most those plus the ones cut by the kill.
      if (rows < acknowledged.get(id)! || rows > acknowledged.get(id)! + unanswered.get(id)!)
        missing.push(`client ${id}: ${rows} rows for ${acknowledged.get(id)} acknowledged reads`);
    }
    const total = [...acknowledged.values()].reduce((a, b) => a + b, 0);
    console.info(
      `access log (${server.backend}): SIGKILL after ${total} acknowledged reads, ${logged} rows after restart`,
    );
    expect(missing).toEqual([]);
    expect(total).toBeGreaterThan(0);
  });
});
