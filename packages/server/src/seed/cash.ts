// Demo cash disposals (beneficiaries of cash and the provisions they collect with an OTP), the
// OTP stories and registry, failed-login counters of customers and the staff's branches.
import { DEMO_ACCOUNTS } from '@bank/domain';
import { insertRows, RowBuffer, type SeedRow } from './bulk';
import { accountOfClient, holdable, mobile, personName, type People } from './clients';
import { statusFor, type SeedContext } from './context';
import { buildHistory, counterFiler, historyComment, observationFor } from './history';
import type { ReferenceData } from './reference-data';
import { DAY_MS, HOUR_MS, iso, isoDate, type Random } from './random';
import { PROVISION_MOTIFS } from './vocabulary';

const CASH_STATUSES = [
  ['VALIDATED', 35],
  ['PENDING', 20],
  ['OTPPENDING', 15],
  ['INPROGESS', 10],
  ['REJECTED', 10],
  ['REMOVED', 10],
] as const;

const PROVISION_STATUSES = [
  ['VALIDATED', 40],
  ['OTPPENDING', 15],
  ['PENDING', 15],
  ['INPROGRESS', 10],
  ['REJECTED', 10],
  ['CANCELLED', 10],
] as const;

const HEX = '0123456789abcdef';

const addYears = (ms: number, years: number) => {
  const date = new Date(ms);
  return date.setUTCFullYear(date.getUTCFullYear() + years);
};
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A signed-token-like string of about 200 characters: the OTP screens mask all but a few of them. */
function otpToken(rng: Random, login: string, at: number): string {
  const header = Buffer.from(JSON.stringify({ alg: 'HS512', typ: 'JWT' })).toString('base64url');
  const claims = { sub: login, iat: Math.floor(at / 1000), exp: Math.floor(at / 1000) + 300, jti: rng.chars(12, HEX) };
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${header}.${payload}.${rng.chars(86, BASE64URL)}`;
}

export async function seedCash(ctx: SeedContext, ref: ReferenceData, people: People): Promise<void> {
  const rng = ctx.random('cash');
  const { anchor } = ctx;

  const beneficiaries = Array.from({ length: ctx.count(150, 'beneficiaryCash') }, (_, i) => {
    const status = statusFor(rng, i, CASH_STATUSES);
    const person = personName(rng);
    const passport = rng.chance(0.15);
    const delivered = rng.daysAgo(anchor, 100, 3000);
    const createdAt = rng.daysAgo(anchor, 2, 180);
    const decided = ['VALIDATED', 'REJECTED', 'REMOVED'].includes(status);
    return {
      client: rng.int(0, people.clients.length - 1),
      row: {
        firstName: person.first,
        lastName: person.last,
        phoneNumber: mobile(rng),
        codeotp: status === 'PENDING' || status === 'INPROGESS' ? null : rng.digits(6),
        createdAt: iso(createdAt),
        status,
        identificationNumero: passport ? `A0${rng.digits(7)}` : `${rng.pick(['1', '2'])}${rng.digits(12)}`,
        deliveryDate: isoDate(delivered),
        // Valid 10 years (CNI) or 5 (passport), to the day before the anniversary.
        expirationDate: isoDate(addYears(delivered, passport ? 5 : 10) - DAY_MS),
        identifiantType: passport ? 'PASSPORT' : 'CNI',
        validatedBy: decided ? rng.pick(ctx.staff) : null,
        updatedAt: iso(Math.min(anchor - 60_000, createdAt + rng.int(1, 72) * HOUR_MS)),
        motif: decided || rng.chance(0.3) ? observationFor(rng, status) : null,
        filedBy: counterFiler(rng, 'beneficiaryCash', status) ?? null,
      },
    };
  });
  const beneficiaryIds = await insertRows(
    ctx.db,
    'beneficiaryCash',
    beneficiaries.map((b) => ({ ...b.row, clientId: people.clients[b.client]!.id })),
    { returning: true },
  );

  await insertRows(
    ctx.db,
    'beneficiaryCashLog',
    beneficiaries.flatMap((b, i) =>
      buildHistory(ctx, rng, 'beneficiaryCashStatus', b.row.status, Date.parse(b.row.createdAt), b.row.filedBy).map(
        (entry) => ({
          createdAt: iso(entry.at),
          comment: historyComment(entry),
          status: entry.status,
          beneficiaryCashId: beneficiaryIds[i]!,
        }),
      ),
    ),
  );

  const provisions: SeedRow[] = [];
  for (let i = 0; i < ctx.count(200, 'provisionCash'); i++) {
    const index = rng.int(0, beneficiaries.length - 1);
    const account = accountOfClient(rng, people, beneficiaries[index]!.client);
    const drawn = statusFor(rng, i, PROVISION_STATUSES);
    const wanted = rng.step(10_000, 2_000_000, 5_000);
    // An undecided provision holds its amount: one the account cannot cover was cancelled.
    const held = ['VALIDATED', 'REJECTED', 'CANCELLED'].includes(drawn) ? wanted : holdable(account, wanted, 5_000);
    const status = held === 0 ? 'CANCELLED' : drawn;
    const createdAt = rng.daysAgo(anchor, 1, 150);
    const updatedAt = Math.min(anchor - 60_000, createdAt + rng.int(1, 96) * HOUR_MS);
    const closed = ['VALIDATED', 'REJECTED', 'CANCELLED'].includes(status);
    provisions.push({
      motifProvision: rng.pick(PROVISION_MOTIFS),
      amount: String(held === 0 ? wanted : held),
      demandStatus: status,
      codeotp: status === 'INPROGRESS' ? null : rng.digits(6),
      key: rng.chars(64, HEX),
      executionDate: status === 'VALIDATED' ? iso(updatedAt) : null,
      createdAt: iso(createdAt),
      updatedAt: iso(updatedAt),
      motif: closed ? observationFor(rng, status) : null,
      beneficiaryCashId: beneficiaryIds[index]!,
      bankAccountId: account.id,
      // Collected at the account's branch, sometimes at another one nearer the beneficiary.
      branchId: rng.chance(0.8) ? account.branchId : rng.pick(ref.branches).id,
      filedBy: counterFiler(rng, 'provisionCash', status) ?? null,
    });
  }
  const provisionIds = await insertRows(ctx.db, 'provisionCash', provisions, { returning: true });
  await insertRows(
    ctx.db,
    'provisionCashLog',
    provisions.flatMap((p, i) =>
      buildHistory(
        ctx,
        rng,
        'provisionStatus',
        String(p.demandStatus),
        Date.parse(String(p.createdAt)),
        p.filedBy as string | null,
      ).map((entry) => ({
        createdAt: iso(entry.at),
        comment: historyComment(entry),
        demandStatus: entry.status,
        provisionCashId: provisionIds[i]!,
        bankAccountId: p.bankAccountId,
      })),
    ),
  );

  const stories = new RowBuffer(ctx.db, 'otpstory');
  const registry = new RowBuffer(ctx.db, 'otpRegistry');
  for (let i = 0; i < ctx.count(200); i++) {
    const user = rng.pick(people.users);
    const at = rng.daysAgo(anchor, 1, 60);
    await stories.push({
      token: otpToken(rng, user.login, at),
      code: rng.digits(6),
      status: rng.weighted([
        ['VALIDATED', 50],
        ['EXPIRED', 25],
        ['PENDING', 15],
        ['FAILED', 10],
      ]),
      login: user.login,
      created_at: iso(at),
    });
    await registry.push({
      otp: rng.digits(6),
      phoneNumber: user.telephone,
      createdAt: iso(at + rng.int(1, 30) * 1000),
      statusCode: rng.weighted([
        ['VERIFIED', 55],
        ['DELIVERED', 20],
        ['EXPIRED', 15],
        ['FAILED', 10],
      ]),
    });
  }
  await stories.flush();
  await registry.flush();

  // Customers' failed sign-ins; all older than the 30-minute lockout, and never a staff login.
  const attempts = rng.sample(people.users, ctx.count(40));
  await insertRows(
    ctx.db,
    'userAttempts',
    attempts.map((user) => ({
      principal: user.login,
      attempts: rng.weighted([
        [1, 5],
        [2, 3],
        [3, 2],
        [4, 1],
        [5, 1],
      ]),
      lastModified: iso(rng.daysAgo(anchor, 1, 30)),
    })),
  );

  const plateau = ref.branches[0]!;
  await insertRows(
    ctx.db,
    'userBranch',
    DEMO_ACCOUNTS.map((account, i) => ({
      login: account.login,
      email: `${account.login}@banque.sn`,
      phoneNumber: `+22133${String(8_210_000 + i * 17).padStart(7, '0')}`,
      branchId: i < 3 ? plateau.id : rng.pick(ref.branches).id,
    })),
  );
}
