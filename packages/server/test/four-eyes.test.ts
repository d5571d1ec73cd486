// The four-eyes rule on transfers and cash provisions: below the threshold one validation suffices; at
// it, two different logins; the same login twice is refused; a rejection ends it; two simultaneous
// second validations give one winner; 0 switches the rule off; the threshold shows in the configuration.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeHistoryComment, entityByName, workflowOf } from '@bank/domain';
import { bearer, startTestApp, type TestApp } from './helper';
import { FILER, fileable } from './ledger-fixtures';

const THRESHOLD = 1_000_000;
let t: TestApp;
const headers = new Map<string, Record<string, string>>();
const as = (login: string) => headers.get(login)!;

beforeAll(async () => {
  t = await startTestApp({ config: { fourEyesThresholdXof: THRESHOLD } });
  for (const login of ['manager', 'responsabledesk', 'stagiaire', 'agentca', 'agentrsic', 'admin', FILER]) {
    headers.set(login, bearer(await t.tokenFor(login)));
  }
});
afterAll(() => t.close());

type Row = Record<string, unknown> & { id: number; version: number };

const CASES = [
  { entity: 'transfer', deciders: ['manager', 'responsabledesk', 'stagiaire'], creator: FILER },
  { entity: 'provisionCash', deciders: ['agentca', 'agentrsic'], creator: FILER },
] as const;

describe.each(CASES)('$entity', ({ entity: name, deciders, creator }) => {
  const entity = entityByName(name);
  const workflow = workflowOf(name)!;
  const [first, second] = deciders;

  async function newRequest(amount: number): Promise<Row> {
    const response = await t.app.inject({
      method: 'POST',
      url: entity.path,
      headers: as(creator),
      payload: await fileable(t.db, name, { amount: String(amount), [workflow.status]: 'PENDING' }),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }
  const get = async (id: number): Promise<Row> =>
    (await t.app.inject({ url: `${entity.path}/${id}`, headers: as(creator) })).json();
  const decide = (row: Row, login: string, status: string, observation = `Décision de ${login}`) =>
    t.app.inject({
      method: 'PUT',
      url: `${entity.path}/${row.id}`,
      headers: as(login),
      payload: { ...row, [workflow.status]: status, [workflow.comment!]: observation },
    });
  const history = async (id: number) =>
    (
      await t.app.inject({
        method: 'POST',
        url: `${entityByName(workflow.log.entity).path}/story/${id}`,
        headers: as(creator),
      })
    )
      .json<Array<Record<string, string>>>()
      .map((entry) => ({ ...decodeHistoryComment(entry.comment), logStatus: entry[workflow.log.status] }))
      .reverse();
  const approvals = async (id: number) =>
    (await t.app.inject({ url: `${entity.path}/${id}/approvals`, headers: as(creator) })).json<{
      required: boolean;
      approvals: Array<{ login: string; approvedAt: string }>;
    }>();

  it('takes one validation below the threshold', async () => {
    const row = await newRequest(THRESHOLD - 1);
    expect((await approvals(row.id)).required).toBe(false);
    const response = await decide(row, first, 'VALIDATED');
    expect(response.statusCode).toBe(200);
    expect(response.json()[workflow.status]).toBe('VALIDATED');
    expect((await history(row.id)).map((h) => h.status)).toEqual(['VALIDATED']);
  });

  it('takes two different logins at the threshold, each in the history', async () => {
    const row = await newRequest(THRESHOLD);
    const once = await decide(row, first, 'VALIDATED', 'Montant contrôlé');
    expect(once.statusCode).toBe(200);
    const waiting: Row = once.json();
    expect(waiting[workflow.status]).toBe('PENDING');
    // The comment records the validation given; the log's status, the request left waiting.
    expect(await history(row.id)).toEqual([
      { observation: 'Montant contrôlé', status: 'VALIDATED', author: first, logStatus: 'PENDING' },
    ]);
    const open = await approvals(row.id);
    expect(open.required).toBe(true);
    expect(open.approvals.map((a) => a.login)).toEqual([first]);

    const twice = await decide(waiting, second, 'VALIDATED', 'Seconde validation');
    expect(twice.statusCode).toBe(200);
    expect(twice.json()[workflow.status]).toBe('VALIDATED');
    expect((await history(row.id)).map((h) => `${h.status} ${h.author}`)).toEqual([
      `VALIDATED ${first}`,
      `VALIDATED ${second}`,
    ]);
    expect((await approvals(row.id)).approvals).toEqual([]);
    const recorded = await t.db.query<{ login: string; settled: boolean }>(
      `select login, settled_at is not null as settled from request_approval
        where request_entity = $1 and request_id = $2 order by id`,
      [name, row.id],
    );
    expect(recorded).toEqual([
      { login: first, settled: true },
      { login: second, settled: true },
    ]);
  });

  it('refuses the same login twice with a clear 409 and changes nothing', async () => {
    const row = await newRequest(THRESHOLD * 3);
    const waiting: Row = (await decide(row, first, 'VALIDATED')).json();
    const again = await decide(waiting, first, 'VALIDATED', 'Encore moi');
    expect(again.statusCode).toBe(409);
    expect(again.headers['content-type']).toContain('application/problem+json');
    expect(again.json()).toMatchObject({ message: 'error.sameApprover' });
    const after = await get(row.id);
    expect(after.version).toBe(waiting.version);
    expect(after[workflow.status]).toBe('PENDING');
    expect(await history(row.id)).toHaveLength(1);
  });

  it('ends with a rejection by anyone, the open approval settled', async () => {
    const row = await newRequest(THRESHOLD * 2);
    const waiting: Row = (await decide(row, first, 'VALIDATED')).json();
    const rejected = await decide(waiting, first, 'REJECTED', 'Pièces manquantes');
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()[workflow.status]).toBe('REJECTED');
    expect((await approvals(row.id)).approvals).toEqual([]);
  });

  it('gives one winner to two simultaneous second validations', async () => {
    const row = await newRequest(THRESHOLD + 500);
    const waiting: Row = (await decide(row, first, 'VALIDATED')).json();
    const others = deciders.length > 2 ? deciders.slice(1) : [second, second];
    const answers = await Promise.all(others.map((login) => decide(waiting, login, 'VALIDATED')));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect((await history(row.id)).map((h) => h.status)).toEqual(['VALIDATED', 'VALIDATED']);
  });

  it('cannot be dodged by lowering the amount in the validating update: a decision never changes it', async () => {
    const row = await newRequest(THRESHOLD * 5);
    const response = await t.app.inject({
      method: 'PUT',
      url: `${entity.path}/${row.id}`,
      headers: as(first),
      payload: { ...row, amount: '10', [workflow.status]: 'VALIDATED', [workflow.comment!]: 'Montant revu' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual([{ objectName: entity.name, field: 'amount', message: 'ReadOnly' }]);
    const after = (await t.app.inject({ url: `${entity.path}/${row.id}`, headers: as(first) })).json();
    expect(after).toEqual(row);
  });

  it('binds an approval to the amount approved: another amount needs its two validations again', async () => {
    const row = await newRequest(THRESHOLD * 5);
    const firstApproval = await decide(row, first, 'VALIDATED');
    expect(firstApproval.json()[workflow.status]).toBe('PENDING');
    // The amount changes outside the API (a correction in the core system): the approval no longer counts.
    await t.db.query(`update ${entity.table} set amount = amount + 1 where id = $1`, [row.id]);
    const again = await decide(await get(row.id), second, 'VALIDATED');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()[workflow.status]).toBe('PENDING');
    expect((await approvals(row.id)).approvals.map((a) => a.login)).toEqual([second]);
  });
});

describe('configuration', () => {
  it('shows the threshold to the administrator', async () => {
    const { properties } = (await t.app.inject({ url: '/management/configprops', headers: as('admin') })).json<{
      properties: Array<{ key: string; env: string; value: unknown }>;
    }>();
    expect(properties.find((p) => p.key === 'fourEyesThresholdXof')).toMatchObject({
      env: 'FOUR_EYES_THRESHOLD_XOF',
      value: THRESHOLD,
    });
  });

  it('is off at 0: one validation of any amount', async () => {
    const off = await startTestApp({ config: { fourEyesThresholdXof: 0 } });
    try {
      const manager = bearer(await off.tokenFor('manager'));
      const created = await off.app.inject({
        method: 'POST',
        url: '/core/api/transfers',
        headers: bearer(await off.tokenFor(FILER)),
        payload: await fileable(off.db, 'transfer', { amount: '50000000', demandStatus: 'PENDING' }),
      });
      const row = created.json<Row>();
      const response = await off.app.inject({
        method: 'PUT',
        url: `/core/api/transfers/${row.id}`,
        headers: manager,
        payload: { ...row, demandStatus: 'VALIDATED' },
      });
      expect(response.json().demandStatus).toBe('VALIDATED');
      const approvals = await off.app.inject({ url: `/core/api/transfers/${row.id}/approvals`, headers: manager });
      expect(approvals.json()).toEqual({ required: false, approvals: [] });
    } finally {
      await off.close();
    }
  });
});
