// Demo customers: clients (people and companies), their bank accounts with RIB and IBAN, their
// online-banking (serenity) users and those users' notification subscriptions.
import { hashPassword } from '../security/passwords';
import { insertRows, type SeedRow } from './bulk';
import type { SeedContext } from './context';
import type { ReferenceData } from './reference-data';
import { DAY_MS, iso, isoDate, slug, type Random } from './random';
import { rib } from './rib';
import {
  COMPANY_FORMS,
  COMPANY_NAMES,
  COMPANY_TRADES,
  FEMALE_FIRST_NAMES,
  LAST_NAMES,
  MAIL_DOMAINS,
  MALE_FIRST_NAMES,
  MOBILE_PREFIXES,
  NATIONALITIES,
  STREETS,
  TOWNS,
} from './vocabulary';

export interface ClientRef {
  id: number;
  name: string;
  firstName: string;
  lastName: string;
  company: boolean;
  email: string;
  phone: string;
  createdAt: number;
  branch: number;
  /** Year of birth of a person; null for a company. */
  born: number | null;
}

export interface AccountRef {
  id: number;
  client: number;
  number: string;
  iban: string;
  type: string;
  open: boolean;
  openedAt: number;
  /** Last instant with movements: the closing date, or the anchor. */
  until: number;
  balance: number;
  branchId: number;
  /** What undecided requests may still hold on it (its balance at first): the books refuse more. */
  unheld: number;
}

export interface UserRef {
  id: number;
  client: number;
  login: string;
  /** First and last name of the person using the account (a company's contact). */
  name: string;
  email: string;
  telephone: string;
  createdAt: number;
  notifies: boolean;
}

export interface People {
  clients: ClientRef[];
  accounts: AccountRef[];
  users: UserRef[];
  /** Indexes into `accounts` per client index. */
  accountsOf: number[][];
}

/** First two digits of an account number per account type. */
const TYPE_PREFIX: Readonly<Record<string, string>> = {
  COURANT: '01',
  CHEQUE: '02',
  EPARGNE: '03',
  ENTREPRISE: '04',
  DAT: '05',
  JEUNE: '06',
};

export const mobile = (rng: Random) => `+221${rng.pick(MOBILE_PREFIXES)}${rng.digits(7)}`;

export function personName(rng: Random): { first: string; last: string; gender: 'M' | 'F' } {
  const gender = rng.chance(0.5) ? 'F' : 'M';
  const first = rng.pick(gender === 'F' ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES);
  return { first, last: rng.pick(LAST_NAMES), gender };
}

/** An open account of the client, or its first account. */
/**
 * The amount an undecided request may hold on `account`: the one drawn, or the whole steps left when the
 * account has less to hold, taken from what it has left; 0 when not one step fits (the customer's channel
 * would have refused it).
 */
export function holdable(account: AccountRef, drawn: number, step: number): number {
  const fits = Math.min(drawn, account.unheld - (account.unheld % step));
  if (!account.open || fits < step) return 0;
  account.unheld -= fits;
  return fits;
}

export function accountOfClient(rng: Random, people: People, client: number): AccountRef {
  const accounts = people.accountsOf[client]!.map((a) => people.accounts[a]!);
  const open = accounts.filter((a) => a.open);
  return rng.pick(open.length > 0 ? open : accounts);
}

function makeClient(
  ctx: SeedContext,
  rng: Random,
  ref: ReferenceData,
  index: number,
): { row: SeedRow; client: Omit<ClientRef, 'id'> } {
  const company = index % 8 === 3;
  const person = personName(rng);
  const town = rng.weighted(TOWNS.map((t, i) => [t, i < 4 ? 6 : 2] as const));
  const branch = ref.branches.filter((b) => b.town === town.name);
  const branchIndex = ref.branches.indexOf(branch.length > 0 ? rng.pick(branch) : rng.pick(ref.branches.slice(0, 5)));
  const companyName =
    index < COMPANY_NAMES.length * 8
      ? COMPANY_NAMES[Math.floor(index / 8) % COMPANY_NAMES.length]!
      : `${person.last} ${rng.pick(COMPANY_TRADES)} ${rng.pick(COMPANY_FORMS)}`;
  const name = company ? companyName : `${person.first} ${person.last}`;
  const email = company
    ? `contact${index + 1}@${slug(companyName.replace(/ (SARL|SUARL|SA|GIE|SAS)$/, ''), '-')}.sn`
    : `${slug(`${person.first} ${person.last}`)}${index + 1}@${rng.pick(MAIL_DOMAINS)}`;
  const phone = company ? `+221338${rng.digits(6)}` : mobile(rng);
  const createdAt = rng.daysAgo(ctx.anchor, 200, 3000);
  const born = company ? null : rng.int(1952, 2005);
  const row: SeedRow = {
    name,
    gender: company ? null : person.gender,
    dateOfBirth: born === null ? null : isoDate(Date.UTC(born, rng.int(0, 11), rng.int(1, 28))),
    placeOfBirth: company ? null : rng.pick(TOWNS).name,
    email,
    address: `${rng.pick(STREETS)}, ${company ? 'Immeuble' : 'Villa'} n° ${rng.int(1, 240)}, ${rng.pick(town.areas)}, ${town.name}`,
    phone,
    companyRegistrationNumber: company
      ? `SN-${slug(town.name).slice(0, 3).toUpperCase()}-${rng.int(2005, 2022)}-B-${rng.digits(5)}`
      : null,
    createdAt: iso(createdAt),
    clientCode: `CL${String(index + 1).padStart(6, '0')}`,
    country: 'SENEGAL',
    clientType: company ? 'COMPANY' : 'PERSONAL',
    nationality: company ? 'Sénégalaise' : rng.weighted(NATIONALITIES),
    gestionnaireId: rng.pick(ref.gestionnaires),
  };
  return {
    row,
    client: {
      name,
      firstName: person.first,
      lastName: person.last,
      company,
      email,
      phone,
      createdAt,
      branch: branchIndex,
      born,
    },
  };
}

/** Final balance in whole XOF by account type: most modest, a few large. */
function balanceFor(rng: Random, type: string, company: boolean): number {
  const spread = Math.exp(rng.next() * 3) / Math.E ** 3; // 0.05..1, skewed low
  const top = company ? 90_000_000 : ({ EPARGNE: 12_000_000, DAT: 25_000_000, JEUNE: 400_000 }[type] ?? 4_000_000);
  return Math.round((top * spread) / 5) * 5 + rng.int(0, 99) * 5;
}

export async function seedClients(ctx: SeedContext, ref: ReferenceData): Promise<People> {
  const rng = ctx.random('clients');
  const people: People = { clients: [], accounts: [], users: [], accountsOf: [] };
  const total = ctx.count(300);
  for (let start = 0; start < total; start += 1000) {
    const made = Array.from({ length: Math.min(1000, total - start) }, (_, i) => makeClient(ctx, rng, ref, start + i));
    const ids = await insertRows(
      ctx.db,
      'client',
      made.map((m) => m.row),
      { returning: true },
    );
    made.forEach((m, i) => people.clients.push({ id: ids[i]!, ...m.client }));
  }
  await seedAccounts(ctx, rng, ref, people);
  await seedSerenityUsers(ctx, rng, people);
  return people;
}

async function seedAccounts(ctx: SeedContext, rng: Random, ref: ReferenceData, people: People): Promise<void> {
  const { anchor } = ctx;
  let batch: Array<{ row: SeedRow; account: Omit<AccountRef, 'id'> }> = [];
  const flush = async () => {
    const ids = await insertRows(
      ctx.db,
      'bankAccount',
      batch.map((b) => b.row),
      { returning: true },
    );
    batch.forEach((b, i) => {
      people.accountsOf[b.account.client]!.push(people.accounts.length);
      people.accounts.push({ id: ids[i]!, ...b.account });
    });
    batch = [];
  };
  for (const [clientIndex, client] of people.clients.entries()) {
    people.accountsOf.push([]);
    const count = rng.weighted([
      [1, 60],
      [2, 30],
      [3, 10],
    ] as const);
    const types = client.company
      ? ['ENTREPRISE', 'COURANT', 'DAT']
      : [
          rng.weighted([
            ['COURANT', 4],
            ['CHEQUE', 1],
          ] as const),
          // The youth account is for customers under 26.
          (client.born ?? 0) >= new Date(anchor).getUTCFullYear() - 25 ? 'JEUNE' : 'EPARGNE',
          'DAT',
        ];
    for (let k = 0; k < count; k++) {
      const type = types[k]!;
      const open = k === 0 || rng.chance(0.82);
      const openedAt = rng.instant(client.createdAt, anchor - (open ? 10 : 120) * DAY_MS);
      const until = open
        ? anchor - 1000
        : rng.instant(Math.max(openedAt, anchor - 150 * DAY_MS) + 20 * DAY_MS, anchor - 5 * DAY_MS);
      const balance = open ? balanceFor(rng, type, client.company) : 0;
      const blocked =
        open && balance > 50_000 && rng.chance(0.2) ? rng.step(5_000, Math.min(balance, 500_000), 5_000) : 0;
      const authorized =
        !open || !['COURANT', 'CHEQUE', 'ENTREPRISE'].includes(type)
          ? 0
          : client.company
            ? rng.step(1_000_000, 20_000_000, 500_000)
            : rng.chance(0.4)
              ? rng.step(50_000, 1_000_000, 50_000)
              : 0;
      const branch = ref.branches[client.branch]!;
      const number = `${TYPE_PREFIX[type]}${String(people.accounts.length + batch.length + 1).padStart(8, '0')}${rng.digits(2)}`;
      const { bank, key, iban } = rib(branch.code, number);
      batch.push({
        row: {
          bankAccountNumber: number,
          ownerName: client.name,
          iban,
          bankCode: bank,
          sortCode: branch.code,
          ibanAccount: number,
          ibanKey: key,
          balance: String(balance),
          createdAt: iso(openedAt),
          blockedAmount: String(blocked),
          availableAmount: String(balance - blocked),
          authorizedAmount: String(authorized),
          positionDate: iso(until),
          updatedAt: iso(until),
          bankAccountStatus: open ? 'OPENED' : 'CLOSED',
          branchId: branch.id,
          clientId: client.id,
          bankAccountTypeId: ref.accountTypes.get(type)!,
        },
        account: {
          client: clientIndex,
          number,
          iban,
          type,
          open,
          openedAt,
          until,
          balance,
          branchId: branch.id,
          unheld: balance,
        },
      });
      if (batch.length >= 1000) await flush();
    }
  }
  if (batch.length > 0) await flush();
}

async function seedSerenityUsers(ctx: SeedContext, rng: Random, people: People): Promise<void> {
  // One password ('Passer123') and one PIN ('1234') hash for every demo customer: hashing is what costs time.
  const [passwordHash, pinHash] = await Promise.all([hashPassword('Passer123'), hashPassword('1234')]);
  /** Users per login stem: the second Awa Diop is `awa.diop2`. */
  const logins = new Map<string, number>();
  const wanted = ctx.count(200) / people.clients.length;
  let batch: Array<{ row: SeedRow; user: Omit<UserRef, 'id'> }> = [];
  const flush = async () => {
    const ids = await insertRows(
      ctx.db,
      'serenityUser',
      batch.map((b) => b.row),
      { returning: true },
    );
    const subscriptions: SeedRow[] = [];
    batch.forEach((b, i) => {
      people.users.push({ id: ids[i]!, ...b.user });
      if (!b.user.notifies) return;
      const flags = ['paiement', 'retrait', 'salaire', 'versement', 'virement'].map(
        (f) => [f, rng.chance(0.55)] as const,
      );
      if (!flags.some(([, on]) => on)) flags[4] = ['virement', true];
      subscriptions.push({ serenityUserId: ids[i]!, phoneNumber: b.user.telephone, ...Object.fromEntries(flags) });
    });
    await insertRows(ctx.db, 'notificationSubscription', subscriptions);
    batch = [];
  };
  for (const [clientIndex, client] of people.clients.entries()) {
    // The first client always banks online, so that the smallest scales still have a user.
    if (clientIndex > 0 && !rng.chance(wanted)) continue;
    const contact = client.company ? personName(rng) : { first: client.firstName, last: client.lastName };
    const stem = slug(`${contact.first} ${contact.last}`);
    const rank = (logins.get(stem) ?? 0) + 1;
    logins.set(stem, rank);
    const login = rank === 1 ? stem : `${stem}${rank}`;
    const createdAt = rng.instant(client.createdAt, ctx.anchor - 30 * DAY_MS);
    const notifyType = rng.weighted([
      ['SMS', 45],
      ['EMAIL', 15],
      ['SMS_EMAIL', 10],
      [null, 30],
    ] as const);
    const telephone = client.company ? mobile(rng) : client.phone;
    batch.push({
      row: {
        login,
        password: passwordHash,
        firstname: contact.first,
        lastname: contact.last,
        telephone,
        email: client.email,
        createdAt: iso(createdAt),
        lastLogin: rng.chance(0.9) ? iso(rng.daysAgo(ctx.anchor, 1, 60)) : null,
        pinCode: pinHash,
        notifyType,
        clientId: client.id,
      },
      user: {
        client: clientIndex,
        login,
        name: `${contact.first} ${contact.last}`,
        email: client.email,
        telephone,
        createdAt,
        notifies: notifyType !== null,
      },
    });
    if (batch.length >= 1000) await flush();
  }
  if (batch.length > 0) await flush();
}
