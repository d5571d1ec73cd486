// The write matrix, beside the route matrix: generated from the registry, every entity × demo role ×
// (create, update, delete) gets the outcome the write policy gives it, and a refused write leaves the
// table as it was. Then the attacks of the security review (issue 18), each as the role that made it,
// and the fields that keep money as books: balances, an account's identity, amounts kept by supervisors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_ACCOUNTS,
  ENTITIES,
  SUPERVISORS,
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
import { fileable, fundedAccount } from './ledger-fixtures';

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
        payload: { ...requiredValues(entity), ...(await fileable(t.db, entity.name)), ...body },
      });
      expect(response.statusCode, `${field} ${JSON.stringify(body)}`).toBe(400);
      expect(response.json().fieldErrors.map((e: { field: string }) => e.field)).toContain(field);
      expect(await snapshot(entity)).toBe(before);
    }
    expect(statusField.kind).toBe('enum');
  });

  it('takes a decision that changes the status and the observation only, and nulls nothing', async () => {
    const deciders = DEMO_ACCOUNTS.filter((a) => a.authorities.some((r) => workflow.roles.includes(r)));
    const [row] = (
      await t.app.inject({
        url: `${entity.path}?${workflow.status}.in=${workflow.openStatuses.join(',')}&size=1&sort=id,asc`,
        headers: await as(deciders[0]!.login),
      })
    ).json();
    // Whoever filed it does not decide it (maker is not checker).
    const decider = deciders.find((a) => a.login !== row.filedBy)!.login;
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
    const bankAccountId = await fundedAccount(t.db);
    const attacks = [
      [
        'stagiaire',
        '/core/api/transfers',
        { amount: '5000000', bankAccountId, demandStatus: 'VALIDATED' },
        'demandStatus',
      ],
      [
        'agentsaisie',
        '/core/api/provision-cashes',
        { amount: '9000000', bankAccountId, demandStatus: 'VALIDATED' },
        'demandStatus',
      ],
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
    const bankAccountId = await fundedAccount(t.db);
    for (const amount of ['-5000', '0', -5000, '0.00']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/core/api/provision-cashes',
        headers: await as('agentca'),
        payload: { amount, bankAccountId },
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

describe('money is kept as books', () => {
  const account = entityByName('bankAccount');
  const loan = entityByName('loan');
  const transaction = entityByName('transaction');
  const STAFF = DEMO_ACCOUNTS.filter((a) => can(a.authorities, 'update', 'bankAccount'));
  const isSupervisor = (authorities: readonly string[]) => SUPERVISORS.some((role) => authorities.includes(role));

  /** The first row (newest first) in the state the query names: tests never name rows by id. */
  async function rowWhere(entity: Entity, query: string): Promise<Row> {
    const response = await t.app.inject({
      url: `${entity.path}?${query}&size=1&sort=id,desc`,
      headers: await as('admin'),
    });
    const [row] = response.json<Row[]>();
    expect(row, `${entity.name} where ${query}`).toBeDefined();
    return row!;
  }
  const openAccount = () =>
    rowWhere(account, 'bankAccountStatus.equals=OPENED&clientId.specified=true&balance.greaterThan=0');
  const runningLoan = () => rowWhere(loan, 'loanStatus.equals=IN_PROGRESS&remainingAmount.greaterThan=0');

  const fieldsOf = (response: { json(): unknown }) =>
    ((response.json() as { fieldErrors?: Array<{ field: string }> }).fieldErrors ?? []).map((e) => e.field);

  async function lastFieldChange(): Promise<
    { id: number; principal: string; data: Record<string, unknown> } | undefined
  > {
    const [event] = await t.db.query<{ id: number; principal: string; data: Record<string, unknown> }>(
      `select id, principal, data from audit_event where event_type = 'FIELD_CHANGED' order by id desc limit 1`,
    );
    return event;
  }

  it('refuses every balance of an account to every staff role, on create and on update: 400 naming it, nothing written', async () => {
    const balances = ['balance', 'blockedAmount', 'availableAmount', 'positionDate'];
    const row = await openAccount();
    const unexpected: string[] = [];
    for (const { login } of STAFF) {
      const headers = await as(login);
      for (const field of balances) {
        const value = field === 'positionDate' ? '2001-01-01T00:00:00Z' : '999999999';
        const before = await snapshot(account);
        const create = await t.app.inject({
          method: 'POST',
          url: account.path,
          headers,
          payload: { bankAccountNumber: `SNBOOKS-${login}-${field}`.slice(0, 34), [field]: value },
        });
        const update = await t.app.inject({
          method: 'PUT',
          url: `${account.path}/${row.id}`,
          headers,
          payload: { id: row.id, version: row.version, [field]: value },
        });
        for (const [action, response] of [
          ['create', create],
          ['update', update],
        ] as const) {
          if (response.statusCode !== 400 || !fieldsOf(response).includes(field))
            unexpected.push(`${action} ${field} as ${login}: ${response.statusCode} ${response.body}`);
        }
        if ((await snapshot(account)) !== before) unexpected.push(`${field} as ${login} changed bank_account`);
      }
    }
    expect(unexpected).toEqual([]);
    // What a GET returned goes back unchanged, and the account stays as it was.
    const echoed = await t.app.inject({
      method: 'PUT',
      url: `${account.path}/${row.id}`,
      headers: await as('stagiaire'),
      payload: row,
    });
    expect(echoed.statusCode, echoed.body).toBe(200);
    expect(echoed.json()).toMatchObject({
      balance: row.balance,
      availableAmount: row.availableAmount,
      version: row.version + 1,
    });
  });

  it('opens a new account at zero', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: account.path,
      headers: await as('agentsaisie'),
      payload: { bankAccountNumber: 'SNBOOKS-ZERO', iban: 'SN08 BOOKS ZERO' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      balance: '0',
      blockedAmount: '0',
      availableAmount: '0',
      positionDate: null,
    });
  });

  it('refuses the trainee of the review her overdraft of 50,000,000, another client and another IBAN', async () => {
    const trainee = await as('stagiaire');
    const row = await openAccount();
    const other = await rowWhere(entityByName('client'), `id.notEquals=${row.clientId}`);
    const before = await snapshot(account);
    const put = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'PUT',
        url: `${account.path}/${row.id}`,
        headers: trainee,
        payload: { id: row.id, version: row.version, ...payload },
      });
    const balances = await put({ balance: 999999999, availableAmount: 999999999, authorizedAmount: 50000000 });
    expect(balances.statusCode).toBe(400);
    expect(fieldsOf(balances).sort()).toEqual(['availableAmount', 'balance']);
    const overdraft = await put({ authorizedAmount: 50000000 });
    expect(overdraft.statusCode).toBe(403);
    expect(overdraft.json()).toMatchObject({
      message: 'error.fieldForbidden',
      fieldErrors: [{ objectName: 'bankAccount', field: 'authorizedAmount', message: 'Forbidden' }],
    });
    expect(fieldsOf(await put({ clientId: other.id }))).toEqual(['clientId']);
    expect(fieldsOf(await put({ iban: 'SN08 0000 AUTRE' }))).toEqual(['iban']);
    expect(await snapshot(account)).toBe(before);
  });

  it('fixes an account’s identity once opened, for every role, and takes it on create', async () => {
    const row = await openAccount();
    const other = await rowWhere(entityByName('client'), `id.notEquals=${row.clientId}`);
    const changed: Record<string, unknown> = {
      clientId: other.id,
      iban: 'SN08 0000 0000 CHANGE',
      bankAccountNumber: 'SNBOOKS-RENAMED',
      bankCode: 'SN999',
      sortCode: '99999',
      ibanAccount: '999999999999',
      ibanKey: '99',
    };
    const unexpected: string[] = [];
    for (const { login } of STAFF) {
      const headers = await as(login);
      for (const [field, value] of Object.entries(changed)) {
        const before = await snapshot(account);
        const response = await t.app.inject({
          method: 'PUT',
          url: `${account.path}/${row.id}`,
          headers,
          payload: { id: row.id, version: row.version, [field]: value },
        });
        if (
          response.statusCode !== 400 ||
          fieldsOf(response).join() !== field ||
          response.json().fieldErrors[0].message !== 'ReadOnly'
        )
          unexpected.push(`${field} as ${login}: ${response.statusCode} ${response.body}`);
        if ((await snapshot(account)) !== before) unexpected.push(`${field} as ${login} changed bank_account`);
      }
    }
    expect(unexpected).toEqual([]);
    const opened = await t.app.inject({
      method: 'POST',
      url: account.path,
      headers: await as('stagiaire'),
      payload: { ...changed, bankAccountNumber: 'SNBOOKS-OPENED' },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    expect(opened.json()).toMatchObject({ ...changed, bankAccountNumber: 'SNBOOKS-OPENED' });
  });

  const guarded: Array<[entity: Entity, field: string, pick: () => Promise<Row>]> = [
    [account, 'authorizedAmount', openAccount],
    ...['nominalAmount', 'remainingAmount', 'monthlyPayment', 'interestRate'].map(
      (field): [Entity, string, () => Promise<Row>] => [loan, field, runningLoan],
    ),
  ];

  it.each(guarded.map(([entity, field, pick]) => [`${entity.name}.${field}`, entity, field, pick] as const))(
    '%s: 403 for every role but MANAGER and ADMIN, nothing written; 200 and FIELD_CHANGED for them',
    async (_name, entity, field, pick) => {
      for (const { login, authorities } of STAFF) {
        const row = await pick();
        const value =
          entity.field(field)!.kind === 'decimal'
            ? (Number(row[field] ?? 0) + 0.25).toFixed(2)
            : String(Number(row[field] ?? 0) + 1000);
        const before = await snapshot(entity);
        const lastEvent = await lastFieldChange();
        const response = await t.app.inject({
          method: 'PUT',
          url: `${entity.path}/${row.id}`,
          headers: await as(login),
          payload: { id: row.id, version: row.version, [field]: value },
        });
        if (!isSupervisor(authorities)) {
          expect(response.statusCode, `${login}: ${response.body}`).toBe(403);
          expect(response.json()).toMatchObject({ message: 'error.fieldForbidden' });
          expect(fieldsOf(response)).toEqual([field]);
          expect(await snapshot(entity)).toBe(before);
          expect((await lastFieldChange())?.id).toBe(lastEvent?.id);
          continue;
        }
        expect(response.statusCode, `${login}: ${response.body}`).toBe(200);
        expect(Number(response.json()[field])).toBe(Number(value));
        const event = await lastFieldChange();
        expect(event?.principal).toBe(login);
        expect(event?.data).toMatchObject({ entity: entity.name, id: row.id, field });
        expect(Number(event?.data.from)).toBe(Number(row[field] ?? 0));
        expect(Number(event?.data.to)).toBe(Number(value));
      }
    },
  );

  it('lets only supervisors give a new loan its amounts, each first value audited from nothing', async () => {
    const amounts = {
      nominalAmount: '3000000',
      remainingAmount: '3000000',
      monthlyPayment: '95000',
      interestRate: '8.5',
    };
    const before = await snapshot(loan);
    const refused = await t.app.inject({
      method: 'POST',
      url: loan.path,
      headers: await as('stagiaire'),
      payload: { loanRef: 'PRTBOOKS01', ...amounts },
    });
    expect(refused.statusCode).toBe(403);
    expect(fieldsOf(refused).sort()).toEqual(Object.keys(amounts).sort());
    expect(await snapshot(loan)).toBe(before);
    // The review's trainee could settle a loan by hand: no more.
    const running = await runningLoan();
    const settled = await t.app.inject({
      method: 'PUT',
      url: `${loan.path}/${running.id}`,
      headers: await as('stagiaire'),
      payload: { remainingAmount: 0, id: running.id, version: running.version },
    });
    expect(settled.statusCode).toBe(403);

    const created = await t.app.inject({
      method: 'POST',
      url: loan.path,
      headers: await as('manager'),
      payload: { loanRef: 'PRTBOOKS02', ...amounts },
    });
    expect(created.statusCode, created.body).toBe(201);
    const events = await t.db.query<{ principal: string; data: Record<string, unknown> }>(
      `select principal, data from audit_event where event_type = 'FIELD_CHANGED' and data->>'entity' = 'loan'
          and (data->>'id')::bigint = $1 order by id`,
      [created.json().id],
    );
    expect(events).toEqual(
      Object.entries(amounts).map(([field, to]) => ({
        principal: 'manager',
        data: { entity: 'loan', id: created.json().id, field, from: null, to },
      })),
    );
    // A trainee may still write what is not an amount, and the amounts stay as they were.
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `${loan.path}/${created.json().id}`,
      headers: await as('stagiaire'),
      payload: { ...created.json<Row>(), label: 'Prêt renommé' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ label: 'Prêt renommé', nominalAmount: '3000000' });
  });

  it('refuses a fraction of a franc, as text or number: 400 naming the field, nothing stored or rounded', async () => {
    const row = await openAccount();
    const attempts: Array<[string, Record<string, unknown>, InjectOptions]> = [];
    for (const amount of [0.001, 12.5, '12.50', '12.00', '0.001']) {
      attempts.push([
        'amount',
        { amount },
        { method: 'POST', url: '/core/api/transfers', headers: await as('agentsaisie') },
      ]);
      attempts.push([
        'authorizedAmount',
        { authorizedAmount: amount },
        { method: 'PUT', url: `${account.path}/${row.id}`, headers: await as('manager') },
      ]);
    }
    for (const [field, payload, call] of attempts) {
      const entity = call.url === '/core/api/transfers' ? entityByName('transfer') : account;
      const before = await snapshot(entity);
      const response = await t.app.inject({
        ...call,
        payload: call.method === 'PUT' ? { id: row.id, version: row.version, ...payload } : payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(fieldsOf(response), JSON.stringify(payload)).toContain(field);
      expect(await snapshot(entity)).toBe(before);
    }
  });

  it('has no route that creates, corrects or deletes a transaction, for any role', async () => {
    const [row] = (
      await t.app.inject({ url: `${transaction.path}?size=1&sort=id,desc`, headers: await as('admin') })
    ).json<Row[]>();
    for (const { login } of DEMO_ACCOUNTS) {
      const headers = await as(login);
      const before = await snapshot(transaction);
      const calls: InjectOptions[] = [
        {
          method: 'POST',
          url: transaction.path,
          payload: { amount: '5000', direction: 'C', bankAccountId: row!.bankAccountId },
        },
        { method: 'PUT', url: `${transaction.path}/${row!.id}`, payload: { ...row, amount: '999999999' } },
        { method: 'DELETE', url: `${transaction.path}/${row!.id}` },
      ];
      for (const call of calls) {
        const response = await t.app.inject({ ...call, headers });
        expect(refusedByGate(response), `${call.method} as ${login}: ${response.statusCode}`).toBe(true);
      }
      expect(await snapshot(transaction)).toBe(before);
    }
    await expect(
      t.db.query(`update ${quote(transaction.table)} set amount = 0 where id = $1`, [row!.id]),
    ).rejects.toThrow(/append-only/);
  }, 120_000);
});
