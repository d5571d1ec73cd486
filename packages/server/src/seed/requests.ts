// Demo customer requests handled by staff: checkbook and card orders, check and card
// oppositions, each in every status with its history; and PIN regenerations.
import { ENUMS } from '@bank/domain';
import { RowBuffer } from './bulk';
import { accountOfClient, type AccountRef, type People, type UserRef } from './clients';
import { statusFor, type SeedContext } from './context';
import { historyComment, insertRequests, type HistoryEntry } from './history';
import type { ReferenceData } from './reference-data';
import { iso, type Random } from './random';

interface Item {
  status: string;
  createdAt: number;
  user: UserRef;
  account: AccountRef;
  holder: string;
}

const DEMAND = [
  ['VALIDATED', 40],
  ['PENDING', 20],
  ['INPROGRESS', 20],
  ['REJECTED', 10],
  ['CANCELLED', 10],
] as const;
const CHECKBOOK = [
  ['DONE', 40],
  ['IN_PROGRESS', 25],
  ['PENDING', 15],
  ['REJECTED', 10],
  ['CANCELLED', 10],
] as const;

/** `count` requests of users picked at random, on one of their open accounts. */
function* requestItems(
  ctx: SeedContext,
  rng: Random,
  people: People,
  count: number,
  weights: ReadonlyArray<readonly [string, number]>,
) {
  for (let i = 0; i < count; i++) {
    const user = rng.pick(people.users);
    const account = accountOfClient(rng, people, user.client);
    const holder = people.clients[user.client]!.name;
    yield { status: statusFor(rng, i, weights), createdAt: rng.daysAgo(ctx.anchor, 1, 180), user, account, holder };
  }
}

/** When a history row was written, and its `observation{}status{}author` comment. */
const logBase = (entry: HistoryEntry) => ({ createdAt: iso(entry.at), comment: historyComment(entry) });

export async function seedRequests(ctx: SeedContext, ref: ReferenceData, people: People): Promise<void> {
  const rng = ctx.random('requests');
  const branchOf = new Map(ref.branches.map((b) => [b.id, b]));

  await insertRequests(
    ctx,
    rng,
    {
      entity: 'checkbookOrder',
      logEntity: 'checkOrderlog',
      statusEnum: 'checkbookStatus',
      row: (item: Item, last) => {
        const branch = branchOf.get(item.account.branchId)!;
        return {
          talonCorrespondance: `${item.holder.toUpperCase()} - ${item.account.number}`,
          adresseRetrait: `${branch.name}, ${branch.address}`,
          typeChequier: rng.weighted([
            ['BARRED', 4],
            ['NOTBARRED', 1],
          ]),
          carnetOf: rng.weighted([
            ['TWENTYFIVE', 5],
            ['FIFTY', 3],
            ['HUNDRED', 1],
          ]),
          createdAt: iso(item.createdAt),
          updateAt: iso(last.at),
          comment: last.observation,
          demandStatus: item.status,
          branchId: branch.id,
          serenityUserId: item.user.id,
          bankAccountId: item.account.id,
        };
      },
      // Order logs have two statuses only: the checkbook is delivered (DONE) or not yet.
      logRow: (item, entry, id) => ({
        ...logBase(entry),
        demandStatus: entry.status === 'DONE' ? 'DONE' : ENUMS.orderLogStatus.default,
        bankAccountId: item.account.id,
        serenityUserId: item.user.id,
        checkbookOrderId: id,
      }),
    },
    requestItems(ctx, rng, people, ctx.count(150, 'checkbookOrder'), CHECKBOOK),
  );

  await insertRequests(
    ctx,
    rng,
    {
      entity: 'cardOrder',
      logEntity: 'cardOrderlog',
      statusEnum: 'demandStatus',
      row: (item: Item, last) => ({
        // The name embossed on the card (at most 26 characters) and the account's principal holder.
        holderName: item.user.name.toUpperCase().slice(0, 26),
        ppHolder: item.holder,
        orderStatus: item.status,
        createdAt: iso(item.createdAt),
        comment: last.observation,
        updatedAt: iso(last.at),
        cardTypeId: rng.pick(ref.cardTypes),
        serenityUserId: item.user.id,
        bankAccountId: item.account.id,
      }),
      logRow: (item, entry, id) => ({
        ...logBase(entry),
        demandStatus: entry.status,
        serenityUserId: item.user.id,
        bankAccountId: item.account.id,
        cardOrderId: id,
      }),
    },
    requestItems(ctx, rng, people, ctx.count(150, 'cardOrder'), DEMAND),
  );

  await insertRequests(
    ctx,
    rng,
    {
      entity: 'checkOpposition',
      logEntity: 'checkOppositionLog',
      statusEnum: 'demandStatus',
      row: (item: Item, last) => ({
        checkNumber: rng.digits(7),
        createdAt: iso(item.createdAt),
        comment: last.observation,
        demandStatus: item.status,
        bankAccountId: item.account.id,
        serenityUserId: item.user.id,
      }),
      logRow: (item, entry, id) => ({
        ...logBase(entry),
        demandStatus: entry.status,
        checkOppositionId: id,
        bankAccountId: item.account.id,
        serenityUserId: item.user.id,
      }),
    },
    requestItems(ctx, rng, people, ctx.count(150, 'checkOpposition'), DEMAND),
  );

  await insertRequests(
    ctx,
    rng,
    {
      entity: 'cardOpposition',
      logEntity: 'cardOppositionLog',
      statusEnum: 'demandStatus',
      row: (item: Item, last) => ({
        // Only the first six and last four digits of a card number are kept (PCI DSS).
        cardNumber: `${rng.pick(['4218 28', '5399 23', '6280 01', '4596 71'])}** **** ${rng.digits(4)}`,
        createdAt: iso(item.createdAt),
        comment: last.observation,
        oppositionStatus: item.status,
        bankAccountId: item.account.id,
        serenityUserId: item.user.id,
      }),
      logRow: (item, entry, id) => ({
        ...logBase(entry),
        demandStatus: entry.status,
        cardOppositionId: id,
        bankAccountId: item.account.id,
      }),
    },
    requestItems(ctx, rng, people, ctx.count(150, 'cardOpposition'), DEMAND),
  );

  const pins = new RowBuffer(ctx.db, 'pinGeneration');
  for (const item of requestItems(ctx, rng, people, ctx.count(100), DEMAND)) {
    await pins.push({
      createdAt: iso(item.createdAt),
      reason: rng.pick(ENUMS.pinReason.values),
      serenityUserId: item.user.id,
      bankAccountId: item.account.id,
    });
  }
  await pins.flush();
  await seedCorrections(ctx, people);
}

const CORRECTION_REASONS = [
  'Frais de tenue de compte prélevés deux fois',
  'Agios calculés sur un mauvais taux',
  'Versement espèces imputé au mauvais compte',
  'Commission de virement remboursée',
  'Intérêts créditeurs omis en fin de trimestre',
];

/**
 * Corrections filed by supervisors (a few in every status, on open accounts): those still undecided wait
 * for a second supervisor; a decided one predates the books, its money being in the opening balances.
 */
async function seedCorrections(ctx: SeedContext, people: People): Promise<void> {
  const rng = ctx.random('corrections');
  const open = people.accounts.filter((a) => a.open);
  function* items() {
    for (let i = 0; i < ctx.count(40, 'ledgerCorrection'); i++) {
      yield {
        status: statusFor(rng, i, DEMAND),
        createdAt: rng.daysAgo(ctx.anchor, 1, 90),
        account: rng.pick(open),
        filedBy: rng.pick(['manager', 'admin']),
      };
    }
  }
  await insertRequests(
    ctx,
    rng,
    {
      entity: 'ledgerCorrection',
      logEntity: 'ledgerCorrectionLog',
      statusEnum: 'demandStatus',
      row: (item, last) => ({
        bankAccountId: item.account.id,
        amount: String(rng.step(1_000, 200_000, 500)),
        direction: rng.weighted([
          ['C', 3],
          ['D', 1],
        ]),
        reason: rng.pick(CORRECTION_REASONS),
        demandStatus: item.status,
        comment: last.observation,
        createdAt: iso(item.createdAt),
        updatedAt: iso(last.at),
      }),
      logRow: (item, entry, id) => ({
        ...logBase(entry),
        demandStatus: entry.status,
        ledgerCorrectionId: id,
        bankAccountId: item.account.id,
      }),
    },
    items(),
  );
}
