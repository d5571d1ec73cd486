// "My work" (issue 21): the summary of a staff member's queues, answered from what stays cheap at bank
// scale: the maintained per-status row counters for the counts, the (status, created_at, id) indexes for
// the oldest requests and for the few created within the SLA, and the daily rollup (migration 0020) for
// the charts. Never a count of a queue's rows nor of a month of history.
import {
  WORK_CHARTS_ACCESS,
  WORK_CHART_DAYS,
  WORK_INBOX_SIZE,
  entityByName,
  hasAnyAuthority,
  workQueuesOf,
  type WorkCharts,
  type WorkInboxItem,
  type WorkQueue,
  type WorkSummary,
} from '@bank/domain';
import type { Database } from '../../db/database';
import { quote } from '../../db/schema';
import { rowCountsOf } from '../../engine/totals';
import { clientIdColumn, clientIdValue, requesterJoin } from './requester';

const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;
const DAY_MS = 86_400_000;

/** The SQL of one set of queues: what a role reads, built once per set of queues. */
interface QueuePlan {
  queues: WorkQueue[];
  tables: string[];
  /**
   * One statement, three kinds of rows: per status, its oldest requests; per queue, how many were created
   * after $1; per table and status, the maintained counters (and how many counter rows they sum).
   */
  waiting: string;
  /** Whom each request is for, by entity: a select of (id, client, client_id) for the ids in $1. */
  clients: Map<string, string>;
}

function planQueues(queues: WorkQueue[]): QueuePlan {
  const arms: string[] = [];
  const recent: string[] = [];
  const clients = new Map<string, string>();
  const tables = queues.map((q) => entityByName(q.workflow.entity).table);
  for (const { workflow, statuses } of queues) {
    const entity = entityByName(workflow.entity);
    const table = quote(entity.table);
    const status = quote(entity.field(workflow.status)!.column);
    const created = quote(entity.field('createdAt')!.column);
    const name = literal(entity.name);
    // One limited scan of the (status, created_at, id) index per status: an `in` list would read them all.
    for (const value of statuses) {
      arms.push(
        `(select 'oldest' as kind, ${name} as entity, id, ${created} as created_at, ${status}::text as status,
                 null::bigint as n, null::int as parts
           from ${table} where ${status} = ${literal(value)} and ${created} is not null
          order by ${created}, id limit ${WORK_INBOX_SIZE})`,
      );
    }
    recent.push(
      `select 'recent', ${name}, null, null, null, (select count(*) from ${table}
         where ${status} in (${statuses.map(literal).join(', ')}) and ${created} > $1), null`,
    );
    const requester = requesterJoin(workflow);
    clients.set(
      entity.name,
      `select ${name} as entity, t.id, ${requester ? `${requester.column}::text` : 'null::text'} as client,
              ${clientIdColumn(entity.name)} as client_id
         from ${table} t ${requester?.joins ?? ''} where t.id = any($1::bigint[])`,
    );
  }
  const counters = `select 'count', table_name, null, null, status, sum(n)::bigint, count(*)::int from row_count
     where table_name in (${tables.map(literal).join(', ')}) group by table_name, status`;
  return { queues, tables, waiting: [...arms, ...recent, counters].join('\nunion all\n'), clients };
}

interface WaitingRow {
  kind: 'oldest' | 'recent' | 'count';
  /** The request entity; for counters, the table. */
  entity: string;
  id: number | null;
  created_at: Date | null;
  status: string | null;
  n: number | null;
  parts: number | null;
}

/** Counter rows a table may pile up before a read folds them (as the lists' totals do). */
const COUNTER_ROWS_BEFORE_FOLDING = 32;

interface DayRow {
  kind: 'received' | 'decided';
  day: string | null;
  entity: string | null;
  login: string | null;
  n: number;
  parts: number;
}

interface SharedComputation {
  running: Promise<WorkSummary> | null;
  /** Whether `running` has begun reading: until then, a caller may still join it. */
  begun: boolean;
  next: Promise<WorkSummary> | null;
}

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export class WorkSummaries {
  private readonly plans = new Map<string, QueuePlan>();
  /** Per set of queues and charts: the computation running and the one its latecomers wait for. */
  private readonly shared = new Map<string, SharedComputation>();
  /** Rollup rows the chart window held after its last compaction; undefined until read again. */
  private compactedRows: number | undefined = 0;
  private compacting = false;

  constructor(
    private readonly db: Database,
    private readonly slaHours: number,
  ) {}

  private planOf(authorities: readonly string[]): QueuePlan {
    const queues = workQueuesOf(authorities);
    const key = queues.map((q) => q.workflow.entity).join(',');
    let plan = this.plans.get(key);
    if (!plan) this.plans.set(key, (plan = planQueues(queues)));
    return plan;
  }

  /**
   * The summary for these authorities. Callers with the same queues and charts share one computation, as
   * long as it starts after they asked: one that is running when a caller arrives may miss a write the
   * caller has just made, so the caller waits for the next, shared by everyone who arrives meanwhile. A
   * desk opening its home pages at once costs two computations in flight at most, and nobody reads older
   * data than they would alone (on any instance: nothing is kept once computed).
   * @example await summaries.of(['ROLE_MANAGER'])
   */
  of(authorities: readonly string[]): Promise<WorkSummary> {
    const withCharts = hasAnyAuthority(authorities, WORK_CHARTS_ACCESS);
    const key = `${withCharts}:${workQueuesOf(authorities)
      .map((q) => q.workflow.entity)
      .join(',')}`;
    let shared = this.shared.get(key);
    if (!shared) this.shared.set(key, (shared = { running: null, begun: false, next: null }));
    const state = shared;
    // A computation begins once the requests already read are handled (setImmediate), so that callers
    // arriving together join it. On the embedded database this is the only way they can: PGlite reads on
    // the server's own thread, so no request is handled while a computation reads.
    const start = () => {
      state.begun = false;
      const running = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => {
          state.begun = true;
          return this.compute(authorities, withCharts, Date.now());
        })
        .finally(() => {
          if (state.running === running) state.running = null;
        });
      state.running = running;
      return running;
    };
    if (!state.running) return start();
    if (!state.begun) return state.running;
    state.next ??= state.running
      .catch(() => {}) // its callers hear its failure; the next computation is a new try
      .then(() => {
        state.next = null;
        return start();
      });
    return state.next;
  }

  private async compute(authorities: readonly string[], withCharts: boolean, now: number): Promise<WorkSummary> {
    const plan = this.planOf(authorities);
    if (plan.queues.length === 0) return { slaHours: this.slaHours, queues: [], inbox: [], charts: null };
    const slaStart = new Date(now - this.slaHours * 3_600_000);
    const [waiting, charts] = await Promise.all([
      this.db.query<WaitingRow>(plan.waiting, [slaStart]),
      withCharts ? this.charts(plan, now) : null,
    ]);
    this.foldCounters(waiting.filter((row) => row.kind === 'count'));

    const candidates = waiting.filter((row) => row.kind === 'oldest');
    const queues = plan.queues.map(({ workflow, statuses }, i) => {
      const of = (row: WaitingRow) => row.entity === workflow.entity;
      const count = waiting
        .filter((row) => row.kind === 'count' && row.entity === plan.tables[i] && statuses.includes(row.status!))
        .reduce((sum, row) => sum + row.n!, 0);
      const recent = waiting.find((row) => row.kind === 'recent' && of(row))?.n ?? 0;
      const oldest = candidates
        .filter(of)
        .reduce<Date | null>((min, row) => (min === null || row.created_at! < min ? row.created_at : min), null);
      // One statement, one snapshot: the counters and the index agree on which requests wait.
      return {
        entity: workflow.entity,
        count,
        oldest: oldest?.toISOString() ?? null,
        overSla: count - recent,
      };
    });
    const oldestFirst = candidates
      .sort((a, b) => a.created_at!.getTime() - b.created_at!.getTime() || a.id! - b.id!)
      .slice(0, WORK_INBOX_SIZE);
    return { slaHours: this.slaHours, queues, inbox: await this.inbox(plan, oldestFirst), charts };
  }

  /** Counter rows piled up by many writes are folded through the counters' own reader (in the background). */
  private foldCounters(rows: WaitingRow[]): void {
    const parts = new Map<string, number>();
    for (const row of rows) parts.set(row.entity, (parts.get(row.entity) ?? 0) + row.parts!);
    const counters = rowCountsOf(this.db);
    for (const [table, n] of parts) if (n > COUNTER_ROWS_BEFORE_FOLDING) counters.count(table, null).catch(() => {});
  }

  private async inbox(plan: QueuePlan, rows: WaitingRow[]): Promise<WorkInboxItem[]> {
    const entities = [...new Set(rows.map((row) => row.entity))].filter((entity) => plan.clients.has(entity));
    const clients = new Map<string, { client: string | null; client_id: string | null }>();
    await Promise.all(
      entities.map(async (entity) => {
        const ids = rows.filter((row) => row.entity === entity).map((row) => row.id);
        const found = await this.db.query<{ id: number; client: string | null; client_id: string | null }>(
          plan.clients.get(entity)!,
          [ids],
        );
        for (const row of found) clients.set(`${entity}:${row.id}`, row);
      }),
    );
    return rows.map((row) => ({
      entity: row.entity,
      id: row.id!,
      client: clients.get(`${row.entity}:${row.id}`)?.client ?? null,
      clientId: clientIdValue(clients.get(`${row.entity}:${row.id}`)?.client_id),
      createdAt: row.created_at!.toISOString(),
      status: row.status!,
    }));
  }

  private async charts(plan: QueuePlan, now: number): Promise<WorkCharts> {
    const from = utcDay(now - (WORK_CHART_DAYS - 1) * DAY_MS);
    const entities = plan.queues.map((q) => q.workflow.entity);
    // Per day and type, and per login: the second set's rows have no day.
    const rows = await this.db.query<DayRow>(
      `select kind, to_char(day, 'YYYY-MM-DD') as day, entity, login, sum(n)::bigint as n, count(*)::int as parts
         from work_day where day >= $1::date and entity = any($2::text[])
        group by grouping sets ((kind, day, entity), (kind, login))`,
      [from, entities],
    );
    const perDay = rows.filter((row) => row.day !== null);
    this.compactIfGrown(
      perDay.reduce((sum, row) => sum + row.parts, 0),
      from,
    );
    const series = (kind: DayRow['kind']) =>
      perDay
        .filter((row) => row.kind === kind && row.n !== 0)
        .map((row) => ({ day: row.day!, entity: row.entity!, n: row.n }))
        .sort((a, b) => a.day.localeCompare(b.day) || a.entity.localeCompare(b.entity));
    const byStaff = rows
      .filter((row) => row.day === null && row.kind === 'decided' && row.login && row.n !== 0)
      .map((row) => ({ login: row.login!, n: row.n }))
      .sort((a, b) => b.n - a.n || a.login.localeCompare(b.login));
    return { from, received: series('received'), decided: series('decided'), byStaff };
  }

  /**
   * Each write appends a rollup row: once the window holds twice the rows it had after its last
   * compaction, fold it (in the background; the sums are right meanwhile).
   */
  private compactIfGrown(rows: number, from: string): void {
    this.compactedRows ??= rows;
    if (this.compacting || rows <= 2 * this.compactedRows + 64) return;
    this.compacting = true;
    this.db
      .query('select work_day_compact($1::date)', [from])
      .then(() => (this.compactedRows = undefined))
      .catch(() => {}) // the next reader tries again
      .finally(() => (this.compacting = false));
  }
}
