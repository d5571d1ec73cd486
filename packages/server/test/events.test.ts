// The live work queue over real HTTP: the event stream refuses anonymous callers, opens with the
// pending counts and sends new ones after a creation and a validation; presence on a request's form
// reaches other staff when opened and left, and a heartbeat is not a new arrival; the claims of others
// on a list's rows are asked at once; a saved request reaches its readers' streams, and only a save does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PENDING_COUNTS, ROLES } from '@bank/domain';
import { insertUser } from '../src/modules/account/users';
import { mayHearAbout } from '../src/modules/events/routes';
import { hashPassword } from '../src/security/passwords';
import { FILER } from './ledger-fixtures';
import { bearer, openEventStream, startTestApp, type TestApp } from './helper';

let t: TestApp;
let base: string;
let manager: Record<string, string>;
/** Files the card orders that the manager decides (maker is not checker). */
let filer: Record<string, string>;
let desk: Record<string, string>;
let agent: Record<string, string>;
/** Signed in, but no staff role: an online-banking customer. */
let customer: Record<string, string>;

beforeAll(async () => {
  t = await startTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  manager = bearer(await t.tokenFor('manager'));
  filer = bearer(await t.tokenFor(FILER));
  desk = bearer(await t.tokenFor('responsabledesk'));
  agent = bearer(await t.tokenFor('agentsaisie'));
  await insertUser(t.db, {
    login: 'eventscustomer',
    passwordHash: await hashPassword('eventscustomer'),
    activated: true,
    authorities: [ROLES.USER],
  });
  customer = bearer(await t.tokenFor('eventscustomer'));
});
afterAll(() => t.close());

/** An event stream read as a browser's fetch would, with a queue of what arrived. */
async function openEvents(headers: Record<string, string>) {
  const stream = await openEventStream(`${base}/core/api/events`, headers);
  expect(stream.response.status).toBe(200);
  expect(stream.response.headers.get('content-type')).toContain('text/event-stream');
  return stream;
}

const call = async (method: string, path: string, headers: Record<string, string>, payload?: unknown) => {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
    body: payload ? JSON.stringify(payload) : undefined,
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reads whatever the API answers
  const body: any = response.status === 204 ? null : await response.json();
  return { status: response.status, body };
};

describe('core/api/events', () => {
  it('refuses an anonymous caller and a token in the address', async () => {
    expect((await fetch(`${base}/core/api/events`)).status).toBe(401);
    const token = manager.authorization!.replace('Bearer ', '');
    expect((await fetch(`${base}/core/api/events?access_token=${token}`)).status).toBe(401);
  });

  it('opens with the pending counts and sends new ones after a creation and a validation', async () => {
    const stream = await openEvents(desk);
    const first = await stream.next((r) => r.event === 'pending');
    const cards = first.data.cards as number;
    // Every request list of the menu has its count (issue 38).
    expect(first.data).toEqual(
      Object.fromEntries(Object.keys(PENDING_COUNTS).map((key) => [key, key === 'cards' ? cards : expect.any(Number)])),
    );

    const created = await call('POST', '/core/api/card-orders', filer, {
      holderName: 'Awa Diop',
      orderStatus: 'PENDING',
    });
    expect(created.status).toBe(201);
    await stream.next((r) => r.event === 'pending' && r.data.cards === cards + 1);

    const started = performance.now();
    const validated = await call('PUT', `/core/api/card-orders/${created.body.id}`, manager, {
      ...created.body,
      orderStatus: 'VALIDATED',
      comment: 'Carte commandée',
    });
    expect(validated.status).toBe(200);
    await stream.next((r) => r.event === 'pending' && r.data.cards === cards);
    expect(performance.now() - started).toBeLessThan(2000);
    stream.close();
  });
});

describe('core/api/presence', () => {
  it('tells other staff who opened a request and when they leave; a heartbeat is no new arrival', async () => {
    const created = await call('POST', '/core/api/card-orders', filer, {
      holderName: 'Fatou Sarr',
      orderStatus: 'PENDING',
    });
    const id = created.body.id as number;
    const stream = await openEvents(desk);
    await stream.next((r) => r.event === 'pending');

    const opened = await call('PUT', `/core/api/presence/card-orders/${id}`, manager);
    expect(opened).toEqual({ status: 200, body: [] });
    const arrival = await stream.next((r) => r.event === 'presence');
    expect(arrival.data).toEqual({
      resource: 'card-orders',
      id,
      login: 'manager',
      since: expect.any(String),
      active: true,
    });

    // The desk supervisor opens the same form: the manager is there.
    const seen = await call('PUT', `/core/api/presence/card-orders/${id}`, desk);
    expect(seen.body).toEqual([{ login: 'manager', since: arrival.data.since }]);

    const count = stream.received.length;
    expect((await call('PUT', `/core/api/presence/card-orders/${id}`, manager)).status).toBe(200);
    expect((await call('GET', `/core/api/presence/card-orders/${id}`, desk)).body).toContainEqual({
      login: 'manager',
      since: arrival.data.since,
    });
    const left = await call('DELETE', `/core/api/presence/card-orders/${id}`, manager);
    expect(left.status).toBe(204);
    const leave = await stream.next((r) => r.event === 'presence' && r.data.active === false, count);
    expect(leave.data).toMatchObject({ login: 'manager', id });
    // Between the heartbeat and the leave, no second arrival of the manager.
    expect(
      stream.received.slice(count).filter((r) => r.event === 'presence' && r.data.login === 'manager' && r.data.active),
    ).toEqual([]);
    stream.close();
  });

  it('refuses an unknown request type and a caller without a staff role', async () => {
    expect((await call('PUT', '/core/api/presence/clients/1', manager)).status).toBe(400);
    expect((await call('PUT', '/core/api/presence/card-orders/1', {})).status).toBe(401);
  });

  it("answers which of a list's rows others have open, leaving out the caller's own claims", async () => {
    const ids: number[] = [];
    for (const holderName of ['Khady Ba', 'Ibrahima Ndiaye']) {
      ids.push((await call('POST', '/core/api/card-orders', filer, { holderName, orderStatus: 'PENDING' })).body.id);
    }
    const [taken, free] = ids as [number, number];
    const opened = await call('PUT', `/core/api/presence/card-orders/${taken}`, manager);
    expect(opened.status).toBe(200);
    const since = (await call('GET', `/core/api/presence/card-orders/${taken}`, desk)).body[0].since;

    expect(await call('GET', `/core/api/presence/card-orders?ids=${taken},${free}`, desk)).toEqual({
      status: 200,
      body: [{ id: taken, login: 'manager', since }],
    });
    // The manager's own claim is no one else's.
    expect((await call('GET', `/core/api/presence/card-orders?ids=${taken},${free}`, manager)).body).toEqual([]);
    await call('DELETE', `/core/api/presence/card-orders/${taken}`, manager);
    expect((await call('GET', `/core/api/presence/card-orders?ids=${taken}`, desk)).body).toEqual([]);

    for (const bad of ['', 'abc', '0', '1,,2', Array.from({ length: 101 }, (_, i) => i + 1).join(',')]) {
      expect((await call('GET', `/core/api/presence/card-orders?ids=${bad}`, desk)).status, bad).toBe(400);
    }
    expect((await call('GET', '/core/api/presence/clients?ids=1', desk)).status).toBe(400);
    expect((await call('GET', `/core/api/presence/card-orders?ids=${taken}`, customer)).status).toBe(403);
    expect((await call('GET', `/core/api/presence/card-orders?ids=${taken}`, {})).status).toBe(401);
  });
});

describe('saved requests on the event stream', () => {
  it('tells every reader of the request type who saved which request and its new version', async () => {
    const created = await call('POST', '/core/api/card-orders', filer, {
      holderName: 'Mariama Diallo',
      orderStatus: 'PENDING',
    });
    const id = created.body.id as number;
    const streams = [await openEvents(desk), await openEvents(agent), await openEvents(manager)];
    for (const stream of streams) await stream.next((r) => r.event === 'pending');
    // A creation is no save of an open form.
    expect(streams.flatMap((stream) => stream.received.filter((r) => r.event === 'saved'))).toEqual([]);

    const decided = await call('PUT', `/core/api/card-orders/${id}`, manager, {
      id,
      version: created.body.version,
      orderStatus: 'VALIDATED',
      comment: 'Carte commandée',
    });
    expect(decided.status).toBe(200);
    // The desk head and the data-entry agent read card orders (the agent decides none); the manager's
    // other tabs hear it too, and the form that saved knows its own version.
    for (const stream of streams) {
      const saved = await stream.next((r) => r.event === 'saved' && r.data.id === id);
      expect(saved.data).toEqual({ resource: 'card-orders', id, login: 'manager', version: decided.body.version });
    }
    for (const stream of streams) stream.close();
  });

  it('says nothing of a refused write, and goes to no one who may not read requests', async () => {
    const created = await call('POST', '/core/api/card-orders', filer, {
      holderName: 'Cheikh Faye',
      orderStatus: 'PENDING',
    });
    const id = created.body.id as number;
    const stream = await openEvents(desk);
    await stream.next((r) => r.event === 'pending');
    const decision = { id, version: created.body.version, orderStatus: 'REJECTED', comment: 'Pièces manquantes' };

    // The agent may read but not decide; an old version; no observation: all refused, none heard.
    expect((await call('PUT', `/core/api/card-orders/${id}`, agent, decision)).status).toBe(403);
    expect((await call('PUT', `/core/api/card-orders/${id}`, manager, { ...decision, version: 99 })).status).toBe(409);
    expect((await call('PUT', `/core/api/card-orders/${id}`, manager, { ...decision, comment: '' })).status).toBe(400);
    const saved = await call('PUT', `/core/api/card-orders/${id}`, manager, decision);
    expect(saved.status).toBe(200);
    const heard = await stream.next((r) => r.event === 'saved' && r.data.id === id);
    expect(heard.data.version).toBe(saved.body.version);
    expect(stream.received.filter((r) => r.event === 'saved' && r.data.id === id)).toHaveLength(1);
    stream.close();

    // A signed-in user without a staff role opens no stream, and would be told of no request.
    expect((await fetch(`${base}/core/api/events`, { headers: customer })).status).toBe(403);
    expect(mayHearAbout([ROLES.USER], 'card-orders')).toBe(false);
    expect(mayHearAbout([ROLES.AGENTDESAISIE], 'card-orders')).toBe(true);
    expect(mayHearAbout([ROLES.ADMIN], 'clients')).toBe(false);
  });
});
