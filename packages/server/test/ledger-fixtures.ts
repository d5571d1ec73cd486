// Money for tests, moved the only way money moves: through the ledger. An account a test files transfers
// on is funded by a balanced entry from the bank's suspense account, as a correction would be.
import crypto from 'node:crypto';
import type { Database } from '../src/db/database';
import { DEMO_ACCOUNTS, can, entityByName, moneyRequestOf } from '@bank/domain';
import { post } from '../src/ledger/ledger';

/** The demo login that files requests in tests: it decides none, so any decider may decide them. */
export const FILER = 'agentsaisie';

/**
 * Who files a request of this type in tests: FILER where it may, else the last demo account that may
 * (a correction: the manager), so that the first demo account allowed to decide it (the administrator)
 * is not its filer.
 */
export function filerOf(entity: string): string {
  const allowed = DEMO_ACCOUNTS.filter((a) => can(a.authorities, 'create', entity));
  return allowed.some((a) => a.login === FILER) ? FILER : allowed.at(-1)!.login;
}

/** Credits `amount` XOF to the account through a balanced entry (suspense on the other side). */
export async function fund(db: Database, bankAccountId: number, amount: bigint | number): Promise<void> {
  const value = BigInt(amount);
  await db.transaction((tx) =>
    post(
      tx,
      {
        key: `test-funding:${crypto.randomUUID()}`,
        kind: 'correction',
        label: 'Approvisionnement de test',
        valueDate: new Date(),
        postedBy: 'test',
      },
      [
        {
          bankAccountId,
          amount: value,
          label: 'Approvisionnement de test',
          counterparty: null,
          transactionType: 'DEP',
        },
        { ledgerAccount: 'suspense', amount: -value },
      ],
    ),
  );
}

/** A new open account holding `amount` XOF (its client made with it), for requests that move money. */
export async function fundedAccount(db: Database, amount: bigint | number = 1_000_000_000n): Promise<number> {
  const suffix = crypto.randomInt(1e9, 1e10 - 1);
  const [client] = await db.query<{ id: number }>(
    `insert into client (name, client_code) values ($1, $2) returning id`,
    [`Client de test ${suffix}`, `T${suffix}`],
  );
  const [account] = await db.query<{ id: number }>(
    `insert into bank_account (bank_account_number, owner_name, client_id, bank_account_status,
                               balance, blocked_amount, available_amount, authorized_amount)
     values ($1, $2, $3, 'OPENED', 0, 0, 0, 0) returning id`,
    [`TEST${suffix}`, `Client de test ${suffix}`, client!.id],
  );
  await fund(db, account!.id, amount);
  return account!.id;
}

/**
 * A new request's body that the books accept: a transfer, provision or correction gets an account funded for
 * it (a transfer or provision an amount too, unless the body has them); other requests are left as they are.
 */
export async function fileable(
  db: Database,
  entity: string,
  body: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const money = moneyRequestOf(entity);
  const account = entityByName(entity).field('bankAccountId');
  const needsAccount = money !== undefined || account?.required === true;
  return {
    ...(money ? { [money.amount]: '1000' } : {}),
    ...body,
    ...(needsAccount ? { bankAccountId: body.bankAccountId ?? (await fundedAccount(db)) } : {}),
  };
}
