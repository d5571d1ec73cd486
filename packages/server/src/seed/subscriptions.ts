// Demo subscriptions: online-banking subscription requests (every status, with logs) and the
// client subscriptions they created, SMS-alert subscriptions with their notification types and
// logs, and the SMS the bank sent.
import { formatXof } from '@bank/domain';
import { insertRows, RowBuffer } from './bulk';
import { accountOfClient, mobile, type People } from './clients';
import { statusFor, type SeedContext } from './context';
import { historyComment, insertRequests } from './history';
import type { ReferenceData } from './reference-data';
import { iso, slug } from './random';

const DEMAND = [
  ['VALIDATED', 45],
  ['PENDING', 20],
  ['INPROGRESS', 15],
  ['REJECTED', 10],
  ['CANCELLED', 10],
] as const;

export async function seedSubscriptions(ctx: SeedContext, ref: ReferenceData, people: People): Promise<void> {
  const rng = ctx.random('subscriptions');
  const packs = ref.packs.filter((p) => !p.hidden);

  const requests = Array.from({ length: ctx.count(150, 'subsRequest') }, (_, i) => {
    const status = statusFor(rng, i, DEMAND);
    // A validated request opened the user's online-banking access; the others still propose a login.
    const user = status === 'VALIDATED' ? rng.pick(people.users) : undefined;
    const clientIndex = user ? user.client : rng.int(0, people.clients.length - 1);
    const client = people.clients[clientIndex]!;
    const pack = client.company ? (packs.find((p) => p.price >= 15_000) ?? rng.pick(packs)) : rng.pick(packs);
    return {
      status,
      createdAt: rng.daysAgo(ctx.anchor, 1, 180),
      user,
      client,
      account: accountOfClient(rng, people, clientIndex),
      login: user
        ? user.login
        : `${slug(client.company ? client.name : `${client.firstName} ${client.lastName}`)}${rng.digits(2)}`,
      pack,
      // The pack's services, sometimes without one the customer does not want.
      services: pack.services.length > 2 && rng.chance(0.3) ? pack.services.slice(0, -1) : pack.services,
    };
  });
  const validations: number[] = [];
  const requestIds = await insertRequests(
    ctx,
    rng,
    {
      entity: 'subsRequest',
      logEntity: 'subsRequestLog',
      statusEnum: 'demandStatus',
      row: (r, last) => {
        validations.push(last.at);
        return {
          login: r.login,
          fullName: r.client.name,
          email: r.client.email,
          iban: r.account.iban,
          phoneNumber: r.user?.telephone ?? (r.client.company ? mobile(rng) : r.client.phone),
          clientType: r.client.company ? 'COMPANY' : 'PERSONAL',
          createdAt: iso(r.createdAt),
          updatedAt: iso(last.at),
          requestStatus: r.status,
          serenityUserId: r.user?.id ?? null,
          serenityServices: r.services,
          packId: r.pack.id,
        };
      },
      logRow: (_r, entry, id) => ({
        comment: historyComment(entry),
        createdAt: iso(entry.at),
        updatedAt: iso(entry.at),
        requestStatus: entry.status,
        subsRequestId: id,
      }),
    },
    requests,
  );

  // Saving a request creates its client subscription (DESIGN.md section 5): active once validated.
  await insertRows(
    ctx.db,
    'clientSubscription',
    requests.map((r, i) => {
      const status =
        r.status === 'VALIDATED'
          ? rng.chance(0.85)
            ? 'ENABLE'
            : 'DISABLE'
          : r.status === 'PENDING' || r.status === 'INPROGRESS'
            ? 'PENDING'
            : 'DISABLE';
      return {
        validationDate: r.status === 'VALIDATED' ? iso(validations[i]!) : null,
        createdAt: iso(r.createdAt),
        subscriptionStatus: status,
        packId: r.pack.id,
        bankAccountId: r.account.id,
        subsRequestId: requestIds[i]!,
      };
    }),
  );

  function* smsSubscriptions() {
    for (let i = 0; i < ctx.count(150, 'smsSubscription'); i++) {
      const clientIndex = rng.int(0, people.clients.length - 1);
      const client = people.clients[clientIndex]!;
      const types = rng.sample(ref.notityTypes, rng.int(1, ref.notityTypes.length));
      yield {
        status: statusFor(rng, i, DEMAND),
        createdAt: rng.daysAgo(ctx.anchor, 1, 180),
        clientId: client.id,
        fullName: client.name,
        iban: accountOfClient(rng, people, clientIndex).iban,
        phoneNumber: client.company ? mobile(rng) : client.phone,
        types,
      };
    }
  }
  await insertRequests(
    ctx,
    rng,
    {
      entity: 'smsSubscription',
      logEntity: 'subsSmsLog',
      statusEnum: 'demandStatus',
      row: (s, last) => ({
        fullName: s.fullName,
        iban: s.iban,
        phoneNumber: s.phoneNumber,
        // 500 XOF a month plus 250 per kind of alert.
        priceService: String(500 + 250 * s.types.length),
        comment: last.observation,
        createdAt: iso(s.createdAt),
        updatedAt: iso(last.at),
        demandStatus: s.status,
        clientId: s.clientId,
        notityTypes: s.types,
      }),
      logRow: (_s, entry, id) => ({
        comment: historyComment(entry),
        createdAt: iso(entry.at),
        updatedAt: iso(entry.at),
        requestStatus: entry.status,
        smsSubscriptionId: id,
      }),
    },
    smsSubscriptions(),
  );

  const sms = new RowBuffer(ctx.db, 'sms');
  const notified = people.users.filter((u) => u.notifies);
  for (let i = 0; i < ctx.count(300); i++) {
    const user = rng.pick(notified.length > 0 ? notified : people.users);
    const account = accountOfClient(rng, people, user.client);
    const at = rng.daysAgo(ctx.anchor, 1, 90);
    const amount = rng.step(5_000, 500_000, 500);
    const when = new Date(at).toISOString().slice(5, 10).split('-').reverse().join('/');
    const body = rng.weighted([
      [
        `Votre compte ${account.number.slice(0, 6)}... a été débité de ${formatXof(amount)} le ${when}. Merci de votre confiance.`,
        4,
      ],
      [`Votre compte ${account.number.slice(0, 6)}... a été crédité de ${formatXof(amount)} le ${when}.`, 4],
      [`Votre code de confirmation est ${rng.digits(6)}. Il expire dans 5 minutes. Ne le communiquez à personne.`, 2],
      [`Votre chéquier est disponible en agence. Présentez-vous muni de votre pièce d'identité.`, 1],
    ]);
    await sms.push({ from: 'BANQUE', body, destination: user.telephone, date: iso(at) });
  }
  await sms.flush();
}
