// Whether the books reconcile (`npm run ledger:check`, `GET management/ledger`): each invariant the ledger
// keeps is counted over the whole database, with its figures and the first rows that break it. Reads
// only; each check is one set-based query, so that bank scale is checked in seconds.
import { MONEY_REQUESTS, entityByName, workflowOf } from '@bank/domain';
import type { Queryable } from '../db/database';
import { quote } from '../db/schema';

export interface LedgerCheck {
  /** Stable, for a screen to name the check in its own language (`ledger.check.<key>`). */
  key: string;
  name: string;
  ok: boolean;
  /** What was counted (rows checked, rows breaking it, sums as exact strings). */
  figures: Record<string, number | string>;
  /** Up to five rows that break it, to start from. */
  broken: Array<Record<string, unknown>>;
}

export interface LedgerReport {
  balanced: boolean;
  checkedAt: string;
  ms: number;
  checks: LedgerCheck[];
  /** The bank's own accounts and the sum of their postings (credits positive). */
  internalAccounts: Array<{ code: string; kind: string; name: string; balance: string }>;
}

/** How long a request validated for a date may wait past it before the check calls it overdue. */
const DUE_GRACE = '10 minutes';

const count = (value: unknown) => Number(value ?? 0);

async function check(
  db: Queryable,
  key: string,
  name: string,
  figuresSql: string,
  brokenSql: string,
  params: unknown[] = [],
  failing = 'broken',
): Promise<LedgerCheck> {
  const [figures] = await db.query<Record<string, unknown>>(figuresSql, params);
  const shaped = Object.fromEntries(
    Object.entries(figures ?? {}).map(([key, value]) => [key, typeof value === 'string' ? value : count(value)]),
  );
  const ok = count(shaped[failing]) === 0;
  const broken = ok ? [] : await db.query<Record<string, unknown>>(`${brokenSql} limit 5`, params);
  return { key, name, ok, figures: shaped, broken };
}

export async function checkBooks(db: Queryable): Promise<LedgerReport> {
  const started = performance.now();
  const checks: LedgerCheck[] = [];

  checks.push(
    await check(
      db,
      'entriesBalanced',
      'every entry has two postings or more that sum to zero',
      `select count(*) as entries,
              count(*) filter (where p.n is null or p.n < 2 or p.total <> 0) as broken,
              (select count(*) from ledger_posting) as postings,
              (select coalesce(sum(amount), 0)::text from ledger_posting) as "sumOfAllPostings"
         from ledger_entry e
         left join (select entry_id, count(*) as n, sum(amount) as total from ledger_posting group by entry_id) p
                on p.entry_id = e.id`,
      `select e.id, e.entry_key, p.n as postings, p.total::text as total
         from ledger_entry e
         left join (select entry_id, count(*) as n, sum(amount) as total from ledger_posting group by entry_id) p
                on p.entry_id = e.id
        where p.n is null or p.n < 2 or p.total <> 0 order by e.id`,
    ),
  );

  // One scan of the accounts against their postings and open holds, shared by the account checks.
  const positions = `select a.id, a.balance, a.blocked_amount, a.available_amount, coalesce(a.authorized_amount, 0) as authorized,
            coalesce(p.total, 0) as posted, coalesce(h.held, 0) as held
       from bank_account a
       left join (select bank_account_id, sum(amount) as total from ledger_posting
                   where bank_account_id is not null group by bank_account_id) p on p.bank_account_id = a.id
       left join (select bank_account_id, sum(amount) as held from ledger_hold
                   where settled_at is null group by bank_account_id) h on h.bank_account_id = a.id`;
  const [accounts] = await db.query<Record<string, unknown>>(
    `select count(*) as accounts,
            count(*) filter (where balance is distinct from posted) as "balanceNotPostings",
            count(*) filter (where blocked_amount is distinct from held) as "blockedNotHolds",
            count(*) filter (where available_amount is distinct from balance - blocked_amount) as "availableNotBalanceMinusBlocked",
            count(*) filter (where balance < -authorized) as "balanceBelowOverdraft",
            count(*) filter (where available_amount < -authorized) as "availableBelowOverdraft",
            coalesce(sum(balance), 0)::text as "sumOfBalances",
            coalesce(sum(held), 0)::text as "sumOfHolds"
       from (${positions}) x`,
  );
  // Each account check is named by the figure that counts its broken accounts.
  const accountCheck = async (key: string, name: string, condition: string, sum?: string): Promise<LedgerCheck> => {
    const broken = count(accounts![key]);
    return {
      key,
      name,
      ok: broken === 0,
      figures: { accounts: count(accounts!.accounts), broken, ...(sum ? { [sum]: String(accounts![sum]) } : {}) },
      broken:
        broken === 0
          ? []
          : await db.query<Record<string, unknown>>(
              `select id, balance::text, blocked_amount::text as blocked, available_amount::text as available,
                      authorized::text, posted::text, held::text
                 from (${positions}) x where ${condition} order by id limit 5`,
            ),
    };
  };
  checks.push(
    await accountCheck(
      'balanceNotPostings',
      'each account’s balance equals its postings',
      'balance is distinct from posted',
      'sumOfBalances',
    ),
    await accountCheck(
      'blockedNotHolds',
      'each account’s blocked amount equals its open holds',
      'blocked_amount is distinct from held',
      'sumOfHolds',
    ),
    await accountCheck(
      'availableNotBalanceMinusBlocked',
      'each account’s available amount is its balance minus its blocked amount',
      'available_amount is distinct from balance - blocked_amount',
    ),
    await accountCheck(
      'balanceBelowOverdraft',
      'no account’s balance is below minus its authorised overdraft',
      'balance < -authorized',
    ),
    await accountCheck(
      'availableBelowOverdraft',
      'no account’s available amount is below minus its authorised overdraft',
      'available_amount < -authorized',
    ),
  );

  for (const money of MONEY_REQUESTS) {
    const entity = entityByName(money.entity);
    const workflow = workflowOf(money.entity)!;
    const status = `r.${quote(entity.field(workflow.status)!.column)}`;
    const createdAt = `r.${quote(entity.field('createdAt')!.column)}`;
    const from = `${quote(entity.table)} r
      left join ledger_hold h on h.request_entity = $1::text and h.request_id = r.id
      left join ledger_entry e on e.entry_key = $2::text || ':' || r.id
      cross join (select coalesce((select opened_at from ledger_book), '-infinity') as opened_at) b`;
    // What each status requires of the books. A request decided before the books opened has no hold.
    const wrong = `(
      (${status} = any($3::text[]) and (h.request_id is null or h.settled_at is not null))
      or (${status} = $4 and h.request_id is null and ${createdAt} > b.opened_at)
      or (${status} = $4 and h.request_id is not null and not (
            (h.settlement = 'posted' and e.id is not null and h.entry_id = e.id)
            or (h.settled_at is null and h.due_at is not null and h.due_at > now() - interval '${DUE_GRACE}')))
      or (${status} = any($5::text[]) and h.request_id is null and ${createdAt} > b.opened_at)
      or (${status} = any($5::text[]) and h.request_id is not null and h.settlement is distinct from 'released')
      or (${status} <> $4 and e.id is not null))`;
    const params = [entity.name, money.kind, workflow.openStatuses, money.posts, money.releases];
    checks.push(
      await check(
        db,
        `requests.${entity.name}`,
        `each ${entity.name} is held while open, posted once when validated, released when refused`,
        `select count(*) as requests,
                count(*) filter (where ${status} = any($3::text[])) as open,
                count(*) filter (where h.settlement = 'posted') as posted,
                count(*) filter (where h.settled_at is null and h.due_at is not null) as scheduled,
                count(*) filter (where h.settlement = 'released') as released,
                count(*) filter (where h.request_id is null and not (${status} = any($3::text[]))) as "decidedBeforeTheBooks",
                count(*) filter (where ${wrong}) as broken
           from ${from}`,
        `select r.id, ${status} as status, h.amount::text as held, h.settlement, h.due_at, e.id as entry
           from ${from} where ${wrong} order by r.id`,
        params,
      ),
    );
  }

  // A correction posts when validated, once, and in no other status; one decided before the books opened
  // is in their opening balances.
  const correction = entityByName('ledgerCorrection');
  const correctionWrong = `((r.demand_status = 'VALIDATED' and e.id is null and r.created_at > b.opened_at)
    or (r.demand_status <> 'VALIDATED' and e.id is not null))`;
  const correctionFrom = `${quote(correction.table)} r left join ledger_entry e on e.entry_key = 'correction:' || r.id
    cross join (select coalesce((select opened_at from ledger_book), '-infinity') as opened_at) b`;
  checks.push(
    await check(
      db,
      'corrections',
      'each correction is posted once when validated, and only then',
      `select count(*) as corrections, count(e.id) as posted, count(*) filter (where ${correctionWrong}) as broken
         from ${correctionFrom}`,
      `select r.id, r.demand_status as status, e.id as entry from ${correctionFrom} where ${correctionWrong} order by r.id`,
    ),
  );

  const internalAccounts = await db.query<{ code: string; kind: string; name: string; balance: string }>(
    `select a.code, a.kind, a.name, coalesce(sum(p.amount), 0)::text as balance
       from ledger_account a left join ledger_posting p on p.ledger_account_id = a.id
      group by a.id order by a.kind, a.code`,
  );
  return {
    balanced: checks.every((c) => c.ok),
    checkedAt: new Date().toISOString(),
    ms: Math.round(performance.now() - started),
    checks,
    internalAccounts,
  };
}
