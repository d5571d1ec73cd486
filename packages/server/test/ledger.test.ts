// The books, tried as staff would through the API on the demo data: a transfer filed holds its amount, its
// validation posts it once (the customer's statement line, the new balances), a rejection releases it, an
// overdrawing one is refused with what is available, the filer cannot decide it, two trainees cannot
// complete a large one, a daily limit stops a filer, a provision posts to its branch's cash, a transfer
// validated before its date posts on that date, and the books reconcile after each of these.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from './helper';
import { entityByName } from '@bank/domain';
import type { Queryable } from '../src/db/database';
import { EntityService } from '../src/engine/entity-service';
import { postDue } from '../src/ledger/due-postings';

let t: TestApp;
const headers = new Map<string, Record<string, string>>();
const as = (login: string) => headers.get(login)!;

type Row = Record<string, unknown> & { id: number; version: number };

interface Account {
  id: number;
  balance: number;
  blocked: number;
  available: number;
  authorized: number;
  iban: string;
}

beforeAll(async () => {
  t = await startTestApp({ seed: 'demo', config: { fourEyesThresholdXof: 1_000_000 } });
  for (const login of ['admin', 'manager', 'responsabledesk', 'stagiaire', 'agentsaisie', 'agentca', 'agentrsic']) {
    headers.set(login, bearer(await t.tokenFor(login)));
  }
});
afterAll(() => t.close());

const whole = (value: unknown) => Number(String(value));

async function account(id: number): Promise<Account> {
  const [row] = await t.db.query<Record<string, unknown>>(
    `select id, balance, blocked_amount, available_amount, authorized_amount, iban from bank_account where id = $1`,
    [id],
  );
  return {
    id,
    balance: whole(row!.balance),
    blocked: whole(row!.blocked_amount),
    available: whole(row!.available_amount),
    authorized: whole(row!.authorized_amount ?? 0),
    iban: String(row!.iban),
  };
}

/** An open account with at least `funds` available and none held, and an accepted beneficiary outside the bank. */
async function accountWithFunds(
  funds: number,
  skip: number[] = [],
): Promise<{ account: Account; beneficiary: number }> {
  const [row] = await t.db.query<{ id: number; beneficiary: number }>(
    `select a.id, (select b.id from beneficiary b where b.beneficiary_status = 'ACCEPTED'
                     and not exists (select 1 from bank_account x where x.iban = b.iban) order by b.id limit 1) as beneficiary
       from bank_account a
      where a.bank_account_status = 'OPENED' and a.available_amount >= $1 and a.blocked_amount = 0
        and a.id <> all($2::bigint[])
      order by a.id limit 1`,
    [funds, skip],
  );
  return { account: await account(Number(row!.id)), beneficiary: Number(row!.beneficiary) };
}

const ledger = async () =>
  (await t.app.inject({ url: '/management/ledger', headers: as('admin') })).json<{
    balanced: boolean;
    checks: Array<{ name: string; ok: boolean; broken: unknown[] }>;
  }>();

async function expectBalanced() {
  const report = await ledger();
  expect(report.checks.filter((c) => !c.ok)).toEqual([]);
  expect(report.balanced).toBe(true);
}

const file = (login: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/core/api/transfers', headers: as(login), payload });

async function fileTransfer(login: string, accountId: number, beneficiaryId: number, amount: number, execDate?: Date) {
  const response = await file(login, {
    amount: String(amount),
    bankAccountId: accountId,
    beneficiaryId,
    demandStatus: 'PENDING',
    execDate: (execDate ?? new Date()).toISOString(),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Row>();
}

const decide = async (path: string, id: number, login: string, status: string) => {
  const row = (await t.app.inject({ url: `${path}/${id}`, headers: as(login) })).json<Row>();
  return t.app.inject({
    method: 'PUT',
    url: `${path}/${id}`,
    headers: as(login),
    payload: {
      id,
      version: row.version,
      demandStatus: status,
      [path.includes('provision') ? 'motif' : 'comment']: `Décision de ${login}`,
    },
  });
};

describe('the books', () => {
  it('open balanced on the demo data', async () => {
    await expectBalanced();
  });

  it('hold a transfer when filed, post it once when validated, with the customer’s statement line', async () => {
    const { account: before, beneficiary } = await accountWithFunds(200_000);
    const transfer = await fileTransfer('agentsaisie', before.id, beneficiary, 130_500);
    expect(transfer.filedBy).toBe('agentsaisie');
    const held = await account(before.id);
    expect(held).toMatchObject({
      balance: before.balance,
      blocked: before.blocked + 130_500,
      available: before.available - 130_500,
    });
    await expectBalanced();

    const validated = await decide('/core/api/transfers', transfer.id, 'manager', 'VALIDATED');
    expect(validated.statusCode, validated.body).toBe(200);
    const after = await account(before.id);
    expect(after).toMatchObject({
      balance: before.balance - 130_500,
      blocked: before.blocked,
      available: before.available - 130_500,
    });
    const lines = (
      await t.app.inject({
        url: `/core/api/transactions?bankAccountId.equals=${before.id}&sort=id,desc&size=1`,
        headers: as('manager'),
      })
    ).json<Row[]>();
    expect(lines[0]).toMatchObject({
      direction: 'D',
      beforeBalance: expect.stringMatching(new RegExp(`^${before.balance}(\\.00)?$`)),
      afterBalance: expect.stringMatching(new RegExp(`^${before.balance - 130_500}(\\.00)?$`)),
    });
    expect(whole(lines[0]!.amount)).toBe(130_500);
    expect(String(lines[0]!.label)).toMatch(/^Virement émis/);
    await expectBalanced();

    // A replayed decision finds the request closed: nothing posts twice.
    const again = await decide('/core/api/transfers', transfer.id, 'responsabledesk', 'VALIDATED');
    expect(again.statusCode).toBe(409);
    expect((await account(before.id)).balance).toBe(before.balance - 130_500);
  });

  it('hold transfers filed at once on one account, one after the other', async () => {
    const { account: before, beneficiary } = await accountWithFunds(100_000);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        file('agentsaisie', {
          amount: '1000',
          bankAccountId: before.id,
          beneficiaryId: beneficiary,
          demandStatus: 'PENDING',
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(201));
    expect(await account(before.id)).toMatchObject({
      blocked: before.blocked + 10_000,
      available: before.available - 10_000,
    });
    await expectBalanced();
  });

  it('release the hold of a rejected transfer', async () => {
    const { account: before, beneficiary } = await accountWithFunds(100_000);
    const transfer = await fileTransfer('agentsaisie', before.id, beneficiary, 40_000);
    expect((await account(before.id)).available).toBe(before.available - 40_000);
    const rejected = await decide('/core/api/transfers', transfer.id, 'stagiaire', 'REJECTED');
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await account(before.id)).toMatchObject({
      balance: before.balance,
      blocked: before.blocked,
      available: before.available,
    });
    await expectBalanced();
  });

  it('refuse a transfer the account cannot cover, saying what is available', async () => {
    const { account: before, beneficiary } = await accountWithFunds(1_000);
    const response = await file('agentsaisie', {
      amount: String(before.available + before.authorized + 1),
      bankAccountId: before.id,
      beneficiaryId: beneficiary,
      demandStatus: 'PENDING',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: 'error.insufficientFunds',
      figures: { available: String(before.available) },
    });
    expect(await account(before.id)).toEqual(before);
  });

  it('refuse a transfer to the account it debits', async () => {
    const { account: before } = await accountWithFunds(1_000);
    const [own] = await t.db.query<{ id: number }>(
      `insert into beneficiary (name, iban, beneficiary_status)
       select 'Soi-même', iban, 'ACCEPTED' from bank_account where id = $1 returning id`,
      [before.id],
    );
    const response = await file('agentsaisie', {
      amount: '500',
      bankAccountId: before.id,
      beneficiaryId: own!.id,
      demandStatus: 'PENDING',
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ message: 'error.sameAccount' });
    expect(await account(before.id)).toEqual(before);
  });

  it('refuse an amount with a fraction of a franc', async () => {
    const { account: before, beneficiary } = await accountWithFunds(1_000);
    const response = await file('agentsaisie', {
      amount: '0.001',
      bankAccountId: before.id,
      beneficiaryId: beneficiary,
      demandStatus: 'PENDING',
    });
    expect(response.statusCode).toBe(400);
    expect(await account(before.id)).toEqual(before);
  });

  it('let no filer decide their own request', async () => {
    const { account: before, beneficiary } = await accountWithFunds(50_000);
    const transfer = await fileTransfer('stagiaire', before.id, beneficiary, 10_000);
    const own = await decide('/core/api/transfers', transfer.id, 'stagiaire', 'VALIDATED');
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('error.makerChecker');
    expect((await account(before.id)).balance).toBe(before.balance);
  });

  it('never let two trainees complete a large transfer', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: as('admin'),
      payload: {
        login: 'stagiaire2',
        firstName: 'Awa',
        lastName: 'Sarr',
        email: 'stagiaire2@banque.sn',
        activated: true,
        langKey: 'fr',
        authorities: ['ROLE_STAGIAIRE'],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const [user] = await t.db.query<{ id: number }>(`select id from app_user where login = 'stagiaire2'`);
    const { hashPassword } = await import('../src/security/passwords');
    await t.db.query('update app_user set password_hash = $1 where id = $2', [
      await hashPassword('stagiaire2'),
      user!.id,
    ]);
    headers.set('stagiaire2', bearer(await t.tokenFor('stagiaire2')));

    const { account: before, beneficiary } = await accountWithFunds(2_000_000);
    const transfer = await fileTransfer('agentsaisie', before.id, beneficiary, 1_500_000);
    const first = await decide('/core/api/transfers', transfer.id, 'stagiaire', 'VALIDATED');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().demandStatus).toBe('PENDING');
    const second = await decide('/core/api/transfers', transfer.id, 'stagiaire2', 'VALIDATED');
    expect(second.statusCode).toBe(403);
    expect(second.json().message).toBe('error.seniorApproval');
    expect((await account(before.id)).balance).toBe(before.balance);
    const senior = await decide('/core/api/transfers', transfer.id, 'manager', 'VALIDATED');
    expect(senior.statusCode, senior.body).toBe(200);
    expect(senior.json().demandStatus).toBe('VALIDATED');
    expect((await account(before.id)).balance).toBe(before.balance - 1_500_000);
    await expectBalanced();
  });

  it('stop a filer at their daily limit, saying what is left', async () => {
    const [user] = await t.db.query<{ id: number }>(`select id from app_user where login = 'agentca'`);
    await t.db.query(`update app_user set limit_day_transfer = 1000 where id = $1`, [user!.id]);
    const { account: before, beneficiary } = await accountWithFunds(10_000);
    const response = await file('agentca', {
      amount: '5000',
      bankAccountId: before.id,
      beneficiaryId: beneficiary,
      demandStatus: 'PENDING',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'error.limitExceeded', figures: { period: 'day', left: '1000' } });
    expect(await account(before.id)).toEqual(before);
    const within = await file('agentca', {
      amount: '1000',
      bankAccountId: before.id,
      beneficiaryId: beneficiary,
      demandStatus: 'PENDING',
    });
    expect(within.statusCode, within.body).toBe(201);
    await t.db.query(`update app_user set limit_day_transfer = null where id = $1`, [user!.id]);
  });

  it('post a provision to its branch’s cash account', async () => {
    const { account: before } = await accountWithFunds(100_000);
    const [branch] = await t.db.query<{ id: number }>(`select id from branch order by id limit 1`);
    const created = await t.app.inject({
      method: 'POST',
      url: '/core/api/provision-cashes',
      headers: as('agentsaisie'),
      payload: { amount: '25000', bankAccountId: before.id, branchId: branch!.id, demandStatus: 'PENDING' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((await account(before.id)).blocked).toBe(before.blocked + 25_000);
    const validated = await decide('/core/api/provision-cashes', created.json<Row>().id, 'agentca', 'VALIDATED');
    expect(validated.statusCode, validated.body).toBe(200);
    expect((await account(before.id)).balance).toBe(before.balance - 25_000);
    const [cash] = await t.db.query<{ balance: string }>(
      `select coalesce(sum(p.amount), 0)::text as balance from ledger_posting p
         join ledger_account a on a.id = p.ledger_account_id where a.code = $1`,
      [`cash.branch.${branch!.id}`],
    );
    expect(Number(cash!.balance)).toBeGreaterThanOrEqual(25_000);
    await expectBalanced();
  });

  it('put money right only through a correction filed by one supervisor and validated by another', async () => {
    const { account: before } = await accountWithFunds(1_000);
    const correction = (payload: Record<string, unknown>, login = 'manager') =>
      t.app.inject({ method: 'POST', url: '/core/api/ledger-corrections', headers: as(login), payload });
    const byTrainee = await correction(
      { bankAccountId: before.id, amount: '10000', direction: 'C', reason: 'Frais prélevés à tort' },
      'stagiaire',
    );
    expect(byTrainee.statusCode).toBe(403);
    const credit = await correction({
      bankAccountId: before.id,
      amount: '10000',
      direction: 'C',
      reason: 'Frais prélevés à tort',
    });
    expect(credit.statusCode, credit.body).toBe(201);
    expect((await account(before.id)).balance).toBe(before.balance);
    const own = await decide('/core/api/ledger-corrections', credit.json<Row>().id, 'manager', 'VALIDATED');
    expect(own.statusCode).toBe(403);
    const validated = await decide('/core/api/ledger-corrections', credit.json<Row>().id, 'admin', 'VALIDATED');
    expect(validated.statusCode, validated.body).toBe(200);
    expect(await account(before.id)).toMatchObject({
      balance: before.balance + 10_000,
      available: before.available + 10_000,
    });
    await expectBalanced();

    // A debit the account cannot give is refused when validated, and nothing is decided.
    const now = await account(before.id);
    const debit = await correction({
      bankAccountId: before.id,
      amount: String(now.available + now.authorized + 1),
      direction: 'D',
      reason: 'Double crédit',
    });
    expect(debit.statusCode, debit.body).toBe(201);
    const refused = await decide('/core/api/ledger-corrections', debit.json<Row>().id, 'admin', 'VALIDATED');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('error.insufficientFunds');
    expect(await account(before.id)).toEqual(now);
    const still = await t.app.inject({
      url: `/core/api/ledger-corrections/${debit.json<Row>().id}`,
      headers: as('admin'),
    });
    expect(still.json().demandStatus).toBe('INPROGRESS');
    await expectBalanced();
  });

  it('keep the hold of a transfer validated before its date, and post it on that date, once', async () => {
    const { account: before, beneficiary } = await accountWithFunds(60_000);
    const transfer = await fileTransfer('agentsaisie', before.id, beneficiary, 20_000, new Date(Date.now() + 1_500));
    const validated = await decide('/core/api/transfers', transfer.id, 'manager', 'VALIDATED');
    expect(validated.statusCode, validated.body).toBe(200);
    expect(await account(before.id)).toMatchObject({ balance: before.balance, blocked: before.blocked + 20_000 });
    await expectBalanced();
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    const read = (entity: string, id: number, tx: Queryable) =>
      new EntityService(entityByName(entity), t.db).get(id, tx);
    // Two instances looking at once: one posts it.
    const posted = await Promise.all([postDue(t.db, read), postDue(t.db, read)]);
    expect(posted.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await account(before.id)).toMatchObject({ balance: before.balance - 20_000, blocked: before.blocked });
    await expectBalanced();
  });
});
