// The write matrix, beside the route matrix: generated from the registry, every entity × demo role ×
// (create, update, delete) gets the outcome the write policy gives it, and a refused write leaves the
// table as it was. Then the attacks of the security review (issue 18), each as the role that made it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_ACCOUNTS,
  ENTITIES,
  WORKFLOWS,
  can,
  entityAccess,
  entityByName,
  type Action,
  type Entity,
} from '@bank/domain';
import type { InjectOptions } from 'fastify';
import { quote } from '../src/db/schema';
import { SAMPLE } from '../src/seed/samples';
import { bearer, insertRecord, startTestApp, type TestApp } from './helper';

let t: TestApp;
const as = async (login: string) => bearer(await t.tokenFor(login));

beforeAll(async () => {
  t = await startTestApp({ seed: 'demo' });
});
afterAll(() => t.close());

/** A digest of the table's whole content: a refused write must leave it exactly as it was. */
async function snapshot(entity: Entity): Promise<string> {
  const [row] = await t.db.query<{ digest: string }>(
    `select count(*) || ':' || coalesce(md5(string_agg(t::text, ',' order by t.id)), '') as digest from ${quote(entity.table)} t`,
  );
  return row!.digest;
}

type Row = Record<string, unknown> & { id: number; version: number };

async function firstRow(entity: Entity): Promise<Row> {
  const admin = await as('admin');
  const [row] = (await t.app.inject({ url: `${entity.path}?size=1&sort=id,asc`, headers: admin })).json<Row[]>();
  return row!;
}

/** Whether the gate refused: 403, or 404 because no route exists for this write (nobody may make it). */
const refusedByGate = (response: { statusCode: number; json(): unknown }) =>
  response.statusCode === 403 ||
  (response.statusCode === 404 && String((response.json() as { detail?: string }).detail).startsWith('No resource at'));

/** Sample values of an entity's required fields: a body that passes validation, so the policy answers. */
const requiredValues = (entity: Entity) =>
  Object.fromEntries(entity.fields.filter((f) => f.required).map((f) => [f.name, SAMPLE[f.kind](f, 7, undefined)]));

describe('write matrix', () => {
  it.each(ENTITIES.map((e) => [e.name, e] as const))(
    '%s: every role gets what the policy says, and a refusal changes nothing',
    async (_name, entity) => {
      const row = await firstRow(entity);
      expect(row, `${entity.name} has demo rows`).toBeDefined();
      const unexpected: string[] = [];
      for (const account of DEMO_ACCOUNTS) {
        const headers = await as(account.login);
        const calls: Array<[Action, InjectOptions]> = [
          ['create', { method: 'POST', url: entity.path, payload: {} }],
          // The row sent back as read, with a version that no longer matches: allowed callers get 409.
          [
            'update',
            { method: 'PUT', url: `${entity.path}/${row.id}`, payload: { ...row, version: row.version + 99 } },
          ],
          ['delete', { method: 'DELETE', url: `${entity.path}/999999999` }],
        ];
        for (const [action, call] of calls) {
          const before = await snapshot(entity);
          const response = await t.app.inject({ ...call, headers });
          const want = can(account.authorities, action, entity.name) ? 'allowed' : 'refused';
          if ((refusedByGate(response) ? 'refused' : 'allowed') !== want)
            unexpected.push(`${action} as ${account.login}: ${response.statusCode}, expected ${want}`);
          if (response.statusCode >= 500) unexpected.push(`${action} as ${account.login}: ${response.body}`);
          if (want === 'refused' && (await snapshot(entity)) !== before)
            unexpected.push(`${action} as ${account.login} was refused but changed ${entity.table}`);
        }
      }
      expect(unexpected).toEqual([]);
    },
    // Every role's writes on one entity: 35 s for the largest beside the browser suite in CI (2026-11-27).
    120_000,
  );

  it('gives history and security records to nobody, and failed sign-ins to administrators only', () => {
    for (const entity of ENTITIES.filter((e) => e.dataClass === 'history' || e.dataClass === 'security')) {
      for (const action of ['create', 'update', 'delete'] as const)
        expect(entityAccess(entity.name, action)).toEqual([]);
    }
    expect(entityAccess('userAttempts', 'read')).toEqual(['ROLE_ADMIN']);
  });
});

describe.each(WORKFLOWS.map((w) => [w.entity, w] as const))('%s requests', (_name, workflow) => {
  const entity = entityByName(workflow.entity);
  const statusField = entity.field(workflow.status)!;
  const creator = 'manager';

  it('cannot be created in a decided status, with a past date or an observation: 400 naming the field', async () => {
    const closed = [...workflow.finalStatuses];
    const bodies: Array<[string, Record<string, unknown>]> = [
      ...closed.map((status): [string, Record<string, unknown>] => [workflow.status, { [workflow.status]: status }]),
      ['createdAt', { createdAt: '2001-01-01T00:00:00Z' }],
      ...(workflow.updatedAt
        ? [[workflow.updatedAt, { [workflow.updatedAt]: '2001-01-01T00:00:00Z' }] as [string, Record<string, unknown>]]
        : []),
      ...(workflow.comment
        ? [[workflow.comment, { [workflow.comment]: 'Validé par le manager' }] as [string, Record<string, unknown>]]
        : []),
    ];
    for (const [field, body] of bodies) {
      const before = await snapshot(entity);
      const response = await t.app.inject({
        method: 'POST',
        url: entity.path,
        headers: await as(creator),
        payload: { ...requiredValues(entity), ...body },
      });
      expect(response.statusCode, `${field} ${JSON.stringify(body)}`).toBe(400);
      expect(response.json().fieldErrors.map((e: { field: string }) => e.field)).toContain(field);
      expect(await snapshot(entity)).toBe(before);
    }
    expect(statusField.kind).toBe('enum');
  });

  it('takes a decision that changes the status and the observation only, and nulls nothing', async () => {
    const decider = DEMO_ACCOUNTS.find((a) => a.authorities.some((r) => workflow.roles.includes(r)))!.login;
    const [row] = (
      await t.app.inject({
        url: `${entity.path}?${workflow.status}.in=${workflow.openStatuses.join(',')}&size=1&sort=id,asc`,
        headers: await as(decider),
      })
    ).json();
    const target = workflow.openStatuses.find((s) => s !== row[workflow.status]) ?? row[workflow.status];
    const decision = {
      id: row.id,
      version: row.version,
      [workflow.status]: target,
      ...(workflow.comment ? { [workflow.comment]: 'Décision partielle' } : {}),
    };
    const response = await t.app.inject({
      method: 'PUT',
      url: `${entity.path}/${row.id}`,
      headers: await as(decider),
      payload: decision,
    });
    expect(response.statusCode, response.body).toBe(200);
    const after = response.json();
    for (const field of entity.fields) {
      if ([workflow.status, workflow.comment, workflow.updatedAt].includes(field.name)) continue;
      expect(after[field.name], field.name).toEqual(row[field.name]);
    }

    // A field no decision sets, changed: refused naming it, nothing written.
    const other = entity.fields.find(
      (f) =>
        !f.readOnly &&
        f.kind === 'text' &&
        !(workflow.decisionFields ?? []).includes(f.name) &&
        f.name !== workflow.comment,
    );
    if (other) {
      const before = await snapshot(entity);
      const changed = await t.app.inject({
        method: 'PUT',
        url: `${entity.path}/${row.id}`,
        headers: await as(decider),
        payload: { ...after, [other.name]: `${String(after[other.name] ?? '')} modifié` },
      });
      expect(changed.statusCode, other.name).toBe(400);
      expect(changed.json().fieldErrors).toEqual([{ objectName: entity.name, field: other.name, message: 'ReadOnly' }]);
      expect(await snapshot(entity)).toBe(before);
    }
  });

  it('is read-only for everyone once closed: no decision, no deletion', async () => {
    const id = await insertRecord(t.db, entity.name, { [workflow.status]: workflow.finalStatuses[0] });
    const closed = (await t.app.inject({ url: `${entity.path}/${id}`, headers: await as('admin') })).json();
    for (const login of ['admin', 'manager', ...DEMO_ACCOUNTS.map((a) => a.login)]) {
      const headers = await as(login);
      const before = await snapshot(entity);
      if (can(DEMO_ACCOUNTS.find((a) => a.login === login)!.authorities, 'update', entity.name)) {
        const put = await t.app.inject({
          method: 'PUT',
          url: `${entity.path}/${id}`,
          headers,
          payload: { id, version: closed.version, [workflow.status]: workflow.openStatuses[0] },
        });
        expect(put.statusCode, `update as ${login}`).toBe(409);
      }
      if (can(DEMO_ACCOUNTS.find((a) => a.login === login)!.authorities, 'delete', entity.name)) {
        const del = await t.app.inject({ method: 'DELETE', url: `${entity.path}/${id}`, headers });
        expect(del.statusCode, `delete as ${login}`).toBe(409);
      }
      expect(await snapshot(entity)).toBe(before);
    }
  });
});

describe('the attacks of the security review, as the roles that made them', () => {
  it('1. a trainee can neither lock out nor unlock a login, nor read the attempts', async () => {
    const trainee = await as('stagiaire');
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/user-attempts',
      headers: trainee,
      payload: { principal: 'admin', attempts: 5 },
    });
    expect(create.statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/user-attempts', headers: trainee })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/user-attempts/1', headers: trainee })).statusCode).toBe(
      404,
    );
    expect(await t.tokenFor('admin')).toBeTruthy();
  });

  it('2. a trainee cannot create a transfer already validated; an agent cannot create a decided provision or a card order dated 2001', async () => {
    const attacks = [
      ['stagiaire', '/core/api/transfers', { amount: '5000000', demandStatus: 'VALIDATED' }, 'demandStatus'],
      ['agentsaisie', '/core/api/provision-cashes', { amount: '9000000', demandStatus: 'VALIDATED' }, 'demandStatus'],
      [
        'agentsaisie',
        '/core/api/card-orders',
        { holderName: 'X', orderStatus: 'VALIDATED', createdAt: '2001-01-01T00:00:00Z' },
        'orderStatus',
      ],
    ] as const;
    for (const [login, url, payload, field] of attacks) {
      const response = await t.app.inject({ method: 'POST', url, headers: await as(login), payload });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().fieldErrors.map((e: { field: string }) => e.field)).toContain(field);
    }
  });

  it('3. a decision can neither raise the amount, change the beneficiary, nor wipe the transfer', async () => {
    const trainee = await as('stagiaire');
    const [transfer] = (
      await t.app.inject({
        url: '/core/api/transfers?demandStatus.equals=PENDING&amount.lessThan=900000&size=1',
        headers: trainee,
      })
    ).json();
    const raise = await t.app.inject({
      method: 'PUT',
      url: `/core/api/transfers/${transfer.id}`,
      headers: trainee,
      payload: { ...transfer, amount: '7000000', beneficiaryId: 1, demandStatus: 'VALIDATED', comment: 'ok' },
    });
    expect(raise.statusCode).toBe(400);
    expect(
      raise
        .json()
        .fieldErrors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['amount', 'beneficiaryId'].filter((f) => f !== 'beneficiaryId' || transfer.beneficiaryId !== 1).sort());
    const minimal = await t.app.inject({
      method: 'PUT',
      url: `/core/api/transfers/${transfer.id}`,
      headers: await as('manager'),
      payload: { id: transfer.id, version: transfer.version, demandStatus: 'REJECTED', comment: 'Pièces manquantes' },
    });
    expect(minimal.statusCode, minimal.body).toBe(200);
    expect(minimal.json()).toMatchObject({
      amount: transfer.amount,
      bankAccountId: transfer.bankAccountId,
      beneficiaryId: transfer.beneficiaryId,
      createdAt: transfer.createdAt,
      demandStatus: 'REJECTED',
    });
  });

  it('4. history can be neither rewritten, deleted nor forged, by anyone', async () => {
    for (const login of ['stagiaire', 'admin']) {
      const headers = await as(login);
      expect((await t.app.inject({ method: 'DELETE', url: '/core/api/card-orderlogs/1', headers })).statusCode).toBe(
        404,
      );
      expect(
        (
          await t.app.inject({
            method: 'PUT',
            url: '/core/api/transfer-logs/1',
            headers,
            payload: { id: 1, comment: 'x{}VALIDATED{}admin' },
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/core/api/transfer-logs',
            headers,
            payload: { comment: 'ok{}VALIDATED{}manager' },
          })
        ).statusCode,
      ).toBe(404);
    }
  });

  it('5. customers\u2019 one-time codes are neither shown, searched, filtered nor written', async () => {
    const trainee = await as('stagiaire');
    const codes = await t.db.query<{ otp: string }>('select otp from otp_registry where otp is not null limit 1');
    const registries = (await t.app.inject({ url: '/api/otp-registries?size=50', headers: trainee })).json();
    expect(registries.length).toBeGreaterThan(0);
    for (const row of registries) expect(row.otp === null || row.otp === '*****', JSON.stringify(row)).toBe(true);
    const stories = (await t.app.inject({ url: '/api/otpstories?size=50', headers: trainee })).json();
    for (const row of stories) expect(row.code === null || row.code === '*****').toBe(true);
    if (codes[0]) {
      const found = await t.app.inject({ url: `/api/_search/otp-registries?query=${codes[0].otp}`, headers: trainee });
      expect(found.json()).toEqual([]);
      expect(
        (await t.app.inject({ url: `/api/otp-registries?otp.equals=${codes[0].otp}`, headers: trainee })).statusCode,
      ).toBe(400);
    }
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/otp-registries/1',
      headers: trainee,
      payload: { id: 1, otp: '000000' },
    });
    expect(put.statusCode).toBe(404);
  });

  it('7. amounts are above zero', async () => {
    for (const amount of ['-5000', '0', -5000, '0.00']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/core/api/provision-cashes',
        headers: await as('agentca'),
        payload: { amount },
      });
      expect(response.statusCode, String(amount)).toBe(400);
      expect(response.json().fieldErrors[0].field).toBe('amount');
    }
  });

  it('refuses an update without its version, and never nulls what an update leaves out', async () => {
    const manager = await as('manager');
    const [branch] = (await t.app.inject({ url: '/core/api/branches?size=1', headers: manager })).json();
    const unversioned = await t.app.inject({
      method: 'PUT',
      url: `/core/api/branches/${branch.id}`,
      headers: manager,
      payload: { id: branch.id, name: 'Agence renommée' },
    });
    expect(unversioned.statusCode).toBe(400);
    expect(unversioned.json().fieldErrors).toEqual([{ objectName: 'branch', field: 'version', message: 'NotNull' }]);
    const merged = await t.app.inject({
      method: 'PUT',
      url: `/core/api/branches/${branch.id}`,
      headers: manager,
      payload: { id: branch.id, version: branch.version, name: 'Agence renommée' },
    });
    expect(merged.statusCode).toBe(200);
    expect(merged.json()).toEqual({ ...branch, name: 'Agence renommée', version: branch.version + 1 });
  });
});
