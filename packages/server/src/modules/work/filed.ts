// « Mes saisies » (issue 38): the requests a staff member filed, of every type, newest first, with their
// status as it stands (a first four-eyes validation given shows as such). One limited scan of the
// (filed_by, created_at, id) index per type; the total is a capped count, as for the checker inbox.
import { FIRST_APPROVAL, WORKFLOWS, entityByName, type WorkFiledRow, type WorkflowDef } from '@bank/domain';
import type { Database } from '../../db/database';
import { quote } from '../../db/schema';
import type { Page } from '../../engine/entity-service';
import { Params } from '../../engine/list-query';
import { countLimit, type Total } from '../../engine/totals';
import type { FourEyesRule } from '../../workflow/four-eyes';
import { requesterJoin } from './requester';
import { unionTotal } from './union-total';

interface FiledDbRow {
  entity: string;
  id: number;
  created_at: Date | string;
  status: string;
  client: string | null;
  amount: string | null;
}

export class FiledRequests {
  constructor(
    private readonly db: Database,
    private readonly fourEyesRules: ReadonlyMap<string, FourEyesRule>,
  ) {}

  /** One type's rows filed by `login`: its select list (parameters added when selected) and its from-and-where. */
  private arm(workflow: WorkflowDef, login: string, params: Params) {
    const entity = entityByName(workflow.entity);
    const column = (name: string) => `t.${quote(entity.field(name)!.column)}`;
    const created = column('createdAt');
    const status = `${column(workflow.status)}::text`;
    const rule = this.fourEyesRules.get(entity.name);
    const requester = requesterJoin(workflow);
    const amount = entity.field('amount') ? `round(${column('amount')})::text` : 'null::text';
    return {
      select: () => {
        const shown = rule
          ? `case when ${column(workflow.status)} = ${params.add(workflow.fourEyes!.waiting)} and ${rule.approved(params)}
               then ${params.add(FIRST_APPROVAL)} else ${status} end`
          : status;
        return `${params.add(entity.name)}::text as entity, t.id, ${created} as created_at, ${shown} as status,
          ${requester ? `${requester.column}::text` : 'null::text'} as client, ${amount} as amount`;
      },
      from: `from ${quote(entity.table)} t ${requester?.joins ?? ''}
        where ${column('filedBy')} = ${params.add(login)} and ${created} is not null`,
      order: `order by ${created} desc, t.id desc`,
    };
  }

  /** A page of what `login` filed, newest first, with its (capped) total. */
  async page(login: string, page: number, size: number): Promise<Page<WorkFiledRow>> {
    const params = new Params();
    const arms = WORKFLOWS.map((workflow) => this.arm(workflow, login, params));
    const reach = params.add((page + 1) * size);
    const sql = `select * from (${arms
      .map((arm) => `(select ${arm.select()} ${arm.from} ${arm.order} limit ${reach})`)
      .join(
        '\nunion all\n',
      )}) u order by created_at desc, entity, id desc limit ${params.add(size)} offset ${params.add(page * size)}`;
    const [rows, total] = await Promise.all([
      this.db.query<FiledDbRow>(sql, params.values),
      this.total(login, countLimit(page, size)),
    ]);
    return {
      rows: rows.map((row) => ({
        entity: row.entity,
        id: Number(row.id),
        createdAt: new Date(row.created_at).toISOString(),
        status: row.status,
        client: row.client,
        amount: row.amount,
      })),
      ...total,
      page,
      size,
    };
  }

  private async total(login: string, limit: number): Promise<Total> {
    const params = new Params();
    const arms = WORKFLOWS.map((workflow) => this.arm(workflow, login, params));
    return unionTotal(
      this.db,
      arms.map((arm) => arm.from),
      params,
      limit,
    );
  }
}
