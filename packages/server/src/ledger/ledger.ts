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
 * amount falls, or nothing happens and 400 says what is available.
 */
export async function hold(
  tx: Queryable,
  request: { entity: string; id: number },
  bankAccountId: number,
  amount: bigint,
  login: string | undefined,
  amountField: string,
): Promise<void> {
  const position = (await lockAccounts(tx, [bankAccountId])).get(bankAccountId);
  if (!position) throw problem(400, 'error.validation', 'The account to debit does not exist');
  if (!position.open) throw problem(400, 'error.accountClosed', 'The account to debit is closed');
  if (spendable(position.available, position.authorized) < amount)
    throw insufficientFunds(position, amount, amountField);
  await tx.query(
    `with h as (insert into ledger_hold (request_entity, request_id, bank_account_id, amount, held_by)
                values ($1, $2, $3, $4, $5) returning bank_account_id, amount)
     update bank_account b set blocked_amount = coalesce(b.blocked_amount, 0) + h.amount,
                               available_amount = coalesce(b.available_amount, 0) - h.amount
       from h where b.id = h.bank_account_id`,
    [request.entity, request.id, bankAccountId, String(amount), login ?? null],
  );
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

/** A request's hold, open or not: what it reserved, and when it is due when validated early. */
export async function holdOf(
  tx: Queryable,
  request: { entity: string; id: number },
): Promise<{ bankAccountId: number; amount: bigint; open: boolean } | undefined> {
  const [row] = await tx.query<{ bank_account_id: number; amount: string; settled_at: Date | null }>(
    `select bank_account_id, amount, settled_at from ledger_hold where request_entity = $1 and request_id = $2`,
    [request.entity, request.id],
  );
  return row && { bankAccountId: Number(row.bank_account_id), amount: big(row.amount), open: row.settled_at === null };
}

/** Marks an open hold to post at `dueAt` (a request validated before its execution date). */
export async function schedule(tx: Queryable, request: { entity: string; id: number }, dueAt: Date): Promise<void> {
  await tx.query(
    `update ledger_hold set due_at = $3 where request_entity = $1 and request_id = $2 and settled_at is null`,
    [request.entity, request.id, dueAt],
  );
}

/**
 * Writes one balanced entry: its postings, and for each customer leg the account's new balance, its
 * statement line (transaction) and a balance-log row. Refuses an entry whose key was posted before (409),
 * and a debit that the account cannot give beyond what a hold reserved (400). Returns the entry's id.
 */
export async function post(tx: Queryable, header: EntryHeader, legs: readonly Leg[]): Promise<number> {
  const unbalanced = entryProblem(legs.map((leg) => leg.amount));
  if (unbalanced) throw new Error(`Unbalanced entry ${header.key}: ${unbalanced}`);
  const customer = legs.filter((leg): leg is Extract<Leg, { bankAccountId: number }> => 'bankAccountId' in leg);
  const positions = await lockAccounts(
    tx,
    customer.map((leg) => leg.bankAccountId),
  );
  for (const leg of customer) {
    const position = positions.get(leg.bankAccountId);
    if (!position) throw problem(400, 'error.validation', `No bank account ${leg.bankAccountId}`);
    // A debit beyond what was held must fit in what the account can still give.
    const unheld = -leg.amount - (leg.held ?? 0n);
    if (unheld > 0n && spendable(position.available, position.authorized) < unheld) {
      throw insufficientFunds(position, unheld, 'amount');
    }
  }
  const [entry] = await tx.query<{ id: number }>(
    `insert into ledger_entry (entry_key, kind, request_entity, request_id, label, value_date, posted_by)
     values ($1, $2, $3, $4, $5, $6, $7) on conflict (entry_key) do nothing returning id`,
    [
      header.key,
      header.kind,
      header.request?.entity ?? null,
      header.request?.id ?? null,
      header.label.slice(0, 255),
      header.valueDate,
      header.postedBy,
    ],
  );
  if (!entry) throw problem(409, 'error.alreadyPosted', `The entry ${header.key} is already in the books`);
  const entryId = Number(entry.id);

  for (const [index, leg] of customer.entries()) {
    const held = String(leg.held ?? 0n);
    const amount = String(leg.amount);
    // The account's row, its statement line, its balance log and the posting, in one statement.
    await tx.query(
      `with b as (update bank_account set balance = coalesce(balance, 0) + $2::numeric,
                                           blocked_amount = coalesce(blocked_amount, 0) - $3::numeric,
                                           available_amount = coalesce(available_amount, 0) + $2::numeric + $3::numeric,
                                           position_date = now()
                    where id = $1 returning id, balance),
            t as (insert into "transaction" (transaction_number, amount, label, additional_label, transaction_date,
                                             direction, imputation_date, value_date, conterparty_bank_account_number,
                                             before_balance, after_balance, status_transaction, bank_account_id,
                                             transaction_type_id)
                  select $4, abs($2::numeric), $5, $6, now(), case when $2::numeric < 0 then 'D' else 'C' end, now(),
                         $7, $8, b.balance - $2::numeric, b.balance, 'VALIDATED', b.id,
                         (select id from transaction_type where code = $9 order by id limit 1)
                    from b returning id),
            l as (insert into balance_log (amount, balance_date, bank_account_id) select balance, now(), id from b)
       insert into ledger_posting (entry_id, bank_account_id, amount, transaction_id)
       select $10, $1, $2::numeric, t.id from t`,
      [
        leg.bankAccountId,
        amount,
        held,
        transactionNumber(entryId, index),
        leg.label.slice(0, 255),
        header.label.slice(0, 255),
        header.valueDate,
        leg.counterparty,
        leg.transactionType,
        entryId,
      ],
    );
  }
  const internal = legs.filter((leg): leg is Extract<Leg, { ledgerAccount: string }> => 'ledgerAccount' in leg);
  if (internal.length > 0) {
    await tx.query(
      `insert into ledger_posting (entry_id, ledger_account_id, amount)
       select $1, a.id, x.amount from unnest($2::text[], $3::numeric[]) as x(code, amount)
         join ledger_account a on a.code = x.code`,
      [entryId, internal.map((leg) => leg.ledgerAccount), internal.map((leg) => String(leg.amount))],
    );
  }
  return entryId;
}

/** A statement line's number: the entry's, then the line's place in it (unique, and sorts as posted). */
const transactionNumber = (entryId: number, index: number) => `LG${String(entryId).padStart(12, '0')}${index}`;

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
