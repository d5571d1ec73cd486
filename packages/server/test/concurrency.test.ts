// Staff decisions sent at once: on one request and one version exactly one wins and the others get 409
// with one history row; decisions on many pending requests in parallel move the pending count exactly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_ACCOUNTS,
  ENUMS,
  WORKFLOWS,
  decodeHistoryComment,
  entityByName,
  workflowOf,
  type WorkflowDef,
} from '@bank/domain';
import { SAMPLE } from '../src/seed/samples';
import { bearer, startTestApp, type TestApp } from './helper';
import { fileable, filerOf } from './ledger-fixtures';

const AT_ONCE = 20;
const PENDING_BATCH = 30;

let t: TestApp;
let manager: Record<string, string>;
const deciders = new Map<string, Record<string, string>>();

beforeAll(async () => {
  t = await startTestApp();
  manager = bearer(await t.tokenFor('manager'));
  for (const w of WORKFLOWS) {
    const account = DEMO_ACCOUNTS.find((a) => a.authorities.some((r) => w.roles.includes(r)))!;
    deciders.set(w.entity, bearer(await t.tokenFor(account.login)));
  }
});
afterAll(() => t.close());

const statusesOf = (w: WorkflowDef) => w.targets ?? ENUMS[entityByName(w.entity).field(w.status)!.enum!].values;
const observed = (w: WorkflowDef, value: string): Record<string, string> => (w.comment ? { [w.comment]: value } : {});

async function create(entityName: string, extra: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const entity = entityByName(entityName);
  const required = Object.fromEntries(
    entity.fields.filter((f) => f.required).map((f) => [f.name, SAMPLE[f.kind](f, 1, undefined)]),
  );
  const response = await t.app.inject({
    method: 'POST',
    url: entity.path,
    headers: workflowOf(entityName) ? bearer(await t.tokenFor(filerOf(entityName))) : manager,
    payload: await fileable(t.db, entityName, { ...required, ...extra }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const put = (entityName: string, body: Record<string, unknown>, headers: Record<string, string>) =>
  t.app.inject({ method: 'PUT', url: `${entityByName(entityName).path}/${body.id}`, headers, payload: body });

async function story(w: WorkflowDef, id: unknown): Promise<Array<{ comment: string }>> {
  const url = `${entityByName(w.log.entity).path}/story/${id}`;
  return (await t.app.inject({ method: 'POST', url, headers: manager })).json();
}

const total = async (url: string) => Number((await t.app.inject({ url, headers: manager })).headers['x-total-count']);

describe.each(WORKFLOWS.map((w) => [w.entity, w] as const))('%s: decisions sent at once', (_name, w) => {
  it(`gives exactly one of ${AT_ONCE} decisions on the same version a 200, the rest 409, and one history row`, async () => {
    const row = await create(w.entity);
    const target = statusesOf(w).find((s) => s !== row[w.status])!;
    const bodies = Array.from({ length: AT_ONCE }, (_, i) => ({
      ...row,
      [w.status]: target,
      ...observed(w, `agent ${i}`),
    }));
    const responses = await Promise.all(bodies.map((body) => put(w.entity, body, deciders.get(w.entity)!)));
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(AT_ONCE - 1);
    for (const conflict of responses.filter((r) => r.statusCode === 409)) {
      expect(conflict.json().message).toBe('error.concurrencyFailure');
    }
    const winner = bodies[codes.indexOf(200)]!;
    const entries = await story(w, row.id);
    expect(entries).toHaveLength(1);
    expect(decodeHistoryComment(entries[0]!.comment)).toMatchObject({
      status: target,
      observation: w.comment ? winner[w.comment] : '',
    });
    const stored = await t.app.inject({ url: `${entityByName(w.entity).path}/${row.id}`, headers: manager });
    expect(stored.json()).toMatchObject({ version: (row.version as number) + 1, [w.status]: target });
  });
});

describe('plain entity updates sent at once', () => {
  it(`gives exactly one of ${AT_ONCE} branch updates carrying the same version a 200`, async () => {
    const row = await create('branch', { name: 'Agence Plateau' });
    const responses = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, i) => put('branch', { ...row, name: `Agence ${i}` }, manager)),
    );
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, ...Array<number>(AT_ONCE - 1).fill(409)]);
  });
});

describe.each([
  ['cardOrder', 'orderStatus', 'PENDING'],
  ['transfer', 'demandStatus', 'PENDING'],
] as const)('%s: pending requests decided in parallel', (entityName, statusField, pending) => {
  it(`drops the ${pending} count by exactly ${PENDING_BATCH} and writes exactly ${PENDING_BATCH} history rows`, async () => {
    const w = WORKFLOWS.find((x) => x.entity === entityName)!;
    const pendingUrl = `${entityByName(entityName).path}?${statusField}.in=${pending}&size=1`;
    const logUrl = `${entityByName(w.log.entity).path}?size=1`;
    const rows = [];
    for (let i = 0; i < PENDING_BATCH; i++) rows.push(await create(entityName, { [statusField]: pending }));
    const [pendingBefore, logsBefore] = [await total(pendingUrl), await total(logUrl)];
    expect(pendingBefore).toBeGreaterThanOrEqual(PENDING_BATCH);

    // Two agents decide each request at the same moment: one validates, the other rejects.
    const decisions = rows.flatMap((row) =>
      (['VALIDATED', 'REJECTED'] as const).map((status) => ({ ...row, [statusField]: status, comment: status })),
    );
    const responses = await Promise.all(decisions.map((body) => put(entityName, body, deciders.get(entityName)!)));
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(PENDING_BATCH);
    expect(codes.filter((c) => c === 409)).toHaveLength(PENDING_BATCH);

    expect(await total(pendingUrl)).toBe(pendingBefore - PENDING_BATCH);
    expect(await total(logUrl)).toBe(logsBefore + PENDING_BATCH);
    // One history row per request, carrying the status of the decision that won.
    const ids = rows.map((row) => row.id).join(',');
    const logs = await t.app.inject({
      url: `${entityByName(w.log.entity).path}?${w.log.request}.in=${ids}&size=1000`,
      headers: manager,
    });
    const statusByRequest = new Map(
      logs
        .json<Array<Record<string, unknown>>>()
        .map((log) => [log[w.log.request], decodeHistoryComment(String(log.comment)).status]),
    );
    expect(logs.json()).toHaveLength(PENDING_BATCH);
    for (const [i, row] of rows.entries()) {
      const won = responses[2 * i]!.statusCode === 200 ? decisions[2 * i]! : decisions[2 * i + 1]!;
      expect(statusByRequest.get(row.id)).toBe(won[statusField]);
    }
  });
});
