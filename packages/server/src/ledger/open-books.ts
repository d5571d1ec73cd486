// Opening the books over data that was not written through them: the demo and bank-scale seeds, and a
// database that existed before the ledger. Each account with money or movements but no posting gets one
// opening entry: its statement lines as postings, the rest of its balance as an opening amount, and the
// other side on the bank's `opening` account. Each undecided transfer or provision without a hold gets one,
// and every account's held and available amounts are set from its open holds. Set-based, so that bank
// scale (300,000 accounts, 5,000,000 transactions) books in one pass; safe to run again.
import { LEDGER_ACCOUNTS, MONEY_REQUESTS, entityByName, workflowOf } from '@bank/domain';
import type { Database, Queryable } from '../db/database';
import { quote } from '../db/schema';

/** Arbitrary constant shared by every instance: books are opened by one of them at a time. */
const OPEN_BOOKS_LOCK_KEY = 724_311_003;

export async function booksOpened(db: Queryable): Promise<boolean> {
  const [row] = await db.query('select 1 from ledger_book');
  return row !== undefined;
}

/** Books what is not in the books yet, in a transaction of its own. */
export const openBooks = (db: Database) => db.transaction((tx) => bookUnbooked(tx));

/** Books what is not in the books yet, in the caller's transaction; returns the accounts opened and holds placed. */
export async function bookUnbooked(tx: Queryable): Promise<{ accounts: number; holds: number }> {
  await tx.query('select pg_advisory_xact_lock($1)', [OPEN_BOOKS_LOCK_KEY]);
  await tx.query(`create temp table opening_account (account_id bigint primary key, entry_id bigint)`);
  const opened = await tx.query(
    // A union, not `balance <> 0 or exists (…)`: under an OR the planner probes the statement lines account
    // by account, which on a bank-scale load's bare tables (no index yet) is a scan of them per account.
    `insert into opening_account (account_id)
       select m.id from (select a.id from bank_account a where coalesce(a.balance, 0) <> 0
                         union
                         select t.bank_account_id from "transaction" t where t.amount <> 0 and t.bank_account_id is not null) m
        where not exists (select 1 from ledger_posting p where p.bank_account_id = m.id)
       returning account_id`,
  );
  await tx.query('analyze opening_account');
  if (opened.length > 0) await bookOpenings(tx);
  let holds = 0;
  for (const money of MONEY_REQUESTS) {
    const entity = entityByName(money.entity);
    const column = (field: string) => quote(entity.field(field)!.column);
    const placed = await tx.query(
      `insert into ledger_hold (request_entity, request_id, bank_account_id, amount, held_at, held_by)
         select $1::text, r.id, r.${column(money.account)}, r.${column(money.amount)}, coalesce(r.${column('createdAt')}, now()), r.filed_by
           from ${quote(entity.table)} r
          where r.${column(workflowOf(money.entity)!.status)} = any($2::text[])
            and r.${column(money.account)} is not null and r.${column(money.amount)} > 0
            and not exists (select 1 from ledger_hold h where h.request_entity = $1::text and h.request_id = r.id)
         returning 1`,
      [entity.name, workflowOf(money.entity)!.openStatuses],
    );
    holds += placed.length;
  }
  // Every account's held and available amounts, from its open holds.
  await tx.query(
    `update bank_account a
          set balance = coalesce(a.balance, 0),
              blocked_amount = coalesce(h.held, 0),
              available_amount = coalesce(a.balance, 0) - coalesce(h.held, 0)
         from bank_account b
         left join (select bank_account_id, sum(amount) as held from ledger_hold
                     where settled_at is null group by bank_account_id) h on h.bank_account_id = b.id
        where a.id = b.id
          and (a.balance is null or a.blocked_amount is distinct from coalesce(h.held, 0)
               or a.available_amount is distinct from coalesce(a.balance, 0) - coalesce(h.held, 0))`,
  );
  await tx.query(
    `insert into ledger_book (id, opened_at) values (1, now()) on conflict (id) do update set opened_at = now()`,
  );
  await tx.query('drop table opening_account');
  return { accounts: opened.length, holds };
}

/** The opening entries of the accounts in `opening_account`. */
async function bookOpenings(tx: Queryable): Promise<void> {
  await tx.query(
    `with e as (insert into ledger_entry (entry_key, kind, label, value_date, posted_by)
                select 'opening:' || account_id, 'opening', 'Ouverture des livres', now(), 'system'
                  from opening_account order by account_id
                returning id, entry_key)
     update opening_account o set entry_id = e.id from e where e.entry_key = 'opening:' || o.account_id`,
  );
  // The account's statement lines, each a posting of its opening entry.
  await tx.query(
    `insert into ledger_posting (entry_id, bank_account_id, amount, transaction_id)
     select o.entry_id, t.bank_account_id, case when t.direction = 'D' then -t.amount else t.amount end, t.id
       from opening_account o join "transaction" t on t.bank_account_id = o.account_id
      where t.amount <> 0`,
  );
  // What the lines do not explain of the balance (what the account held before its first line).
  await tx.query(
    `insert into ledger_posting (entry_id, bank_account_id, amount)
     select o.entry_id, o.account_id, coalesce(a.balance, 0) - coalesce(s.lines, 0)
       from opening_account o join bank_account a on a.id = o.account_id
       left join (select p.bank_account_id, sum(p.amount) as lines from ledger_posting p
                    join opening_account x on x.entry_id = p.entry_id group by p.bank_account_id) s
              on s.bank_account_id = o.account_id
      where coalesce(a.balance, 0) - coalesce(s.lines, 0) <> 0`,
  );
  // The other side: the bank's opening-balance account.
  await tx.query(
    `insert into ledger_posting (entry_id, ledger_account_id, amount)
     select o.entry_id, (select id from ledger_account where code = $1), -a.balance
       from opening_account o join bank_account a on a.id = o.account_id
      where coalesce(a.balance, 0) <> 0`,
    [LEDGER_ACCOUNTS.opening],
  );
}
