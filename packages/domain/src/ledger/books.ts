// The books' rules, shared by the server (which posts) and the web app (which shows balances): which
// requests move money and how, the bank's own accounts, and what makes an entry balanced. Amounts are
// whole XOF (the franc CFA has no minor unit), kept as bigint so that no sum is ever a float.

/** The bank's own ledger accounts (migration 0029); a branch's cash account is `cash.branch.<id>`. */
export const LEDGER_ACCOUNTS = {
  outgoingClearing: 'clearing.outgoing',
  suspense: 'suspense',
  opening: 'opening',
} as const;

export const cashAccountCode = (branchId: number) => `cash.branch.${branchId}`;

/**
 * A request that moves money: filing it holds its amount on the account, its final validation posts it,
 * its rejection or cancellation releases the hold (TigerBeetle's pending transfers).
 */
export interface MoneyRequestDef {
  /** The request entity (registry name). */
  entity: string;
  /** What its entries are: the `kind` of ledger_entry. */
  kind: 'transfer' | 'provision';
  amount: string;
  /** The ref to the customer's bank account that is debited. */
  account: string;
  /** The instant the money moves: a request validated earlier keeps its hold and posts then. */
  executionDate: string;
  /** The status that posts it. */
  posts: string;
  /** The statuses that release its hold. */
  releases: readonly string[];
}

export const MONEY_REQUESTS: readonly MoneyRequestDef[] = [
  {
    entity: 'transfer',
    kind: 'transfer',
    amount: 'amount',
    account: 'bankAccountId',
    executionDate: 'execDate',
    posts: 'VALIDATED',
    releases: ['REJECTED', 'CANCELLED'],
  },
  {
    entity: 'provisionCash',
    kind: 'provision',
    amount: 'amount',
    account: 'bankAccountId',
    executionDate: 'executionDate',
    posts: 'VALIDATED',
    releases: ['REJECTED', 'CANCELLED'],
  },
];

const byEntity = new Map(MONEY_REQUESTS.map((r) => [r.entity, r]));

export const moneyRequestOf = (entity: string): MoneyRequestDef | undefined => byEntity.get(entity);

/** The key that makes an entry unique: a request is posted once, an account opened once. */
export const entryKey = (kind: string, id: number | string) => `${kind}:${id}`;

/**
 * Whole XOF as a bigint, or null when the value is not a whole number of francs ('0.001', '12.5', 1e21).
 * @example wholeXof('130500') === 130500n
 */
export function wholeXof(value: unknown): bigint | null {
  const text = typeof value === 'bigint' ? String(value) : typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string') return null;
  // Stored amounts read back as numeric(20, 2): '130500.00' is whole.
  const match = /^(-?\d{1,18})(?:\.0+)?$/.exec(text.trim());
  return match ? BigInt(match[1]!) : null;
}

/** Why a set of posting amounts is not a balanced entry, or null when it is one. */
export function entryProblem(amounts: readonly bigint[]): string | null {
  if (amounts.length < 2) return 'an entry has two postings or more';
  if (amounts.some((amount) => amount === 0n)) return 'a posting moves a non-zero amount';
  const sum = amounts.reduce((total, amount) => total + amount, 0n);
  return sum === 0n ? null : `the postings sum to ${sum}, not zero`;
}

/** What an account can still spend: its available amount plus its authorised overdraft. */
export const spendable = (available: bigint, authorized: bigint) => available + authorized;
