// The workflow module on every request type: who may decide, the observation rule, the history row
// and audit event in the same transaction, the optimistic lock, stories and pending lists.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALL_AUTHORITIES,
  DEMO_ACCOUNTS,
  ENUMS,
  WORKFLOWS,
  decodeHistoryComment,
  entityByName,
  type WorkflowDef,
} from '@bank/domain';
import { hashPassword } from '../src/security/passwords';
import { SAMPLE } from '../src/seed/samples';
import { insertUser } from '../src/modules/account/users';
import { bearer, startTestApp, type TestApp } from './helper';
import { fileable, filerOf } from './ledger-fixtures';

let t: TestApp;
let manager: Record<string, string>;
/** Per request type, the headers of a demo account allowed to decide it. */
const deciders = new Map<string, Record<string, string>>();
const decider = (w: WorkflowDef) => deciders.get(w.entity)!;

beforeAll(async () => {
  t = await startTestApp();
  manager = bearer(await t.tokenFor('manager'));
  // A signed-in user without any staff role.
  await insertUser(t.db, {
    login: 'plainuser',
    passwordHash: await hashPassword('plainuser'),
    activated: true,
    authorities: ['ROLE_USER'],
  });
  for (const w of WORKFLOWS) {
    const account = DEMO_ACCOUNTS.find((a) => a.authorities.some((r) => w.roles.includes(r)))!;
    deciders.set(w.entity, bearer(await t.tokenFor(account.login)));
  }
});
afterAll(() => t.close());

/** The observation part of a body, for request types that have one. */
const observed = (w: WorkflowDef, value: string): Record<string, string> => (w.comment ? { [w.comment]: value } : {});

const statusesOf = (w: WorkflowDef) => w.targets ?? ENUMS[entityByName(w.entity).field(w.status)!.enum!].values;

/** A fresh request of the workflow's type in its default status, created through the API. */
async function newRequest(w: WorkflowDef): Promise<Record<string, unknown>> {
  const entity = entityByName(w.entity);
  const required = Object.fromEntries(
    entity.fields.filter((f) => f.required).map((f) => [f.name, SAMPLE[f.kind](f, 1, undefined)]),
  );
  const response = await t.app.inject({
    method: 'POST',
    url: entity.path,
    headers: bearer(await t.tokenFor(filerOf(w.entity))),
    payload: await fileable(t.db, w.entity, required),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

function decision(w: WorkflowDef, row: Record<string, unknown>, overrides: Record<string, unknown> = {}) {
  const target = statusesOf(w).find((s) => s !== row[w.status])!;
  return { ...row, [w.status]: target, ...observed(w, 'Dossier vérifié'), ...overrides };
}

const put = (w: WorkflowDef, body: Record<string, unknown>, headers: Record<string, string>) =>
  t.app.inject({ method: 'PUT', url: `${entityByName(w.entity).path}/${body.id}`, headers, payload: body });

const story = async (w: WorkflowDef, id: unknown) =>
  (
    await t.app.inject({ method: 'POST', url: `${entityByName(w.log.entity).path}/story/${id}`, headers: manager })
  ).json();

describe.each(WORKFLOWS.map((w) => [w.entity, w] as const))('%s', (_name, w) => {
  it('lets exactly the workflow roles save a decision (server-side), for every role', async () => {
    const logins = [...DEMO_ACCOUNTS.map((a) => a.login), 'plainuser'];
    for (const login of logins) {
      const row = await newRequest(w);
      const roles = login === 'plainuser' ? ['ROLE_USER'] : DEMO_ACCOUNTS.find((a) => a.login === login)!.authorities;
      // A decider may not decide what they filed (maker is not checker).
      const allowed =
        roles.some((r) => w.roles.includes(r as (typeof ALL_AUTHORITIES)[number])) && login !== filerOf(w.entity);
      const response = await put(w, decision(w, row), bearer(await t.tokenFor(login)));
      expect(response.statusCode, `${login} on ${w.entity}`).toBe(allowed ? 200 : 403);
    }
    const anonymous = await put(w, decision(w, await newRequest(w)), {});
    expect(anonymous.statusCode).toBe(401);
  });

  it('writes one history row `observation{}STATUS{}login` and an audit event with the decision', async () => {
    const row = await newRequest(w);
    const login = DEMO_ACCOUNTS.find((a) => a.authorities.some((r) => w.roles.includes(r)))!.login;
    const body = decision(w, row, observed(w, 'Pièces conformes'));
    const response = await put(w, body, bearer(await t.tokenFor(login)));
    expect(response.statusCode, response.body).toBe(200);
    const entries = await story(w, row.id);
    expect(entries).toHaveLength(1);
    expect(decodeHistoryComment(entries[0].comment)).toEqual({
      observation: w.comment ? 'Pièces conformes' : '',
      status: body[w.status],
      author: login,
    });
    const [audit] = await t.db.query<{ principal: string; data: { to: string } }>(
      `select principal, data from audit_event where event_type = 'REQUEST_STATUS_CHANGED' order by id desc limit 1`,
    );
    expect(audit).toMatchObject({ principal: login, data: { to: body[w.status] } });
  });

  it('returns the story newest first', async () => {
    let row = await newRequest(w);
    for (const observation of ['premier', 'deuxième']) {
      // A final status would close the request: both decisions keep it open (or keep its status).
      const open = statusesOf(w).find((s) => s !== row[w.status] && !w.finalStatuses.includes(s)) ?? row[w.status];
      row = (await put(w, decision(w, row, { [w.status]: open, ...observed(w, observation) }), decider(w))).json();
    }
    const entries = await story(w, row.id);
    expect(entries).toHaveLength(2);
    expect(decodeHistoryComment(entries[0].comment).status).toBe(row[w.status]);
    const observations = entries.map((e: { comment: string }) => decodeHistoryComment(e.comment).observation);
    expect(observations).toEqual(w.comment ? ['deuxième', 'premier'] : ['', '']);
  });

  it('refuses a decision without the version, or made on an older version, and changes nothing', async () => {
    const row = await newRequest(w);
    const { version: _v, ...unversioned } = decision(w, row);
    expect((await put(w, unversioned, decider(w))).statusCode).toBe(400);
    expect((await put(w, decision(w, row), decider(w))).statusCode).toBe(200);
    const stale = await put(w, decision(w, row, observed(w, 'trop tard')), decider(w));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('error.concurrencyFailure');
    expect(await story(w, row.id)).toHaveLength(1);
  });

  it(
    w.commentRequired ? 'requires the observation with a decision' : 'accepts a decision without observation',
    async () => {
      const row = await newRequest(w);
      const response = await put(w, decision(w, row, observed(w, '   ')), decider(w));
      if (w.commentRequired) {
        expect(response.statusCode).toBe(400);
        expect(response.json().fieldErrors[0].field).toBe(w.comment!);
        expect(await story(w, row.id)).toHaveLength(0);
        // An edit that decides nothing (same status) needs no observation (spec part 1 §5: generic forms).
        const edit = await put(w, { ...row, ...observed(w, '') }, decider(w));
        expect(edit.statusCode, edit.body).toBe(200);
      } else {
        expect(response.statusCode).toBe(200);
      }
    },
  );

  it('gives one success and one 409 to two decisions sent at once on the same version', async () => {
    const row = await newRequest(w);
    const responses = await Promise.all([
      put(w, decision(w, row, observed(w, 'agent A')), decider(w)),
      put(w, decision(w, row, observed(w, 'agent B')), decider(w)),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await story(w, row.id)).toHaveLength(1);
  });

  it('writes neither the request nor its history when the history cannot be written', async () => {
    const row = await newRequest(w);
    const logTable = entityByName(w.log.entity).table;
    await t.db.exec(`
      create or replace function refuse_history() returns trigger language plpgsql as $$
      begin raise exception 'history store unavailable'; end $$;
      create trigger refuse_history before insert on "${logTable}" for each row execute function refuse_history();`);
    try {
      const response = await put(w, decision(w, row), decider(w));
      expect(response.statusCode).toBe(500);
      expect(response.body).not.toContain('history store unavailable');
    } finally {
      await t.db.exec(`drop trigger refuse_history on "${logTable}"`);
    }
    const after = await t.app.inject({ url: `${entityByName(w.entity).path}/${row.id}`, headers: manager });
    expect(after.json()).toEqual(row);
    expect(await story(w, row.id)).toHaveLength(0);
  });
});

describe('beneficiary decisions', () => {
  it('only accept or reject (DESIGN.md)', async () => {
    const w = WORKFLOWS.find((x) => x.entity === 'beneficiary')!;
    const row = await newRequest(w);
    const response = await put(w, decision(w, row, { beneficiaryStatus: 'DELETED' }), manager);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[0]).toMatchObject({ field: 'beneficiaryStatus', message: 'Enum' });
  });
});

describe('cash provision decisions', () => {
  it('are refused to a manager, and refused to anyone once the provision is closed', async () => {
    const w = WORKFLOWS.find((x) => x.entity === 'provisionCash')!;
    const row = await newRequest(w);
    expect((await put(w, decision(w, row, { demandStatus: 'VALIDATED' }), manager)).statusCode).toBe(403);
    const validated = await put(
      w,
      decision(w, row, { demandStatus: 'VALIDATED', motif: 'Pièce vérifiée' }),
      decider(w),
    );
    expect(validated.statusCode, validated.body).toBe(200);
    const again = await put(w, decision(w, validated.json(), { demandStatus: 'CANCELLED' }), decider(w));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('error.requestClosed');
    expect(await story(w, row.id)).toHaveLength(1);
  });
});

describe('pending lists', () => {
  it.each([
    ['cardOrder', '/core/api/card-orders?orderStatus.in=PENDING', 'PENDING'],
    ['checkbookOrder', '/core/api/checkbook-orders/demandStatusChequier/IN_PROGRESS', 'IN_PROGRESS'],
    ['beneficiary', '/core/api/beneficiaries/beneficiaryStatus/PENDING', 'PENDING'],
  ])('%s: the count drops when a pending request is decided', async (entityName, url, pendingStatus) => {
    const w = WORKFLOWS.find((x) => x.entity === entityName)!;
    const count = async () => Number((await t.app.inject({ url, headers: manager })).headers['x-total-count']);
    const row = await newRequest(w);
    const pending = (
      await put(
        w,
        {
          ...row,
          [w.status]: pendingStatus,
          ...observed(w, 'mise en attente'),
        },
        manager,
      )
    ).json();
    const before = await count();
    expect(before).toBeGreaterThan(0);
    const decided = statusesOf(w).find((s) => s !== pendingStatus)!;
    expect((await put(w, { ...pending, [w.status]: decided, ...observed(w, 'traité') }, manager)).statusCode).toBe(200);
    expect(await count()).toBe(before - 1);
  });
});
