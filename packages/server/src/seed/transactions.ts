// Demo account movements: months of transactions per account whose balances chain exactly
// (after = before ± amount, the last after = the account's balance), month-end balance logs,
// and loans with annuities that add up.
import type { People, AccountRef } from './clients';
import { personName } from './clients';
import { RowBuffer } from './bulk';
import type { SeedContext } from './context';
import type { ReferenceData } from './reference-data';
import { DAY_MS, iso, type Random } from './random';
import { rib } from './rib';
import { LOAN_PRODUCTS, OTHER_BANKS } from './vocabulary';

type Direction = 'C' | 'D';

interface Movement {
  at: number;
  type: string;
  direction: Direction;
  amount: number;
  before: number;
  after: number;
}

/** Transaction types by weight, with the share of credits, per kind of account. */
const MIX: Readonly<Record<string, ReadonlyArray<readonly [string, number, number]>>> = {
  personal: [
    ['CB', 22, 0],
    ['RET', 20, 0],
    ['VIR', 12, 0.4],
    ['PRL', 10, 0],
    ['FRAIS', 6, 0],
    ['SAL', 10, 1],
    ['DEP', 12, 1],
    ['CHQ', 6, 0.3],
  ],
  savings: [
    ['DEP', 45, 1],
    ['VIR', 25, 0.6],
    ['RET', 20, 0],
    ['INT', 5, 1],
    ['FRAIS', 5, 0],
  ],
  term: [
    ['DEP', 60, 1],
    ['INT', 40, 1],
  ],
  company: [
    ['VIR', 35, 0.55],
    ['CHQ', 20, 0.5],
    ['DEP', 15, 1],
    ['RET', 10, 0],
    ['PRL', 8, 0],
    ['FRAIS', 7, 0],
    ['CB', 5, 0],
  ],
};

const kindOf = (account: AccountRef, company: boolean) =>
  account.type === 'DAT'
    ? 'term'
    : ['EPARGNE', 'JEUNE'].includes(account.type)
      ? 'savings'
      : company
        ? 'company'
        : 'personal';

/** Share of the demo's transactions an account gets, by kind. */
const WEIGHT: Readonly<Record<string, number>> = { personal: 1, savings: 0.3, term: 0.08, company: 2.2 };

function amountOf(rng: Random, type: string, company: boolean): number {
  const big = company ? 10 : 1;
  switch (type) {
    case 'CB':
      return rng.step(1_000, 150_000, 500);
    case 'RET':
      return rng.step(5_000, 300_000, 5_000) * (company ? 3 : 1);
    case 'VIR':
      return rng.step(10_000, 1_000_000, 1_000) * big;
    case 'PRL':
      return rng.int(3_000, 75_000) * (company ? 4 : 1);
    case 'FRAIS':
      return rng.pick([590, 1_180, 2_360, 3_540, 5_900]) * (company ? 3 : 1);
    case 'SAL':
      return rng.step(120_000, 1_800_000, 500);
    case 'DEP':
      return rng.step(10_000, 1_500_000, 5_000) * big;
    case 'CHQ':
      return rng.step(10_000, 2_000_000, 1_000) * big;
    default:
      return rng.int(500, 60_000);
  }
}

const MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];
const MERCHANTS = [
  'Auchan Mermoz',
  'Total Energies VDN',
  'Wave',
  'Orange Money',
  'Jumia',
  'Pharmacie Guigon',
  'Casino Sea Plaza',
  'Shell Hann',
  'Carrefour Market Sacré-Cœur',
];
const BILLERS = ['Senelec', 'SEN’EAU', 'Sonatel', 'Canal+ Sénégal', 'Free Sénégal', 'Assurance AXA'];
const FEES = ['Frais de tenue de compte', 'Commission sur virement', 'Cotisation carte', 'Frais SMS banking'];

function labelsOf(
  rng: Random,
  m: Movement,
  town: string,
): { label: string; additional: string; counterparty: string | null } {
  const who = () => {
    const p = personName(rng);
    return `${p.first} ${p.last}`;
  };
  const month = MONTHS[new Date(m.at).getUTCMonth()]!;
  switch (m.type) {
    case 'VIR': {
      const counterparty = rib('0' + rng.digits(4), rng.digits(12), rng.pick(OTHER_BANKS)).iban;
      return {
        label: m.direction === 'C' ? `Virement reçu de ${who()}` : `Virement émis vers ${who()}`,
        additional: `Réf. VIR${rng.digits(9)}`,
        counterparty,
      };
    }
    case 'RET':
      return {
        label: rng.chance(0.6) ? `Retrait GAB ${town}` : 'Retrait espèces guichet',
        additional: `Agence ${town}`,
        counterparty: null,
      };
    case 'DEP':
      return { label: 'Versement espèces', additional: `Déposant : ${who()}`, counterparty: null };
    case 'PRL':
      return { label: `Prélèvement ${rng.pick(BILLERS)}`, additional: `Facture ${month}`, counterparty: null };
    case 'FRAIS':
      return { label: rng.pick(FEES), additional: `TVA 18 % incluse, ${month}`, counterparty: null };
    case 'SAL':
      return {
        label: `Salaire ${month}`,
        additional: `Employeur : ${rng.pick(['Ministère des Finances', 'Sonatel', 'Port Autonome de Dakar', 'Senelec', 'Groupe Sedima', 'ONG Enda'])}`,
        counterparty: null,
      };
    case 'CHQ':
      return {
        label: m.direction === 'C' ? `Remise chèque n° ${rng.digits(7)}` : `Paiement chèque n° ${rng.digits(7)}`,
        additional: who(),
        counterparty: rng.digits(12),
      };
    case 'CB':
      return {
        label: `Paiement carte ${rng.pick(MERCHANTS)}`,
        additional: `Carte **** ${rng.digits(4)}`,
        counterparty: null,
      };
    default:
      return { label: 'Intérêts créditeurs', additional: `Trimestre échu, ${month}`, counterparty: null };
  }
}

/** `count` distinct instants in [from, to], banking-day hours, ascending. */
function instants(rng: Random, count: number, from: number, to: number): number[] {
  const days = Math.max(1, Math.floor((to - from) / DAY_MS));
  const times = new Set<number>();
  while (times.size < count) {
    const day = Math.floor(from / DAY_MS) + rng.int(0, days);
    const t = day * DAY_MS + rng.int(25_200, 75_600) * 1000;
    if (t >= from && t <= to) times.add(t);
    else if (days <= 1) times.add(rng.instant(from, to));
  }
  return [...times].sort((a, b) => a - b);
}

/**
 * The movements of one account, oldest first, built backwards from its current balance so that
 * every balance on the way is a real one and never negative.
 */
function movementsOf(rng: Random, account: AccountRef, company: boolean, count: number, since: number): Movement[] {
  const kind = kindOf(account, company);
  const mix = MIX[kind]!;
  const times = instants(rng, count, Math.max(account.openedAt, since), account.until);
  const movements: Movement[] = [];
  let after = account.balance;
  for (let i = times.length - 1; i >= 0; i--) {
    const [drawn, , creditShare] = rng.weighted(mix.map((m) => [m, m[1]] as const));
    let type = drawn;
    let direction: Direction = rng.chance(creditShare) ? 'C' : 'D';
    let amount = amountOf(rng, type, company);
    if (direction === 'C' && amount > after) {
      // A credit larger than the balance it led to cannot have happened: shrink it or make it a debit.
      if (after >= 10_000 && rng.chance(0.5)) amount = rng.step(5_000, after, 5_000);
      else if (kind === 'term' && after > 0) amount = after;
      else {
        [type, direction] = [kind === 'company' ? 'VIR' : 'RET', 'D'];
        amount = amountOf(rng, type, company);
      }
    }
    const before = direction === 'C' ? after - amount : after + amount;
    movements.push({ at: times[i]!, type, direction, amount, before, after });
    after = before;
  }
  return movements.reverse();
}

export async function seedTransactions(ctx: SeedContext, ref: ReferenceData, people: People): Promise<void> {
  const rng = ctx.random('transactions');
  const since = ctx.anchor - 182 * DAY_MS;
  const notified = new Set(people.users.filter((u) => u.notifies).map((u) => u.client));
  const weights = people.accounts.map(
    (a) => WEIGHT[kindOf(a, people.clients[a.client]!.company)]! * (a.open ? 1 : 0.3),
  );
  const perWeight = ctx.count(20_000, 'transaction') / weights.reduce((s, w) => s + w, 0);
  const transactions = new RowBuffer(ctx.db, 'transaction');
  const balanceLogs = new RowBuffer(ctx.db, 'balanceLog');
  let sequence = 0;

  for (const [index, account] of people.accounts.entries()) {
    const client = people.clients[account.client]!;
    const town = ref.branches.find((b) => b.id === account.branchId)!.town;
    const count = Math.max(1, Math.round(weights[index]! * perWeight * (0.6 + 0.8 * rng.next())));
    const movements = movementsOf(rng, account, client.company, count, since);
    for (const m of movements) {
      sequence++;
      const { label, additional, counterparty } = labelsOf(rng, m, town);
      const day = iso(m.at).slice(2, 10).replace(/-/g, '');
      await transactions.push({
        transactionNumber: `FT${day}${String(sequence).padStart(8, '0')}`,
        amount: String(m.amount),
        additionalLabel: additional,
        label,
        transactionDate: iso(m.at),
        direction: m.direction,
        imputationDate: iso(m.at),
        valueDate: iso(Math.min(ctx.anchor, m.at + (m.direction === 'C' ? DAY_MS : 0))),
        conterpartyBankAccountNumber: counterparty,
        beforeBalance: String(m.before),
        afterBalance: String(m.after),
        statusTransaction: 'VALIDATED',
        statusNotification: notified.has(account.client) ? 'SENT' : 'NOT_SUBSCRIBED',
        bankAccountId: account.id,
        transactionTypeId: ref.transactionTypes.get(m.type)!,
      });
    }
    // Balance at each month end the account lived through: the last movement before it.
    const first = new Date(Math.max(since, account.openedAt));
    for (let month = Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 1); month <= account.until;) {
      const at = month - 1000;
      const last = movements.filter((m) => m.at <= at).pop();
      const balance = last ? last.after : movements[0]!.before;
      await balanceLogs.push({ amount: String(balance), balanceDate: iso(at), bankAccountId: account.id });
      const d = new Date(month);
      month = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
    }
  }
  await transactions.flush();
  await balanceLogs.flush();
}

export async function seedLoans(ctx: SeedContext, people: People): Promise<void> {
  const rng = ctx.random('loans');
  const eligible = people.accounts.filter((a) => a.open && ['COURANT', 'CHEQUE', 'ENTREPRISE'].includes(a.type));
  const loans = new RowBuffer(ctx.db, 'loan');
  const total = ctx.count(120);
  for (let i = 0; i < total; i++) {
    const account = rng.pick(eligible);
    const company = people.clients[account.client]!.company;
    const [label, subject, , min, max, terms] = rng.pick(LOAN_PRODUCTS.filter((p) => p[2] === company));
    const term = rng.pick(terms);
    const nominal = rng.step(min, max, 50_000);
    const rate = rng.step(650, 1_150, 25) / 100; // 6.50 % to 11.50 %
    const monthlyRate = rate / 1200;
    const monthly = Math.round((nominal * monthlyRate) / (1 - (1 + monthlyRate) ** -term));
    const finished = i % 4 === 1 || (term <= 24 && rng.chance(0.3));
    // Paid off before the anchor month, or running with `monthsAgo` instalments paid.
    const anchorMonth = new Date(ctx.anchor);
    const monthsAgo = finished ? term + rng.int(1, 24) : rng.int(0, term - 1);
    const start = Date.UTC(anchorMonth.getUTCFullYear(), anchorMonth.getUTCMonth() - monthsAgo, 5);
    const end = Date.UTC(anchorMonth.getUTCFullYear(), anchorMonth.getUTCMonth() - monthsAgo + term, 5);
    const paid = Math.min(term, monthsAgo);
    const growth = (1 + monthlyRate) ** paid;
    const remaining = finished ? 0 : Math.max(0, Math.round(nominal * growth - (monthly * (growth - 1)) / monthlyRate));
    await loans.push({
      subject,
      nominalAmount: String(nominal),
      remainingAmount: String(remaining),
      monthlyPayment: String(monthly),
      startDate: iso(start).slice(0, 10),
      label: `${label} ${term} mois`,
      endDate: iso(end).slice(0, 10),
      interestRate: rate.toFixed(2),
      term,
      setupDate: iso(start - rng.int(10, 40) * DAY_MS).slice(0, 10),
      loanRef: `PRT${new Date(start).getUTCFullYear()}${String(i + 1).padStart(7, '0')}`,
      loanStatus: finished ? 'FINISH' : 'IN_PROGRESS',
      bankAccountId: account.id,
    });
  }
  await loans.flush();
}
