// Property tests of the books (fast-check): random runs of filing, validating, rejecting and cancelling
// transfers and provisions, decisions sent twice at once, and corrections, over a few accounts, through
// the API. After each run, every account's balance is its opening amount plus what its validated requests
// and corrections moved, its blocked amount is what its undecided requests hold, a filing was refused
// exactly when the account could not cover it, and the ledger check finds the books balanced.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from './helper';
import { FILER, fundedAccount } from './ledger-fixtures';
import { checkBooks } from '../src/ledger/check';

const THRESHOLD = 60_000;
const OPENING = 150_000;
let t: TestApp;
const headers = new Map<string, Record<string, string>>();
const as = (login: string) => headers.get(login)!;

beforeAll(async () => {
  t = await startTestApp({ config: { fourEyesThresholdXof: THRESHOLD } });
  for (const login of ['admin', 'manager', 'responsabledesk', 'stagiaire', 'agentca', 'agentrsic', FILER]) {
    headers.set(login, bearer(await t.tokenFor(login)));
  }
});
afterAll(() => t.close());

const KINDS = {
  transfer: { path: '/core/api/transfers', deciders: ['manager', 'responsabledesk', 'stagiaire'], comment: 'comment' },
  provisionCash: { path: '/core/api/provision-cashes', deciders: ['agentca', 'agentrsic'], comment: 'motif' },
} as const;
type Kind = keyof typeof KINDS;

type Action =
  | { type: 'file'; kind: Kind; account: number; amount: number; toAccount: number | null }
  | { type: 'decide'; request: number; status: 'VALIDATED' | 'REJECTED' | 'CANCELLED'; decider: number; twice: boolean }
  | { type: 'correct'; account: number; amount: number; direction: 'C' | 'D' };

const ACCOUNTS = 3;
const action: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      type: fc.constant('file' as const),
      kind: fc.constantFrom<Kind>('transfer', 'provisionCash'),
      account: fc.nat(ACCOUNTS - 1),
      amount: fc.integer({ min: 1, max: 120 }).map((n) => n * 1_000),
      toAccount: fc.option(fc.nat(ACCOUNTS - 1), { nil: null }),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      type: fc.constant('decide' as const),
      request: fc.nat(30),
      status: fc.constantFrom('VALIDATED' as const, 'VALIDATED' as const, 'REJECTED' as const, 'CANCELLED' as const),
      decider: fc.nat(2),
      twice: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('correct' as const),
      account: fc.nat(ACCOUNTS - 1),
      amount: fc.integer({ min: 1, max: 50 }).map((n) => n * 1_000),
      direction: fc.constantFrom('C' as const, 'D' as const),
    }),
  },
);

interface Filed {
  kind: Kind;
  id: number;
  account: number;
  amount: number;
  /** The account credited when a transfer goes to a beneficiary of this bank. */
  credited: number | null;
}

const figures = async (id: number) => {
  const [row] = await t.db.query<{ balance: string; blocked: string; available: string }>(
    `select balance::text, blocked_amount::text as blocked, available_amount::text as available
       from bank_account where id = $1`,
    [id],
  );
  return { balance: Number(row!.balance), blocked: Number(row!.blocked), available: Number(row!.available) };
};

async function run(actions: Action[]): Promise<void> {
  const accounts: number[] = [];
  const ibans: string[] = [];
  for (let i = 0; i < ACCOUNTS; i++) {
    const id = await fundedAccount(t.db, OPENING);
    const iban = `SN99PROP${String(id).padStart(16, '0')}`;
    await t.db.query('update bank_account set iban = $1 where id = $2', [iban, id]);
    accounts.push(id);
    ibans.push(iban);
  }
  // A beneficiary outside the bank, and one per account of the run (a transfer between customers).
  const beneficiary = async (iban: string) =>
    (
      await t.db.query<{ id: number }>(
        `insert into beneficiary (name, iban, beneficiary_status) values ('Bénéficiaire', $1, 'ACCEPTED') returning id`,
        [iban],
      )
    )[0]!.id;
  const outside = await beneficiary('SN01OTHERBANK000000000000001');
  const inside = await Promise.all(ibans.map(beneficiary));

  const filed: Filed[] = [];
  const corrections: Array<{ account: number; signed: number; validated: boolean }> = [];
  for (const step of actions) {
    if (step.type === 'file') {
      const kind = KINDS[step.kind];
      const account = accounts[step.account]!;
      const before = await figures(account);
      const toAccount = step.kind === 'transfer' && step.toAccount !== null ? accounts[step.toAccount]! : null;
      const response = await t.app.inject({
        method: 'POST',
        url: kind.path,
        headers: as(FILER),
        payload: {
          amount: String(step.amount),
          bankAccountId: account,
          demandStatus: 'PENDING',
          ...(step.kind === 'transfer'
            ? { beneficiaryId: toAccount === null ? outside : inside[step.toAccount!]! }
            : {}),
        },
      });
      // Refused exactly when the account cannot cover it (no overdraft here) or would pay itself.
      const payable = before.available >= step.amount && toAccount !== account;
      expect(response.statusCode, response.body).toBe(payable ? 201 : 400);
      if (response.statusCode === 201) {
        filed.push({ kind: step.kind, id: response.json().id, account, amount: step.amount, credited: toAccount });
      }
    } else if (step.type === 'decide') {
      const request = filed[step.request % Math.max(filed.length, 1)];
      if (!request) continue;
      const kind = KINDS[request.kind];
      const row = (await t.app.inject({ url: `${kind.path}/${request.id}`, headers: as('manager') })).json();
      const decide = (login: string) =>
        t.app.inject({
          method: 'PUT',
          url: `${kind.path}/${request.id}`,
          headers: as(login),
          payload: { id: request.id, version: row.version, demandStatus: step.status, [kind.comment]: 'Décision' },
        });
      const first = kind.deciders[step.decider % kind.deciders.length]!;
      const second = kind.deciders[(step.decider + 1) % kind.deciders.length]!;
      const answers = await Promise.all(step.twice ? [decide(first), decide(second)] : [decide(first)]);
      // Two decisions on one version: at most one is taken.
      expect(answers.filter((a) => a.statusCode === 200).length).toBeLessThanOrEqual(1);
      for (const answer of answers) expect([200, 400, 403, 409], answer.body).toContain(answer.statusCode);
    } else {
      const account = accounts[step.account]!;
      const created = await t.app.inject({
        method: 'POST',
        url: '/core/api/ledger-corrections',
        headers: as('manager'),
        payload: {
          bankAccountId: account,
          amount: String(step.amount),
          direction: step.direction,
          reason: 'Propriété',
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const before = await figures(account);
      const validated = await t.app.inject({
        method: 'PUT',
        url: `/core/api/ledger-corrections/${created.json().id}`,
        headers: as('admin'),
        payload: { id: created.json().id, version: 0, demandStatus: 'VALIDATED', comment: 'Vérifié' },
      });
      const covered = step.direction === 'C' || before.available >= step.amount;
      expect(validated.statusCode, validated.body).toBe(covered ? 200 : 400);
      corrections.push({
        account,
        signed: step.direction === 'D' ? -step.amount : step.amount,
        validated: validated.statusCode === 200,
      });
    }
  }

  // What the books must show, from the statuses the requests ended in.
  const statuses = new Map<string, string>();
  for (const kind of Object.keys(KINDS) as Kind[]) {
    const ids = filed.filter((f) => f.kind === kind).map((f) => f.id);
    const table = kind === 'transfer' ? 'transfer' : 'provision_cash';
    const rows = await t.db.query<{ id: number; demand_status: string }>(
      `select id, demand_status from ${table} where id = any($1::bigint[])`,
      [ids],
    );
    for (const row of rows) statuses.set(`${kind}:${row.id}`, row.demand_status);
  }
  for (const account of accounts) {
    let balance = OPENING;
    let blocked = 0;
    for (const request of filed) {
      const status = statuses.get(`${request.kind}:${request.id}`)!;
      if (request.account === account && status === 'VALIDATED') balance -= request.amount;
      if (request.credited === account && status === 'VALIDATED') balance += request.amount;
      if (request.account === account && (status === 'PENDING' || status === 'INPROGRESS')) blocked += request.amount;
    }
    for (const c of corrections) if (c.account === account && c.validated) balance += c.signed;
    expect(await figures(account)).toEqual({ balance, blocked, available: balance - blocked });
  }
  const report = await checkBooks(t.db);
  expect(report.checks.filter((c) => !c.ok)).toEqual([]);
}

describe('the books under random runs of decisions', () => {
  it('hold, post and release exactly as the requests were decided, and stay balanced', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 5, maxLength: 40 }), (actions) => run(actions)),
      { numRuns: 12 },
    );
  }, 300_000);
});
