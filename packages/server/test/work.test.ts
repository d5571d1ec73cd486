// "My work" (issue 21): GET core/api/work/summary on the demo data answers, for each queue of the caller's
// role, the same figures as counting the tables directly (count, oldest, past the SLA), the oldest
// requests across the queues, and for the heads of the desk the last 30 days as the requests and their
// histories say; a decision moves them at once; a role that decides nothing gets empty queues and an
// account without a staff role is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORK_CHART_DAYS, WORK_INBOX_SIZE, entityByName, workQueuesOf, type WorkSummary } from '@bank/domain';
import { quote } from '../src/db/schema';
import { hashPassword } from '../src/security/passwords';
import type { Database } from '../src/db/database';
import { insertUser } from '../src/modules/account/users';
import { WorkSummaries } from '../src/modules/work/summary';
import { FILER } from './ledger-fixtures';
import { bearer, startTestApp, type TestApp } from './helper';

let t: TestApp;
const SLA_HOURS = 24;

beforeAll(async () => {
  t = await startTestApp({ seed: 'demo' });
  await insertUser(t.db, {
    login: 'plainuser',
    passwordHash: await hashPassword('plainuser'),
    activated: true,
    authorities: ['ROLE_USER'],
  });
});
afterAll(() => t.close());

async function summaryOf(login: string): Promise<WorkSummary> {
  const response = await t.app.inject({ url: '/core/api/work/summary', headers: bearer(await t.tokenFor(login)) });
  expect(response.statusCode).toBe(200);
  return response.json<WorkSummary>();
}

const AUTHORITIES: Record<string, string[]> = {
  manager: ['ROLE_MANAGER'],
  responsabledesk: ['ROLE_RESPONSABLE_DESK'],
  agentca: ['ROLE_AGENT_CA'],
  stagiaire: ['ROLE_STAGIAIRE'],
};

/** The table, status column and created column of a request entity, quoted. */
function columnsOf(entityName: string, statusField: string) {
  const entity = entityByName(entityName);
  return {
    table: quote(entity.table),
    status: quote(entity.field(statusField)!.column),
    created: quote(entity.field('createdAt')!.column),
  };
}

/** What counting the tables directly says of a role's queues and inbox. */
async function countedDirectly(authorities: string[]) {
  const queues = [];
  const waiting: Array<{ entity: string; id: number; created: Date }> = [];
  for (const { workflow, statuses } of workQueuesOf(authorities)) {
    const { table, status, created } = columnsOf(workflow.entity, workflow.status);
    const [row] = await t.db.query<{ count: number; oldest: Date | null; over: number }>(
      `select count(*)::int as count, min(${created}) as oldest,
              count(*) filter (where ${created} <= now() - interval '${SLA_HOURS} hours')::int as over
         from ${table} where ${status} = any($1::text[])`,
      [statuses],
    );
    queues.push({
      entity: workflow.entity,
      count: row!.count,
      oldest: row!.oldest ? new Date(row!.oldest).toISOString() : null,
      overSla: row!.over,
    });
    const rows = await t.db.query<{ id: number; created: Date }>(
      `select id, ${created} as created from ${table} where ${status} = any($1::text[]) and ${created} is not null`,
      [statuses],
    );
    waiting.push(...rows.map((r) => ({ entity: workflow.entity, id: r.id, created: new Date(r.created) })));
  }
  waiting.sort((a, b) => a.created.getTime() - b.created.getTime() || a.id - b.id);
  return { queues, inbox: waiting.slice(0, WORK_INBOX_SIZE).map(({ entity, id }) => ({ entity, id })) };
}

describe('GET core/api/work/summary', () => {
  it.each(Object.keys(AUTHORITIES))('gives %s the figures that counting its queues gives', async (login) => {
    const summary = await summaryOf(login);
    const direct = await countedDirectly(AUTHORITIES[login]!);
    expect(summary.slaHours).toBe(SLA_HOURS);
    expect(summary.queues).toEqual(direct.queues);
    expect(summary.queues.length).toBeGreaterThan(0);
    expect(summary.queues.some((q) => q.count > 0)).toBe(true);
    expect(summary.inbox.map(({ entity, id }) => ({ entity, id }))).toEqual(direct.inbox);
  });

  it("names each inbox request's client", async () => {
    const { inbox } = await summaryOf('manager');
    const card = inbox.find((item) => item.entity === 'cardOrder');
    if (card) {
      const [row] = await t.db.query<{ name: string }>(
        `select c.name from card_order o join bank_account a on a.id = o.bank_account_id
           join client c on c.id = a.client_id where o.id = $1`,
        [card.id],
      );
      expect(card.client).toBe(row!.name);
    }
    expect(inbox.filter((item) => item.client).length).toBeGreaterThan(0);
  });

  it('charts the last 30 days for the heads of the desk as the requests and their histories say', async () => {
    const { charts, queues } = await summaryOf('manager');
    expect(charts).not.toBeNull();
    const from = charts!.from;
    const received: Array<{ day: string; entity: string; n: number }> = [];
    const decided: Array<{ day: string; entity: string; n: number }> = [];
    const byStaff = new Map<string, number>();
    for (const { workflow } of workQueuesOf(AUTHORITIES.manager!)) {
      const { table, created } = columnsOf(workflow.entity, workflow.status);
      const days = await t.db.query<{ day: string; n: number }>(
        `select to_char((${created} at time zone 'UTC')::date, 'YYYY-MM-DD') as day, count(*)::int as n
           from ${table} where (${created} at time zone 'UTC')::date >= $1::date group by 1`,
        [from],
      );
      received.push(...days.map((d) => ({ ...d, entity: workflow.entity })));
      // Decided: a history row whose status (the comment's second part) leaves the open statuses.
      const log = entityByName(workflow.log.entity);
      const decisions = await t.db.query<{ day: string; login: string; n: number }>(
        `select to_char((created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day,
                split_part(comment, '{}', 3) as login, count(*)::int as n
           from ${quote(log.table)}
          where (created_at at time zone 'UTC')::date >= $1::date
            and split_part(comment, '{}', 2) not in ('', ${workflow.openStatuses.map((s) => `'${s}'`).join(', ')})
          group by 1, 2`,
        [from],
      );
      const perDay = new Map<string, number>();
      for (const d of decisions) {
        perDay.set(d.day, (perDay.get(d.day) ?? 0) + d.n);
        byStaff.set(d.login, (byStaff.get(d.login) ?? 0) + d.n);
      }
      decided.push(...[...perDay].map(([day, n]) => ({ day, entity: workflow.entity, n })));
    }
    const order = (a: { day: string; entity: string }, b: { day: string; entity: string }) =>
      a.day.localeCompare(b.day) || a.entity.localeCompare(b.entity);
    expect(charts!.received).toEqual(received.sort(order));
    expect(charts!.decided).toEqual(decided.sort(order));
    expect(new Map(charts!.byStaff.map((s) => [s.login, s.n]))).toEqual(byStaff);
    expect(charts!.received.length).toBeGreaterThan(0);
    expect(charts!.decided.length).toBeGreaterThan(0);
    const today = new Date().toISOString().slice(0, 10);
    expect(Date.parse(today) - Date.parse(from)).toBe((WORK_CHART_DAYS - 1) * 86_400_000);
    expect(queues.map((q) => q.entity)).toContain('cardOrder');
  });

  it('moves the figures as soon as a request arrives and is decided', async () => {
    const headers = bearer(await t.tokenFor('manager'));
    const before = await summaryOf('manager');
    const cardsBefore = before.queues.find((q) => q.entity === 'cardOrder')!;
    const today = new Date().toISOString().slice(0, 10);
    const todayOf = (summary: WorkSummary, kind: 'received' | 'decided') =>
      summary.charts![kind].find((c) => c.day === today && c.entity === 'cardOrder')?.n ?? 0;
    const managerDecisions = (summary: WorkSummary) =>
      summary.charts!.byStaff.find((s) => s.login === 'manager')?.n ?? 0;

    const created = await t.app.inject({
      method: 'POST',
      url: '/core/api/card-orders',
      headers: bearer(await t.tokenFor(FILER)),
      payload: { holderName: 'Ndeye Fall', orderStatus: 'PENDING' },
    });
    expect(created.statusCode).toBe(201);
    const arrived = await summaryOf('manager');
    const cardsArrived = arrived.queues.find((q) => q.entity === 'cardOrder')!;
    expect(cardsArrived.count).toBe(cardsBefore.count + 1);
    // Just created: within the SLA.
    expect(cardsArrived.overSla).toBe(cardsBefore.overSla);
    expect(todayOf(arrived, 'received')).toBe(todayOf(before, 'received') + 1);

    const order = created.json<{ id: number }>();
    const decision = await t.app.inject({
      method: 'PUT',
      url: `/core/api/card-orders/${order.id}`,
      headers,
      payload: { ...order, orderStatus: 'VALIDATED', comment: 'Carte commandée' },
    });
    expect(decision.statusCode).toBe(200);
    const after = await summaryOf('manager');
    expect(after.queues.find((q) => q.entity === 'cardOrder')!.count).toBe(cardsBefore.count);
    expect(todayOf(after, 'decided')).toBe(todayOf(before, 'decided') + 1);
    expect(managerDecisions(after)).toBe(managerDecisions(before) + 1);
  });

  it('shares one computation among callers who arrive together, never one that began before them', async () => {
    // The first computation's statements wait at a gate while a card order arrives and more callers ask.
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let computations = 0;
    const gated: Database = {
      ...t.db,
      query: async (text, params) => {
        if (text.includes("'oldest' as kind")) computations += 1;
        await gate;
        return t.db.query(text, params);
      },
    };
    const summaries = new WorkSummaries(gated, SLA_HOURS);
    const cards = (summary: WorkSummary) => summary.queues.find((q) => q.entity === 'cardOrder')!.count;
    const before = cards(await new WorkSummaries(t.db, SLA_HOURS).of(['ROLE_MANAGER']));
    const early = summaries.of(['ROLE_MANAGER']);
    const created = await t.app.inject({
      method: 'POST',
      url: '/core/api/card-orders',
      headers: bearer(await t.tokenFor('manager')),
      payload: { holderName: 'Awa Ndiaye', orderStatus: 'PENDING' },
    });
    expect(created.statusCode).toBe(201);
    const late = Array.from({ length: 5 }, () => summaries.of(['ROLE_MANAGER']));
    expect(computations).toBe(1);
    open();
    const [, ...rest] = await Promise.all([early, ...late]);
    // The latecomers asked after the order arrived: they all see it, from one computation after the first.
    expect(rest.map(cards)).toEqual(late.map(() => before + 1));
    expect(computations).toBe(2);
  });

  it('shares one computation among callers whose requests arrive in the same turn, as on the embedded database', async () => {
    let computations = 0;
    const counted: Database = {
      ...t.db,
      query: async (text, params) => {
        if (text.includes("'oldest' as kind")) computations += 1;
        return t.db.query(text, params);
      },
    };
    const summaries = new WorkSummaries(counted, SLA_HOURS);
    const together = await Promise.all(Array.from({ length: 8 }, () => summaries.of(['ROLE_MANAGER'])));
    expect(computations).toBe(1);
    expect(new Set(together.map((summary) => JSON.stringify(summary))).size).toBe(1);
  });

  it('keeps the charts to the heads of the desk', async () => {
    expect((await summaryOf('responsabledesk')).charts).not.toBeNull();
    expect((await summaryOf('agentca')).charts).toBeNull();
    expect((await summaryOf('stagiaire')).charts).toBeNull();
  });

  it.each(['agentsaisie', 'reclamations'])('gives %s, who decides nothing, empty queues', async (login) => {
    expect(await summaryOf(login)).toEqual({ slaHours: SLA_HOURS, queues: [], inbox: [], charts: null });
  });

  it('refuses an account without a staff role, and an anonymous caller', async () => {
    const plain = await t.app.inject({
      url: '/core/api/work/summary',
      headers: bearer(await t.tokenFor('plainuser')),
    });
    expect(plain.statusCode).toBe(403);
    expect((await t.app.inject({ url: '/core/api/work/summary' })).statusCode).toBe(401);
  });
});
