// The one place that moves money (DESIGN.md section 5): it holds, posts and releases, inside the caller's
// transaction, so that a decision and its money are written together or not at all. Customer accounts are
// locked in id order before any of them changes (no deadlock between two transfers crossing), and each
// entry's key is unique: a second posting of the same request is refused by the database itself.
import { cashAccountCode, entryProblem, formatXof, spendable } from '@bank/domain';
import type { Queryable } from '../db/database';
import { HttpProblem } from '../problem';

/** One side of an entry: a customer's account (with its statement line) or one of the bank's own. */
export type Leg =
  | {
      bankAccountId: number;
      amount: bigint;
      /** The part of a debit that an earlier hold reserved: it leaves the blocked amount as it posts. */
      held?: bigint;
      /** The statement line: what the customer reads, and the other party's account number. */
      label: string;
      counterparty: string | null;
      transactionType: string;
    }
  | { ledgerAccount: string; amount: bigint };

export interface EntryHeader {
  key: string;
  kind: 'opening' | 'history' | 'transfer' | 'provision' | 'correction';
  label: string;
  valueDate: Date;
  postedBy: string;
  request?: { entity: string; id: number };
  /** The request's open hold is settled by this entry (posted). */
  settlesHold?: boolean;
}

/** The customer account's figures as the ledger keeps them (XOF). */
export interface AccountPosition {
  balance: bigint;
  blocked: bigint;
  available: bigint;
  authorized: bigint;
  open: boolean;
}

const problem = (status: number, key: string, detail: string, params?: string) =>
  new HttpProblem(status, { message: key, detail, appError: { key, ...(params ? { params } : {}) } });

const big = (value: unknown) => BigInt(String(value ?? '0').replace(/\.0+$/, ''));

/**
 * Locks the accounts and reads their positions, in id order (two transfers crossing never deadlock). The
 * lock is the one an update of the balances takes (no key update): a request just inserted with a reference
 * to the account holds a key-share lock on it, which this one does not wait for, where `for update` would
 * deadlock two filings on one account.
 */
export async function lockAccounts(tx: Queryable, ids: readonly number[]): Promise<Map<number, AccountPosition>> {
  const rows = await tx.query<Record<string, unknown>>(
    `select id, balance, blocked_amount, available_amount, authorized_amount, bank_account_status
       from bank_account where id = any($1::bigint[]) order by id for no key update`,
    [[...new Set(ids)]],
  );
  return new Map(
    rows.map((r) => [
      Number(r.id),
      {
        balance: big(r.balance),
        blocked: big(r.blocked_amount),
        available: big(r.available_amount),
        authorized: big(r.authorized_amount),
        open: r.bank_account_status !== 'CLOSED',
      },
    ]),
  );
}

/** 400 when the account cannot give `amount`: the answer says what it can (available and overdraft). */
export function insufficientFunds(position: AccountPosition, amount: bigint, field: string): HttpProblem {
  const canSpend = spendable(position.available, position.authorized);
  return new HttpProblem(400, {
    message: 'error.insufficientFunds',
    detail: `The account has ${formatXof(String(position.available))} available (${formatXof(String(canSpend))} with its authorised overdraft); ${formatXof(String(amount))} cannot be reserved`,
    appError: { key: 'error.insufficientFunds', params: String(canSpend) },
    fieldErrors: [{ objectName: 'bankAccount', field, message: 'InsufficientFunds' }],
    figures: { available: String(position.available), authorized: String(position.authorized) },
  });
}

/**
 * Reserves `amount` on the account for a request just filed: its blocked amount grows and its available
 * amount falls, or nothing happens and 400 says what is available. One statement: the account's row changes
 * only where it can give the amount, a condition the update checks again on the row's latest version once a
 * concurrent filing on it commits, and the hold is written with it.
 */
export async function hold(
  tx: Queryable,
  request: { entity: string; id: number },
  bankAccountId: number,
  amount: bigint,
  login: string | undefined,
  amountField: string,
): Promise<void> {
  const [held] = await tx.query(
    `with b as (update bank_account set blocked_amount = coalesce(blocked_amount, 0) + $4::numeric,
                                        available_amount = coalesce(available_amount, 0) - $4::numeric
                 where id = $3 and bank_account_status is distinct from 'CLOSED'
                   and coalesce(available_amount, 0) + coalesce(authorized_amount, 0) >= $4::numeric
                 returning id)
     insert into ledger_hold (request_entity, request_id, bank_account_id, amount, held_by)
     select $1, $2, b.id, $4::numeric, $5 from b returning 1`,
    [request.entity, request.id, bankAccountId, String(amount), login ?? null],
  );
  if (!held) throw await refusal(tx, bankAccountId, amount, amountField);
}

/** Why the account cannot give `amount`: it does not exist, it is closed, or its funds do not cover it. */
async function refusal(tx: Queryable, bankAccountId: number, amount: bigint, amountField: string) {
  const position = (await lockAccounts(tx, [bankAccountId])).get(bankAccountId);
  if (!position) return problem(400, 'error.validation', `The account to debit (${bankAccountId}) does not exist`);
  if (!position.open) return problem(400, 'error.accountClosed', 'The account to debit is closed');
  return insufficientFunds(position, amount, amountField);
}

/** Releases a request's open hold (rejected, cancelled, deleted); false when it had none open. */
export async function release(tx: Queryable, request: { entity: string; id: number }): Promise<boolean> {
  const rows = await tx.query(
    `with h as (update ledger_hold set settled_at = now(), settlement = 'released'
                 where request_entity = $1 and request_id = $2 and settled_at is null
                 returning bank_account_id, amount)
     update bank_account b set blocked_amount = b.blocked_amount - h.amount,
                               available_amount = b.available_amount + h.amount
       from h where b.id = h.bank_account_id returning b.id`,
    [request.entity, request.id],
  );
  return rows.length > 0;
}

/** Marks an open hold to post at `dueAt` (a request validated before its execution date). */
export async function schedule(tx: Queryable, request: { entity: string; id: number }, dueAt: Date): Promise<void> {
  await tx.query(
    `update ledger_hold set due_at = $3 where request_entity = $1 and request_id = $2 and settled_at is null`,
    [request.entity, request.id, dueAt],
  );
}

/**
 * Writes one balanced entry in one statement: the entry, its postings, and for each customer leg the
 * account's new balance, its statement line (transaction) and a balance-log row; with `settlesHold`, the
 * request's open hold too. Refuses an entry whose key was posted before (409), and a debit that the account
 * cannot give beyond what a hold reserved (400): that account's update finds no row, and the caller's
 * transaction rolls back whatever the statement wrote. Returns the entry's id.
 */
export async function post(tx: Queryable, header: EntryHeader, legs: readonly Leg[]): Promise<number> {
  const unbalanced = entryProblem(legs.map((leg) => leg.amount));
  if (unbalanced) throw new Error(`Unbalanced entry ${header.key}: ${unbalanced}`);
  const customer = legs.filter((leg): leg is Extract<Leg, { bankAccountId: number }> => 'bankAccountId' in leg);
  const internal = legs.filter((leg): leg is Extract<Leg, { ledgerAccount: string }> => 'ledgerAccount' in leg);
  const accountIds = customer.map((leg) => leg.bankAccountId);
  // A leg's statement line is matched to its posting by account: one leg per account in an entry.
  if (new Set(accountIds).size !== accountIds.length) throw new Error(`Entry ${header.key} repeats an account`);
  if (header.settlesHold && !header.request) throw new Error(`Entry ${header.key} settles a hold but has no request`);
  // Two customer accounts are locked in id order first: two entries crossing them never deadlock.
  if (customer.length > 1) await lockAccounts(tx, accountIds);

  const [result] = await tx.query<{ id: string; accounts: string; internal: string; settled: string }>(
    `with e as (insert into ledger_entry (entry_key, kind, request_entity, request_id, label, value_date, posted_by)
                values ($1, $2, $3, $4, $5, $6, $7) on conflict (entry_key) do nothing returning id),
          x as (select * from unnest($8::bigint[], $9::numeric[], $10::numeric[], $11::text[], $12::text[], $13::text[])
                       with ordinality as x(account_id, amount, held, label, counterparty, type_code, line)),
          -- What a debit takes beyond its hold must fit in what the account can give.
          b as (update bank_account a set balance = coalesce(a.balance, 0) + x.amount,
                                           blocked_amount = coalesce(a.blocked_amount, 0) - x.held,
                                           available_amount = coalesce(a.available_amount, 0) + x.amount + x.held,
                                           position_date = now()
                  from x, e
                 where a.id = x.account_id
                   and (x.amount + x.held >= 0
                        or coalesce(a.available_amount, 0) + coalesce(a.authorized_amount, 0) >= -(x.amount + x.held))
                returning a.id, a.balance, x.amount, x.label, x.counterparty, x.type_code, x.line),
          t as (insert into "transaction" (transaction_number, amount, label, additional_label, transaction_date,
                                           direction, imputation_date, value_date, conterparty_bank_account_number,
                                           before_balance, after_balance, status_transaction, bank_account_id,
                                           transaction_type_id)
                -- The line's number: the entry's, then its place in it (unique, and sorts as posted).
                select 'LG' || lpad(e.id::text, 12, '0') || (b.line - 1), abs(b.amount), b.label, $5, now(),
                       case when b.amount < 0 then 'D' else 'C' end, now(), $6, b.counterparty,
                       b.balance - b.amount, b.balance, 'VALIDATED', b.id,
                       (select id from transaction_type where code = b.type_code order by id limit 1)
                  from b, e
                returning id, bank_account_id),
          l as (insert into balance_log (amount, balance_date, bank_account_id) select balance, now(), id from b),
          p as (insert into ledger_posting (entry_id, bank_account_id, amount, transaction_id)
                select e.id, b.id, b.amount, t.id from b join t on t.bank_account_id = b.id, e),
          i as (insert into ledger_posting (entry_id, ledger_account_id, amount)
                select e.id, a.id, y.amount from e, unnest($14::text[], $15::numeric[]) as y(code, amount)
                  join ledger_account a on a.code = y.code
                returning 1),
          h as (update ledger_hold set settled_at = now(), settlement = 'posted', entry_id = e.id
                  from e
                 where $16 and request_entity = $3 and request_id = $4 and settled_at is null
                returning 1)
     select e.id, (select count(*) from b) as accounts, (select count(*) from i) as internal,
            (select count(*) from h) as settled
       from e`,
    [
      header.key,
      header.kind,
      header.request?.entity ?? null,
      header.request?.id ?? null,
      header.label.slice(0, 255),
      header.valueDate,
      header.postedBy,
      accountIds,
      customer.map((leg) => String(leg.amount)),
      customer.map((leg) => String(leg.held ?? 0n)),
      customer.map((leg) => leg.label.slice(0, 255)),
      customer.map((leg) => leg.counterparty),
      customer.map((leg) => leg.transactionType),
      internal.map((leg) => leg.ledgerAccount),
      internal.map((leg) => String(leg.amount)),
      header.settlesHold === true,
    ],
  );
  if (!result) throw problem(409, 'error.alreadyPosted', `The entry ${header.key} is already in the books`);
  if (Number(result.accounts) !== customer.length) {
    // Which account could not give its debit, and what it can give.
    const positions = await lockAccounts(tx, accountIds);
    for (const leg of customer) {
      const position = positions.get(leg.bankAccountId);
      if (!position) throw problem(400, 'error.validation', `No bank account ${leg.bankAccountId}`);
      const unheld = -leg.amount - (leg.held ?? 0n);
      if (unheld > 0n && spendable(position.available, position.authorized) < unheld)
        throw insufficientFunds(position, unheld, 'amount');
    }
    throw new Error(`Entry ${header.key}: ${result.accounts} of ${customer.length} accounts posted`);
  }
  if (Number(result.internal) !== internal.length) throw new Error(`Entry ${header.key} names an unknown account`);
  if (header.settlesHold && Number(result.settled) !== 1)
    throw new Error(`The hold of ${header.request!.entity} ${header.request!.id} was settled meanwhile`);
  return Number(result.id);
}

/** The code of a branch's cash account, made with the branch's first provision. */
export async function cashAccount(tx: Queryable, branchId: number): Promise<string> {
  const code = cashAccountCode(branchId);
  await tx.query(
    `insert into ledger_account (code, kind, branch_id, name)
     select $1, 'cash', b.id, 'Caisse ' || coalesce(b.name, b.id::text) from branch b where b.id = $2
     on conflict (code) do nothing`,
    [code, branchId],
  );
  return code;
}
