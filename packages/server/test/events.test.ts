// The live work queue over real HTTP: the event stream refuses anonymous callers, opens with the
// pending counts and sends new ones after a creation and a validation; presence on a request's form
// reaches other staff when opened and left, and a heartbeat is not a new arrival.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, openEventStream, startTestApp, type TestApp } from './helper';

let t: TestApp;
let base: string;
let manager: Record<string, string>;
let desk: Record<string, string>;

beforeAll(async () => {
  t = await startTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  manager = bearer(await t.tokenFor('manager'));
  desk = bearer(await t.tokenFor('responsabledesk'));
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
    expect(first.data).toEqual({ cards, checkbooks: expect.any(Number), beneficiaries: expect.any(Number) });

    const created = await call('POST', '/core/api/card-orders', manager, {
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
    const created = await call('POST', '/core/api/card-orders', manager, {
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
});
