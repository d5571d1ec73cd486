// The calls the benchmark drives (issue 8), built from ids found in the database through the API,
// so the same scenarios run on demo data and at bank scale. Both servers answer the same paths.
export interface Call {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
}

export interface Scenario {
  name: string;
  /** Calls made in turn by each connection. */
  calls: Call[];
  /** p99 budget (ms) at bank scale on PostgreSQL; the embedded database has 100 ms for every call. */
  budgetMs: number;
  /** Connections at bank scale (the embedded run uses 8 for every call). */
  connections: number;
  /** Measured against the reference too (and held to 60 % of its req/s). */
  reference: boolean;
  /** The staff decision: a PUT per connection on a card order of its own, the version followed. */
  write?: boolean;
  /**
   * The staff decision that moves money: each connection files a transfer on an account of its own (not
   * measured) and validates it (measured): the hold posted, the statement line and balance log written.
   */
  posting?: boolean;
  /** Sign-in: unauthenticated POST with the password. */
  signIn?: boolean;
}

export interface Fixture {
  clientId: number;
  clientName: string;
  emailFragment: string;
  clientCode: string;
  accountId: number;
  transferId: number;
  /** A month of the transfers list: first and last day (YYYY-MM-DD). */
  monthFrom: string;
  monthTo: string;
  /** Card orders the write scenario decides on, with their full bodies. */
  cardOrders: Array<Record<string, unknown>>;
  /** Open accounts with money to spare, one per connection of the posting scenario (ours, then the reference's). */
  postingAccounts: number[];
  /** What staff type to find a client, drawn from clients at random (see nameQueries). */
  nameQueries: string[];
}

/** How many searches the random-name call cycles through. */
const NAME_QUERIES = 200;

/** A small seeded generator: the same searches on every run and for both servers. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/**
 * What a staff member types to find a client, drawn from clients at random pages of the list: the
 * full name, the last name alone (common ones match thousands), the first name, or the first letters
 * of either (3 to 5, as typed before the list narrows).
 */
async function nameQueries(get: Get): Promise<string[]> {
  const next = random(23);
  const total = Number((await get('/core/api/clients?page=0&size=1')).total ?? 0);
  const pages = Math.max(1, Math.floor(total / 20));
  const names: string[] = [];
  while (names.length < NAME_QUERIES / 4) {
    const rows = (await get(`/core/api/clients?page=${Math.floor(next() * pages)}&size=20&sort=id,asc`)).rows as Array<{
      name: string;
    }>;
    names.push(...rows.map((row) => row.name).filter((name) => name.includes(' ')));
  }
  return Array.from({ length: NAME_QUERIES }, () => {
    const name = names[Math.floor(next() * names.length)]!;
    const words = name.split(' ');
    const word = words[Math.floor(next() * words.length)]!;
    const shape = Math.floor(next() * 4);
    if (shape === 0) return name;
    if (shape === 1) return words.at(-1)!;
    if (shape === 2) return word;
    return word.slice(0, 3 + Math.floor(next() * 3));
  });
}

type Get = (path: string) => Promise<{ rows: unknown; total: string | null }>;

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Finds a client with accounts and an online-banking user, one of its transfers, and card orders. */
export async function findFixture(get: Get, writers: number): Promise<Fixture> {
  const users = (await get('/core/api/serenity-users?size=50&sort=id,asc')).rows as Array<{ clientId: number }>;
  for (const user of users) {
    const accounts = (await get(`/core/api/bank-accounts/client/${user.clientId}?size=20`)).rows as Array<{
      id: number;
    }>;
    const transfers = (await get(`/core/api/criterial_search/transfers?clientId=${user.clientId}&size=1`))
      .rows as Array<{ id: number }>;
    if (accounts.length === 0 || transfers.length === 0) continue;
    const client = (await get(`/core/api/clients/${user.clientId}`)).rows as Record<string, string>;
    const cardOrders = (await get(`/core/api/card-orders?orderStatus.in=PENDING,INPROGRESS&size=${writers}`))
      .rows as Array<Record<string, unknown>>;
    const postingAccounts = (
      (
        await get(
          `/core/api/bank-accounts?bankAccountStatus.equals=OPENED&availableAmount.greaterThanOrEqual=5000000&size=${writers}&sort=id,asc`,
        )
      ).rows as Array<{ id: number }>
    ).map((account) => account.id);
    const now = Date.now();
    return {
      clientId: user.clientId,
      clientName: client.name!,
      emailFragment: client.email!.split('@')[0]!,
      clientCode: client.clientCode!,
      accountId: accounts[0]!.id,
      transferId: transfers[0]!.id,
      monthFrom: day(now - 60 * 86_400_000),
      monthTo: day(now - 30 * 86_400_000),
      cardOrders,
      postingAccounts,
      nameQueries: await nameQueries(get),
    };
  }
  throw new Error('no client with accounts and transfers: is the database seeded?');
}

const get = (path: string): Call => ({ method: 'GET', path });

export function scenarios(f: Fixture): Scenario[] {
  const list = { budgetMs: 50, connections: 32, reference: true };
  const q = encodeURIComponent;
  return [
    {
      name: 'transactions, page 500 by id',
      calls: [get('/core/api/transactions?page=500&size=20&sort=id,asc')],
      ...list,
    },
    {
      name: 'transfers, page 500 by createdAt desc',
      calls: [get('/core/api/transfers?page=500&size=20&sort=createdAt,desc')],
      ...list,
    },
    {
      name: 'transfers PENDING in one month',
      calls: [
        get(
          `/core/api/criterial_search/transfers?status=PENDING&startdate=${f.monthFrom}&enddate=${f.monthTo}&page=0&size=20`,
        ),
      ],
      ...list,
    },
    {
      name: 'card orders PENDING',
      calls: [get('/core/api/card-orders?orderStatus.in=PENDING&page=0&size=20&sort=createdAt,desc')],
      ...list,
    },
    {
      name: 'beneficiaries PENDING',
      calls: [get('/core/api/_search/beneficiaries/filtre?type=PENDING&page=0&size=20')],
      ...list,
    },
    {
      name: 'clients list, page 0',
      calls: [get('/core/api/clients?page=0&size=20&sort=id,asc')],
      ...list,
    },
    {
      name: 'clients _search by name',
      calls: [get(`/core/api/_search/clients?query=${q(f.clientName)}&size=20`)],
      ...list,
    },
    {
      name: `clients _search by ${f.nameQueries.length} random names`,
      calls: f.nameQueries.map((name) => get(`/core/api/_search/clients?query=${q(name)}&size=20`)),
      ...list,
    },
    {
      name: 'clients _search by e-mail',
      calls: [get(`/core/api/_search/clients?query=${q(f.emailFragment)}&size=20`)],
      ...list,
    },
    {
      name: 'clients _search by code',
      calls: [get(`/core/api/_search/clients?query=${q(f.clientCode)}&size=20`)],
      ...list,
    },
    {
      name: 'client file (client, accounts, users)',
      calls: [
        get(`/core/api/clients/${f.clientId}`),
        get(`/core/api/bank-accounts/client/${f.clientId}?page=0&size=20`),
        get(`/core/api/serenity-users/info/${f.clientId}`),
      ],
      ...list,
    },
    {
      name: 'transactions modal of an account',
      calls: [get(`/core/api/transactions/_search/modal?bankaccount=${f.accountId}&page=0&size=20`)],
      ...list,
    },
    {
      name: 'transfer story',
      calls: [{ method: 'POST', path: `/core/api/transfer-logs/story/${f.transferId}` }],
      ...list,
    },
    {
      name: 'pending counts (3 calls)',
      calls: [
        get('/core/api/card-orders?orderStatus.in=PENDING&page=0&size=1'),
        get('/core/api/checkbook-orders/demandStatusChequier/IN_PROGRESS?page=0&size=1'),
        get('/core/api/beneficiaries/beneficiaryStatus/PENDING?page=0&size=1'),
      ],
      ...list,
    },
    {
      // The home page (issue 21): the manager's queues, inbox and 30 days of charts in one call.
      name: 'my work (queues, inbox, charts)',
      calls: [get('/core/api/work/summary')],
      ...list,
      reference: false,
    },
    {
      name: 'staff decision on a card order',
      calls: [{ method: 'PUT', path: '/core/api/card-orders/:id' }],
      budgetMs: 30,
      connections: 8,
      reference: true,
      write: true,
    },
    {
      name: 'staff decision on a transfer (posting)',
      calls: [{ method: 'PUT', path: '/core/api/transfers/:id' }],
      budgetMs: 30,
      connections: 8,
      reference: true,
      posting: true,
    },
    {
      name: 'sign-in (argon2id)',
      calls: [{ method: 'POST', path: '/api/authenticate' }],
      budgetMs: Infinity,
      connections: 2,
      reference: false,
      signIn: true,
    },
  ];
}
