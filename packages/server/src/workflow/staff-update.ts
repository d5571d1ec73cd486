// The workflow module: a staff update of a request checks the observation and the allowed status, then
// writes the request, one history row (`observation{}STATUS{}login`) and an audit event in one transaction. Plugged into the entity engine as update hooks of each request type.
import { ENUMS, encodeHistoryComment, entityByName, type WorkflowDef } from '@bank/domain';
import { quote } from '../db/schema';
import type { EntityHooks, Row } from '../engine/entity-service';
import { HttpProblem } from '../problem';
import { auditInsert } from '../modules/audit/audit';
import type { FourEyesRule, FourEyesStep } from './four-eyes';

const fieldError = (entity: string, field: string, message: string, detail: string) =>
  new HttpProblem(400, { message: 'error.validation', detail, fieldErrors: [{ objectName: entity, field, message }] });

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function workflowHooks(workflow: WorkflowDef, fourEyes?: FourEyesRule): EntityHooks {
  const request = entityByName(workflow.entity);
  const log = entityByName(workflow.log.entity);
  const statusField = request.field(workflow.status)!;
  const targets: readonly string[] = workflow.targets ?? ENUMS[statusField.enum!].values;
  const column = (name: string) => quote(log.field(name)!.column);
  // A request without an observation field (subscription requests) logs its status changes alone.
  const observationOf = (row: Record<string, unknown>) => (workflow.comment ? text(row[workflow.comment]) : '');
  // What the four-eyes rule made of each update, from its check to its record (the body is the key).
  const steps = new WeakMap<object, FourEyesStep>();

  return {
    // The service has locked the row, checked its version and merged the body over it (a closed request
    // and a change to a field no decision sets are refused there).
    async beforeUpdate({ tx, before, body, sent, actor }) {
      const status = body[workflow.status];
      const statusChanged = status !== before[workflow.status];
      if (statusChanged && !targets.includes(String(status))) {
        throw fieldError(request.name, workflow.status, 'Enum', `A staff update may set ${targets.join(', ')} only`);
      }
      // A decision (a status change) comes with its own observation, not the one the last decision left.
      if (statusChanged && workflow.comment && workflow.commentRequired && observationOf(sent).trim() === '') {
        throw fieldError(request.name, workflow.comment, 'NotNull', 'The observation is required');
      }
      const step = await fourEyes?.review(tx, before, body, actor);
      if (step) steps.set(body, step);
      if (workflow.updatedAt) body[workflow.updatedAt] = new Date().toISOString();
    },

    async afterUpdate({ tx, before, body, after, actor }) {
      const status = String(after[workflow.status] ?? '');
      const observation = observationOf(after);
      const step = steps.get(body);
      if (step) await fourEyes!.record(tx, after, actor, step);
      // A first approval leaves the status as it was, but is a decision: it goes in the history.
      const decided = step === 'first-approval';
      if (!decided && status === before[workflow.status] && observation === observationOf(before)) return;

      const values: Record<string, unknown> = {
        [column(workflow.log.request)]: after.id,
        [column(workflow.log.status)]: workflow.log.statusOf ? workflow.log.statusOf(status) : status,
        [column('comment')]: encodeHistoryComment(observation, status, actor.login),
        [column('createdAt')]: new Date().toISOString(),
      };
      for (const carried of workflow.log.carry ?? []) values[column(carried)] = refId(after, carried);
      const columns = Object.keys(values);
      const audit = auditInsert(
        actor.login,
        decided ? 'REQUEST_FIRST_APPROVAL' : 'REQUEST_STATUS_CHANGED',
        { request: request.name, id: after.id, from: String(before[workflow.status] ?? ''), to: status },
        columns.length + 1,
      );
      // The history row and the audit event in one statement: one round trip inside the transaction.
      await tx.query(
        `with history as (insert into ${quote(log.table)} (${columns.join(', ')})
           values (${columns.map((_, i) => `$${i + 1}`).join(', ')}))
         ${audit.sql}`,
        [...columns.map((c) => values[c]), ...audit.values],
      );
    },
  };
}

function refId(row: Row, field: string): unknown {
  const value = row[field];
  return value !== null && typeof value === 'object' ? (value as { id: number }).id : (value ?? null);
}
