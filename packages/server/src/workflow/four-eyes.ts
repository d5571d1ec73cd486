// The four-eyes rule: a large transfer or cash provision is validated by two different staff members.
// The first validation is recorded as an approval and leaves the request waiting; a second login
// completes it; any other decision settles the open approvals. Approvals are rows of request_approval,
// written in the statement of the status change, so the optimistic lock of the request guards them.
import { entityByName, type WorkflowDef } from '@bank/domain';
import type { Queryable } from '../db/database';
import { quote } from '../db/schema';
import type { Actor, CompanionWrite, Row } from '../engine/entity-service';
import type { Params } from '../engine/list-query';
import { HttpProblem } from '../problem';

/** What a staff update does under the rule, decided before the row is written. */
export type FourEyesStep = 'first-approval' | 'second-approval' | 'settle';

export interface Approval {
  login: string;
  approvedAt: string;
  /** Given by a holder of a senior role (FOUR_EYES_SENIOR_ROLES). */
  senior: boolean;
}

export interface FourEyesRule {
  /** Whether the request's amount needs two validations. */
  applies(row: Record<string, unknown>): boolean;
  /** Open approvals of a request given on its present amount, oldest first. */
  approvals(db: Queryable, request: Row): Promise<Approval[]>;
  /**
   * A list condition on the request table (alias `t`): waiting with an open approval given on its present
   * amount, none of them by `viewer` (the queue of requests this viewer may give the second validation of).
   */
  awaitingSecond(params: Params, viewer: string): string;
  /** A condition on request `t`: it holds an open approval on its present amount (by `viewer` when given). */
  approved(params: Params, viewer?: string): string;
  /** The open approvals of some requests (on their present amounts), by request id, oldest first. */
  openApprovals(db: Queryable, ids: readonly number[]): Promise<Map<number, Approval[]>>;
  /**
   * Before the update, given the request's `open` approvals (read once by the caller, who tells their
   * givers too): refuses a second approval by the same login, turns a first one into `waiting`.
   */
  review(before: Row, body: Record<string, unknown>, actor: Actor, open: readonly Approval[]): FourEyesStep | null;
  /** The writes that record or settle the approvals, in the update's statement. */
  record(actor: Actor, step: FourEyesStep): CompanionWrite[];
}

const amountOf = (value: unknown) => (value === null || value === undefined || value === '' ? 0 : Number(value));

export function fourEyesRule(
  workflow: WorkflowDef,
  thresholdXof: number,
  seniorRoles: readonly string[] = [],
): FourEyesRule | undefined {
  const rule = workflow.fourEyes;
  if (!rule) return undefined;
  // Where a senior role may decide the request (transfers: MANAGER, RESPONSABLEDESK), one of its two
  // validators holds one: two trainees never complete a large transfer. The cash desk's provisions are
  // decided by cash agents alone: two different logins suffice there.
  const seniors = seniorRoles.filter((role) => (workflow.roles as readonly string[]).includes(role));
  const isSenior = (actor: Actor) => actor.authorities.some((role) => seniors.includes(role));
  const entity = workflow.entity;
  const amountField = rule.amount;
  // A threshold of 0 switches the rule off.
  const applies = (row: Record<string, unknown>) => thresholdXof > 0 && amountOf(row[rule.amount]) >= thresholdXof;

  async function approvals(db: Queryable, request: Row): Promise<Approval[]> {
    const rows = await db.query<{ login: string; approved_at: Date | string; senior: boolean }>(
      `select login, approved_at, senior from request_approval
        where request_entity = $1 and request_id = $2 and settled_at is null
          and (amount is null or amount = $3::numeric) order by approved_at, id`,
      [entity, request.id, request[amountField] ?? null],
    );
    return rows.map((r) => ({ login: r.login, approvedAt: new Date(r.approved_at).toISOString(), senior: r.senior }));
  }

  const request = entityByName(entity);
  const status = quote(request.field(workflow.status)!.column);
  const amount = quote(request.field(amountField)!.column);
  /** An open approval of request `t` that still holds (given on its present amount). */
  const openOf = (alias: string, entityParam: string) =>
    `${alias}.request_entity = ${entityParam} and ${alias}.request_id = t.id and ${alias}.settled_at is null
       and (${alias}.amount is null or ${alias}.amount = t.${amount})`;

  const approved = (params: Params, viewer?: string) => {
    const by = viewer === undefined ? '' : ` and a.login = ${params.add(viewer)}`;
    return `exists (select 1 from request_approval a where ${openOf('a', params.add(entity))}${by})`;
  };

  return {
    applies,
    approvals,
    awaitingSecond(params, viewer) {
      return `(t.${status} = ${params.add(rule.waiting)} and ${approved(params)} and not ${approved(params, viewer)})`;
    },
    approved,
    async openApprovals(db, ids) {
      const rows = await db.query<{ request_id: number; login: string; approved_at: Date | string; senior: boolean }>(
        `select a.request_id, a.login, a.approved_at, a.senior from request_approval a join ${quote(request.table)} t on t.id = a.request_id
          where ${openOf('a', '$1')} and a.request_id = any($2::bigint[]) order by a.approved_at, a.id`,
        [entity, ids],
      );
      const byId = new Map<number, Approval[]>();
      for (const row of rows) {
        const id = Number(row.request_id);
        byId.set(id, [
          ...(byId.get(id) ?? []),
          { login: row.login, approvedAt: new Date(row.approved_at).toISOString(), senior: row.senior },
        ]);
      }
      return byId;
    },
    review(before, body, actor, open) {
      const requested = body[workflow.status];
      if (requested === before[workflow.status]) return null;
      if (requested !== rule.approve) return open.length > 0 ? 'settle' : null;
      // A decision never changes the amount (the write policy), so the saved one is the one approved.
      if (!applies(before)) return null;
      if (open.some((a) => a.login === actor.login)) {
        throw new HttpProblem(409, {
          message: 'error.sameApprover',
          detail:
            'You already gave the first validation of this request; a different staff member must give the second',
          appError: { key: 'error.sameApprover', params: entity },
        });
      }
      if (open.length > 0) {
        if (seniors.length > 0 && !isSenior(actor) && !open.some((a) => a.senior)) {
          throw new HttpProblem(403, {
            message: 'error.seniorApproval',
            detail: `One of the two validations of this request must come from ${seniors.join(' or ')}`,
            appError: { key: 'error.seniorApproval', params: entity },
          });
        }
        return 'second-approval';
      }
      body[workflow.status] = rule.waiting;
      return 'first-approval';
    },
    record(actor, step) {
      const writes: CompanionWrite[] = [];
      // In one statement with the request's update, the settling update does not see an approval inserted
      // beside it: one that the step settles is written settled.
      if (step !== 'settle') {
        writes.push(
          (params) => `insert into request_approval (request_entity, request_id, login, amount, senior, settled_at)
            select ${params.add(entity)}, t.id, ${params.add(actor.login)}, t.${amount}, ${params.add(isSenior(actor))}::boolean,
                   ${step === 'first-approval' ? 'null' : 'now()'} from t`,
        );
      }
      if (step !== 'first-approval') {
        writes.push(
          (params) => `update request_approval set settled_at = now()
            where request_entity = ${params.add(entity)} and request_id = (select id from t) and settled_at is null`,
        );
      }
      return writes;
    },
  };
}
