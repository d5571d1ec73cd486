// Demo beneficiaries of the online-banking users (every status, with their validation history)
// and the transfers those users ordered to them (every status, with transfer logs).
import { accountOfClient, holdable, personName, type People } from './clients';
import { statusFor, type SeedContext } from './context';
import { historyComment, insertRequests } from './history';
import { DAY_MS, HOUR_MS, iso } from './random';
import { rib } from './rib';
import { COMPANY_NAMES, OTHER_BANKS } from './vocabulary';

export interface BeneficiaryRef {
  id: number;
  user: number;
  status: string;
}

const BENEFICIARY_STATUSES = [
  ['ACCEPTED', 55],
  ['PENDING', 20],
  ['REJECTED', 12],
  ['DELETED', 13],
] as const;

const DEMAND_STATUSES = [
  ['VALIDATED', 55],
  ['PENDING', 15],
  ['INPROGRESS', 12],
  ['REJECTED', 10],
  ['CANCELLED', 8],
] as const;

export async function seedBeneficiaries(ctx: SeedContext, people: People): Promise<BeneficiaryRef[]> {
  const rng = ctx.random('beneficiaries');
  const items: Array<{ user: number; status: string; createdAt: number; name: string; iban: string }> = [];
  // About two per user; each user's first beneficiary is accepted, so that every user can transfer.
  const perUser = ctx.count(400, 'beneficiary') / people.users.length;
  let others = 0;
  for (const [userIndex, user] of people.users.entries()) {
    const count = Math.min(6, Math.floor(perUser * (0.5 + rng.next()) + rng.next()));
    for (let k = 0; k < count; k++) {
      const internal = rng.chance(0.45);
      const account = internal ? rng.pick(people.accounts) : undefined;
      const person = personName(rng);
      items.push({
        user: userIndex,
        status: k === 0 ? 'ACCEPTED' : statusFor(rng, others++, BENEFICIARY_STATUSES),
        createdAt: rng.instant(user.createdAt + DAY_MS, ctx.anchor - 2 * DAY_MS),
        name: account
          ? people.clients[account.client]!.name
          : rng.chance(0.15)
            ? rng.pick(COMPANY_NAMES)
            : `${person.first} ${person.last}`,
        iban: account ? account.iban : rib('0' + rng.digits(4), rng.digits(12), rng.pick(OTHER_BANKS)).iban,
      });
    }
  }
  const ids = await insertRequests(
    ctx,
    rng,
    {
      entity: 'beneficiary',
      logEntity: 'beneficiaryLog',
      statusEnum: 'beneficiaryStatus',
      row: (b, last) => ({
        iban: b.iban,
        name: b.name,
        createdAt: iso(b.createdAt),
        updateAp: iso(last.at),
        comment: last.observation,
        beneficiaryStatus: b.status,
        serenityUserId: people.users[b.user]!.id,
      }),
      logRow: (_b, entry, id) => ({
        createdAt: iso(entry.at),
        comment: historyComment(entry),
        beneficiaryStatus: entry.status,
        beneficiary: id,
      }),
    },
    items,
  );
  return items.map((b, i) => ({ id: ids[i]!, user: b.user, status: b.status }));
}

export async function seedTransfers(ctx: SeedContext, people: People, beneficiaries: BeneficiaryRef[]): Promise<void> {
  const rng = ctx.random('transfers');
  const accepted = new Map<number, number[]>();
  for (const b of beneficiaries) {
    if (b.status === 'ACCEPTED') accepted.set(b.user, [...(accepted.get(b.user) ?? []), b.id]);
  }
  const senders = [...accepted.keys()];
  const total = ctx.count(3_000, 'transfer');
  // Transfers are generated lazily so that large scales stay within memory.
  function* items() {
    for (let i = 0; i < total; i++) {
      const userIndex = rng.pick(senders);
      const user = people.users[userIndex]!;
      const account = accountOfClient(rng, people, user.client);
      const company = people.clients[user.client]!.company;
      const drawn = statusFor(rng, i, DEMAND_STATUSES);
      const createdAt = rng.daysAgo(ctx.anchor, 1, 180);
      const step = company ? 5_000 : 500;
      const wanted = company ? rng.step(100_000, 25_000_000, step) : rng.step(5_000, 1_500_000, step);
      // An undecided transfer holds its amount: one the account cannot cover was cancelled by its customer.
      const held = drawn === 'PENDING' || drawn === 'INPROGRESS' ? holdable(account, wanted, step) : wanted;
      const status = held === 0 ? 'CANCELLED' : drawn;
      const open = status === 'PENDING' || status === 'INPROGRESS';
      yield {
        status,
        createdAt,
        user: user.id,
        account: account.id,
        beneficiary: rng.pick(accepted.get(userIndex)!),
        amount: held === 0 ? wanted : held,
        // A scheduled transfer still open may execute in the coming days.
        execDate: createdAt + (open && rng.chance(0.3) ? rng.int(2, 10) * DAY_MS : rng.int(0, 48) * HOUR_MS),
      };
    }
  }
  await insertRequests(
    ctx,
    rng,
    {
      entity: 'transfer',
      logEntity: 'transferLog',
      statusEnum: 'demandStatus',
      row: (t, last) => ({
        amount: String(t.amount),
        // A validated transfer is executed once validated.
        execDate: iso(
          t.status === 'VALIDATED' ? Math.min(ctx.anchor - 1000, Math.max(t.execDate, last.at + HOUR_MS)) : t.execDate,
        ),
        createdAt: iso(t.createdAt),
        updateAp: iso(last.at),
        comment: last.observation,
        demandStatus: t.status,
        bankAccountId: t.account,
        beneficiaryId: t.beneficiary,
        serenityUserId: t.user,
      }),
      logRow: (t, entry, id) => ({
        comment: historyComment(entry),
        createdAt: iso(entry.at),
        updateAp: iso(entry.at),
        demandStatus: entry.status,
        transferId: id,
        bankAccountId: t.account,
        serenityUserId: t.user,
      }),
    },
    items(),
  );
}
