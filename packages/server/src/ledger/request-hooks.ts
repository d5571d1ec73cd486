// What a request that moves money does to the books, as hooks of its entity: filing it holds its amount
// (within the filer's daily and monthly limits), its final validation posts it (or, before its execution
// date, waits for that date), its rejection, cancellation or deletion releases the hold. All in the
// transaction of the request's own write, so that the decision and its money commit together.
import {
  LEDGER_ACCOUNTS,
  entityByName,
  entryKey,
  formatXof,
  wholeXof,
  type MoneyRequestDef,
  type WorkflowDef,
} from '@bank/domain';
import type { Queryable } from '../db/database';
import { quote } from '../db/schema';
import type { Actor, EntityHooks, Row } from '../engine/entity-service';
import { HttpProblem } from '../problem';
import { cashAccount, hold, post, release, schedule, type Leg } from './ledger';

const DAY_MS = 86_400_000;

const refOf = (value: unknown) =>
  value === null || value === undefined
    ? null
    : Number(typeof value === 'object' ? (value as { id: unknown }).id : value);

export function moneyRequestHooks(money: MoneyRequestDef, workflow: WorkflowDef): EntityHooks {
  const entity = entityByName(money.entity);
  const table = quote(entity.table);
  const column = (field: string) => quote(entity.field(field)!.column);

  const amountOf = (row: Record<string, unknown>) => {
    const amount = wholeXof(row[money.amount]);
    if (amount === null || amount <= 0n) {
      throw new HttpProblem(400, {
        message: 'error.validation',
        detail: 'The amount is a whole number of XOF above zero',
        fieldErrors: [{ objectName: entity.name, field: money.amount, message: 'WholeXof' }],
      });
    }
    return amount;
  };

  /** A transfer's beneficiary (provisions have none). */
  const beneficiaryOf = (row: Record<string, unknown>) => (money.kind === 'transfer' ? refOf(row.beneficiaryId) : null);
  /** Whether this write validates the request for posting today (a later execution date waits for it). */
  const postsNow = (before: Row, row: Record<string, unknown>) => {
    if (row[workflow.status] !== money.posts || before[workflow.status] === money.posts) return false;
    const due = row[money.executionDate] ? new Date(String(row[money.executionDate])) : null;
    return !(due && due.getTime() > Date.now());
  };

  return {
    async afterCreate(tx, row, actor) {
      const accountId = refOf(row[money.account]);
      if (accountId === null) {
        throw new HttpProblem(400, {
          message: 'error.validation',
          detail: 'The account to debit is required',
          fieldErrors: [{ objectName: entity.name, field: money.account, message: 'NotNull' }],
        });
      }
      const amount = amountOf(row);
      if (money.kind === 'transfer') {
        await refuseTransferToItself(tx, refOf(row.beneficiaryId), accountId);
        if (actor) await checkLimits(tx, actor, row.id);
      }
      await hold(tx, { entity: entity.name, id: row.id }, accountId, amount, actor?.login, money.amount);
    },

    // A posting's hold and beneficiary are read before the decision is written (EntityHooks.beforeUpdate).
    async beforeUpdate(tx, before, merged) {
      if (postsNow(before, merged)) return heldFor(tx, { entity: entity.name, id: before.id }, beneficiaryOf(merged));
      return undefined;
    },

    async afterUpdate(tx, before, after, actor, prepared) {
      const status = String(after[workflow.status] ?? '');
      if (status === before[workflow.status]) return;
      const request = { entity: entity.name, id: after.id };
      if (money.releases.includes(status)) {
        await release(tx, request);
      } else if (postsNow(before, after)) {
        await postRequest(tx, money, after, actor.login, prepared as Held | undefined);
      } else if (status === money.posts) {
        await schedule(tx, request, new Date(String(after[money.executionDate])));
      }
    },

    async beforeRemove(tx, id) {
      await release(tx, { entity: entity.name, id });
    },
  };

  /**
   * The filer's limits (spec part 1 §7, §9): the transfers a login files in a day and in a month, this one
   * included, stay within its limits; undecided and validated ones count, refused and cancelled ones do not.
   * Under a lock of the login, so that two transfers filed at once are summed one after the other.
   */
  async function checkLimits(tx: Queryable, actor: Actor, id: number): Promise<void> {
    const [limits] = await tx.query<{ day: string | null; month: string | null }>(
      `select limit_day_transfer as day, limit_month_transfer as month from app_user where login = $1`,
      [actor.login],
    );
    if (!limits || (limits.day === null && limits.month === null)) return;
    await tx.query(`select pg_advisory_xact_lock(hashtext('transfer-limit:' || $1))`, [actor.login]);
    const now = new Date();
    const dayStart = new Date(now.getTime() - (now.getTime() % DAY_MS));
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const [sums] = await tx.query<{ day: string; month: string }>(
      `select coalesce(sum(${column(money.amount)}) filter (where ${column('createdAt')} >= $2), 0)::text as day,
              coalesce(sum(${column(money.amount)}), 0)::text as month
         from ${table} where filed_by = $1 and ${column('createdAt')} >= $3
          and ${column(workflow.status)} <> all($4::text[])`,
      [actor.login, dayStart, monthStart, money.releases],
    );
    const [filed] = await tx.query<{ amount: string }>(
      `select ${column(money.amount)}::text as amount from ${table} where id = $1`,
      [id],
    );
    const amount = wholeXof(filed!.amount) ?? 0n;
    for (const [period, limit, used] of [
      ['day', limits.day, sums!.day],
      ['month', limits.month, sums!.month],
    ] as const) {
      if (limit === null) continue;
      const cap = wholeXof(limit) ?? 0n;
      const total = wholeXof(used) ?? 0n;
      if (total <= cap) continue;
      const left = cap - (total - amount);
      throw new HttpProblem(400, {
        message: 'error.limitExceeded',
        detail: `This transfer goes over your ${period === 'day' ? 'daily' : 'monthly'} limit of ${formatXof(String(cap))}: ${formatXof(String(left > 0n ? left : 0n))} left`,
        appError: { key: 'error.limitExceeded', params: period },
        fieldErrors: [{ objectName: entity.name, field: money.amount, message: 'LimitExceeded' }],
        figures: { period, limit: String(cap), left: String(left > 0n ? left : 0n) },
      });
    }
  }
}

/**
 * Posts a validated request: debits the customer's account by what its hold reserved, credits the
 * beneficiary's account when it is one of this bank's, the outgoing clearing account otherwise, or the
 * branch's cash for a provision; the same statement settles the hold. Exactly once: the entry's key is the
 * request's.
 */
export async function postRequest(
  tx: Queryable,
  money: MoneyRequestDef,
  row: Row,
  postedBy: string,
  heldBefore?: Held,
): Promise<void> {
  const request = { entity: money.entity, id: row.id };
  const held = heldBefore ?? (await heldFor(tx, request, money.kind === 'transfer' ? refOf(row.beneficiaryId) : null));
  if (!held?.open) {
    throw new HttpProblem(409, {
      message: 'error.noOpenHold',
      detail: 'This request holds no amount to post: it was posted or released already',
      appError: { key: 'error.noOpenHold', params: money.entity },
    });
  }
  const destination = await destinationOf(tx, money, row, held);
  const valueDate = row[money.executionDate] ? new Date(String(row[money.executionDate])) : new Date();
  const debit: Leg = {
    bankAccountId: held.bankAccountId,
    amount: -held.amount,
    held: held.amount,
    label: destination.debitLabel,
    counterparty: destination.counterparty,
    transactionType: money.kind === 'transfer' ? 'VIR' : 'RET',
  };
  await post(
    tx,
    {
      key: entryKey(money.kind, row.id),
      kind: money.kind,
      label: destination.debitLabel,
      valueDate,
      postedBy,
      request,
      settlesHold: true,
    },
    [debit, destination.credit],
  );
}

/** A request's hold, and for a transfer its beneficiary, with the open account of this bank that bears its IBAN. */
interface Held {
  bankAccountId: number;
  accountNumber: string | null;
  amount: bigint;
  open: boolean;
  beneficiary: { name: string; iban: string | null; accountId: number | null } | null;
}

/** Reads the hold and the beneficiary in one statement: a decision's round trips are most of its time. */
async function heldFor(
  tx: Queryable,
  request: { entity: string; id: number },
  beneficiaryId: number | null,
): Promise<Held | undefined> {
  const [row] = await tx.query<Record<string, string | number | Date | null>>(
    `select h.bank_account_id, h.amount::text, h.settled_at, s.bank_account_number,
            b.id as beneficiary_id, b.name, b.iban, a.id as beneficiary_account_id
       from ledger_hold h
       join bank_account s on s.id = h.bank_account_id
       left join beneficiary b on b.id = $3
       left join lateral (select id from bank_account a
                           where a.iban = b.iban and a.bank_account_status is distinct from 'CLOSED'
                           order by id limit 1) a on true
      where h.request_entity = $1 and h.request_id = $2`,
    [request.entity, request.id, beneficiaryId],
  );
  if (!row) return undefined;
  return {
    bankAccountId: Number(row.bank_account_id),
    accountNumber: (row.bank_account_number as string | null) ?? null,
    amount: wholeXof(row.amount) ?? 0n,
    open: row.settled_at === null,
    beneficiary:
      row.beneficiary_id === null
        ? null
        : {
            name: String(row.name ?? ''),
            iban: (row.iban as string | null) ?? null,
            accountId: row.beneficiary_account_id === null ? null : Number(row.beneficiary_account_id),
          },
  };
}

/** Where a posted request's money goes, and what the customer's statement line says. */
async function destinationOf(
  tx: Queryable,
  money: MoneyRequestDef,
  row: Row,
  held: Held,
): Promise<{ credit: Leg; debitLabel: string; counterparty: string | null }> {
  const amount = held.amount;
  if (money.kind === 'provision') {
    const branchId = refOf(row.branchId);
    const beneficiary = [row.beneficiaryCashFirstName, row.beneficiaryCashLastName].filter(Boolean).join(' ');
    const label = `Mise à disposition${beneficiary ? ` ${beneficiary}` : ''}`;
    const cash = branchId === null ? LEDGER_ACCOUNTS.outgoingClearing : await cashAccount(tx, branchId);
    return { credit: { ledgerAccount: cash, amount }, debitLabel: label, counterparty: null };
  }
  const name = held.beneficiary?.name ?? '';
  const debitLabel = `Virement émis${name ? ` vers ${name}` : ''}`;
  const counterparty = held.beneficiary?.iban ?? null;
  const inside = held.beneficiary?.accountId ?? null;
  if (inside === held.bankAccountId) throw sameAccount();
  if (inside !== null) {
    const owner = typeof row.clientName === 'string' ? row.clientName : '';
    return {
      credit: {
        bankAccountId: inside,
        amount,
        label: `Virement reçu${owner ? ` de ${owner}` : ''}`,
        counterparty: held.accountNumber,
        transactionType: 'VIR',
      },
      debitLabel,
      counterparty,
    };
  }
  return { credit: { ledgerAccount: LEDGER_ACCOUNTS.outgoingClearing, amount }, debitLabel, counterparty };
}

const sameAccount = () =>
  new HttpProblem(400, {
    message: 'error.sameAccount',
    detail: "The beneficiary's account is the account to debit",
    appError: { key: 'error.sameAccount' },
    fieldErrors: [{ objectName: 'transfer', field: 'beneficiaryId', message: 'SameAccount' }],
  });

/** A transfer whose beneficiary is the very account it debits moves nothing: refused when filed. */
async function refuseTransferToItself(tx: Queryable, beneficiaryId: number | null, accountId: number): Promise<void> {
  if (beneficiaryId === null) return;
  const [same] = await tx.query(
    `select 1 from beneficiary b join bank_account a on a.iban = b.iban where b.id = $1 and a.id = $2`,
    [beneficiaryId, accountId],
  );
  if (same) throw sameAccount();
}

/**
 * A correction (« écriture de correction »): once validated by a second supervisor, it credits or debits the
 * customer's account against the bank's suspense account, once. A debit the account cannot give is refused
 * at that moment, and nothing is decided.
 */
export function correctionHooks(workflow: WorkflowDef): EntityHooks {
  const entity = entityByName('ledgerCorrection');
  return {
    async afterUpdate(tx, before, after, actor) {
      if (after[workflow.status] === before[workflow.status] || after[workflow.status] !== 'VALIDATED') return;
      const amount = wholeXof(after.amount);
      const accountId = refOf(after.bankAccountId);
      if (amount === null || amount <= 0n || accountId === null)
        throw new Error(`Correction ${after.id} is incomplete`);
      const signed = after.direction === 'D' ? -amount : amount;
      const label = `Correction : ${String(after.reason ?? '').slice(0, 200)}`;
      await post(
        tx,
        {
          key: entryKey('correction', after.id),
          kind: 'correction',
          label,
          valueDate: new Date(),
          postedBy: actor.login,
          request: { entity: entity.name, id: after.id },
        },
        [
          { bankAccountId: accountId, amount: signed, label, counterparty: null, transactionType: 'COR' },
          { ledgerAccount: LEDGER_ACCOUNTS.suspense, amount: -signed },
        ],
      );
    },
  };
}
