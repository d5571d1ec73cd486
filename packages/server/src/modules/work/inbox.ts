// The checker inbox « À décider » (issue 38): every request awaiting the viewer's decision across the types
// the viewer decides, second validations included, leaving out what the viewer filed or gave the first
// validation of (the rules the decision itself enforces: workflow/staff-update.ts, four-eyes.ts). One
// limited scan of the (status, created_at, id) index per type and queue status, as on the home page; the
// total is a capped count, never a count of a queue.
import { entityByName, workQueuesOf, type WorkInboxRow, type WorkflowDef } from '@bank/domain';
import type { Database } from '../../db/database';
import { quote } from '../../db/schema';
import type { Actor, Page } from '../../engine/entity-service';
import { Params } from '../../engine/list-query';
import { countLimit, type Total } from '../../engine/totals';
import type { FourEyesRule } from '../../workflow/four-eyes';
import { clientIdColumn, clientIdValue, requesterJoin } from './requester';
import { unionTotal } from './union-total';

export interface InboxFilter {
  /** One request type (entity name). */
  type?: string;
  /** The login that filed the requests. */
  maker?: string;
  /** Whole XOF, bounds included: only the types that carry an amount match. */
  minAmount?: number;
  maxAmount?: number;
  /** Waiting at least this many hours. */
  olderThanHours?: number;
  /** Only the requests whose first validation is given (four eyes). */
  second?: boolean;
}

interface InboxDbRow {
  entity: string;
  id: number;
  version: number;
  created_at: Date | null;
  status: string;
  client: string | null;
  client_id: string | null;
  maker: string | null;
  amount: string | null;
  second_validation: boolean;
}

/**
 * One (type, status) arm: its from-and-where, parameters in `params`, and its rows' select list, whose own
 * parameters are added only by the query that selects them (a count must not carry unused ones).
 */
interface Arm {
  select: () => string;
  from: string;
}

export class CheckerInbox {
  constructor(
    private readonly db: Database,
    private readonly fourEyesRules: ReadonlyMap<string, FourEyesRule>,
  ) {}

  /** The types the viewer decides, by entity name (a filter naming another type is refused). */
  typesOf(authorities: readonly string[]): string[] {
    return workQueuesOf(authorities).map((queue) => queue.workflow.entity);
  }

  private arms(actor: Actor, filter: InboxFilter, params: Params): Arm[] {
    const arms: Arm[] = [];
    for (const { workflow, statuses } of workQueuesOf(actor.authorities)) {
      if (filter.type && filter.type !== workflow.entity) continue;
      for (const status of statuses) {
        const arm = this.arm(workflow, status, actor, filter, params);
        if (arm) arms.push(arm);
      }
    }
    return arms;
  }

  private arm(workflow: WorkflowDef, status: string, actor: Actor, filter: InboxFilter, params: Params): Arm | null {
    const entity = entityByName(workflow.entity);
    const column = (name: string) => `t.${quote(entity.field(name)!.column)}`;
    const rule = this.fourEyesRules.get(entity.name);
    const amount = entity.field('amount') ? column('amount') : null;
    const waitingSecond = rule && workflow.fourEyes!.waiting === status;
    if (filter.second && !waitingSecond) return null;
    if ((filter.minAmount !== undefined || filter.maxAmount !== undefined) && !amount) return null;
    const created = column('createdAt');
    const filedBy = column('filedBy');
    const where = [
      `${column(workflow.status)} = ${params.add(status)}`,
      `${created} is not null`,
      // Maker is not checker; neither gives both validations of four eyes.
      `${filedBy} is distinct from ${params.add(actor.login)}`,
    ];
    if (waitingSecond) where.push(`not ${rule.approved(params, actor.login)}`);
    if (filter.second) where.push(rule!.approved(params));
    if (filter.maker) where.push(`${filedBy} = ${params.add(filter.maker)}`);
    if (filter.minAmount !== undefined) where.push(`${amount} >= ${params.add(filter.minAmount)}::numeric`);
    if (filter.maxAmount !== undefined) where.push(`${amount} <= ${params.add(filter.maxAmount)}::numeric`);
    if (filter.olderThanHours !== undefined)
      where.push(`${created} <= now() - ${params.add(filter.olderThanHours)}::int * interval '1 hour'`);
    const requester = requesterJoin(workflow);
    return {
      select: () => `${params.add(entity.name)}::text as entity, t.id, t.version, ${created} as created_at,
               ${column(workflow.status)}::text as status, ${requester ? `${requester.column}::text` : 'null::text'} as client,
               ${clientIdColumn(entity.name)} as client_id,
               ${filedBy} as maker, ${amount ? `round(${amount})::text` : 'null::text'} as amount,
               ${waitingSecond ? rule.approved(params) : 'false'} as second_validation`,
      from: `from ${quote(entity.table)} t ${requester?.joins ?? ''} where ${where.join(' and ')}`,
    };
  }

  /** A page of the inbox, oldest first, with its (capped) total. */
  async page(actor: Actor, filter: InboxFilter, page: number, size: number): Promise<Page<WorkInboxRow>> {
    const params = new Params();
    const arms = this.arms(actor, filter, params);
    if (arms.length === 0) return { rows: [], total: 0, page, size };
    const reach = params.add((page + 1) * size);
    const sql = `select * from (${arms
      .map((arm) => `(select ${arm.select()} ${arm.from} order by created_at, id limit ${reach})`)
      .join(
        '\nunion all\n',
      )}) u order by created_at, entity, id limit ${params.add(size)} offset ${params.add(page * size)}`;
    const [rows, total] = await Promise.all([
      this.db.query<InboxDbRow>(sql, params.values),
      this.total(actor, filter, countLimit(page, size)),
    ]);
    return {
      rows: rows.map((row) => ({
        entity: row.entity,
        id: Number(row.id),
        version: Number(row.version),
        createdAt: row.created_at ? new Date(row.created_at).toISOString() : null,
        status: row.status,
        client: row.client,
        clientId: clientIdValue(row.client_id),
        maker: row.maker,
        amount: row.amount,
        secondValidation: row.second_validation,
      })),
      ...total,
      page,
      size,
    };
  }

  /** How many requests the inbox holds, counted up to `limit` per arm (a lower bound beyond it). */
  async total(actor: Actor, filter: InboxFilter, limit = countLimit(0, 1)): Promise<Total> {
    const params = new Params();
    const arms = this.arms(actor, filter, params);
    return unionTotal(
      this.db,
      arms.map((arm) => arm.from),
      params,
      limit,
    );
  }
}
