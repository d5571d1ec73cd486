// The workflow module: a staff update of a request checks the observation and the allowed status, then
// writes the request, one history row (`observation{}STATUS{}login`), an audit event and the notifications
// of a decision in one statement, and announces the `saved` and `notified` events once it is committed.
// Plugged into the entity engine as update hooks of each request type.
import type { FastifyBaseLogger } from 'fastify';
import { ENUMS, encodeHistoryComment, entityByName, isDecided, type WorkflowDef } from '@bank/domain';
import { quote } from '../db/schema';
import type { CompanionWrite, EntityHooks } from '../engine/entity-service';
import type { BusEvent, EventBus } from '../modules/events/bus';
import { HttpProblem } from '../problem';
import { auditInsert } from '../modules/audit/audit';
import { notificationInsert, recipientsOf } from '../modules/notifications/notify';
import type { FourEyesRule } from './four-eyes';

const fieldError = (entity: string, field: string, message: string, detail: string) =>
  new HttpProblem(400, { message: 'error.validation', detail, fieldErrors: [{ objectName: entity, field, message }] });

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function workflowHooks(
  workflow: WorkflowDef,
  bus: EventBus,
  logger: FastifyBaseLogger,
  fourEyes?: FourEyesRule,
): EntityHooks {
  const request = entityByName(workflow.entity);
  const log = entityByName(workflow.log.entity);
  const statusField = request.field(workflow.status)!;
  const targets: readonly string[] = workflow.targets ?? ENUMS[statusField.enum!].values;
  const logColumn = (name: string) => quote(log.field(name)!.column);
  const requestColumn = (name: string) => `t.${quote(request.field(name)!.column)}`;
  // A request without an observation field (subscription requests) logs its status changes alone.
  const observationOf = (row: Record<string, unknown>) => (workflow.comment ? text(row[workflow.comment]) : '');

  return {
    // A request filed by staff records who filed it; the customer channel's carry none.
    async prepareCreate({ actor }) {
      return actor ? { [request.field('filedBy')!.column]: actor.login } : {};
    },
    // The service has read the row, checked its version and merged the body over it (a closed request
    // and a change to a field no decision sets are refused there); what is written here goes in the
    // update's statement, and only if the row is still the version read.
    async prepareUpdate({ db, before, body, sent, actor }) {
      const status = body[workflow.status];
      const statusChanged = status !== before[workflow.status];
      if (statusChanged && !targets.includes(String(status))) {
        throw fieldError(request.name, workflow.status, 'Enum', `A staff update may set ${targets.join(', ')} only`);
      }
      // A decision (a status change) comes with its own observation, not the one the last decision left.
      if (statusChanged && workflow.comment && workflow.commentRequired && observationOf(sent).trim() === '') {
        throw fieldError(request.name, workflow.comment, 'NotNull', 'The observation is required');
      }
      // Maker is not checker: whoever filed a request does not decide it (a first approval included).
      if (statusChanged && before.filedBy === actor.login) {
        throw new HttpProblem(403, {
          message: 'error.makerChecker',
          detail: 'You filed this request: another staff member must decide it',
          appError: { key: 'error.makerChecker', params: request.name },
        });
      }
      // The open approvals, read once for the four-eyes rule and for whom the decision is news.
      const open = statusChanged && fourEyes ? await fourEyes.approvals(db, before) : [];
      const step = fourEyes?.review(before, body, actor, open) ?? null;
      if (workflow.updatedAt) body[workflow.updatedAt] = new Date().toISOString();

      const writes: CompanionWrite[] = step ? fourEyes!.record(actor, step) : [];
      // Every save of a request puts its open forms out of date, and a decision that no longer leaves the
      // request waiting is news for its maker and first validator: events sent once the save is committed.
      // A lost event only leaves a form or a bell behind until its next refresh: the decision stands.
      const published = (event: BusEvent) => () =>
        bus.publish(event).catch((error: unknown) => logger.warn({ err: error, event: event.type }, 'event lost'));
      const committed = [
        published({
          type: 'saved',
          resource: request.resource,
          id: Number(before.id),
          login: actor.login,
          version: Number(before.version) + 1,
        }),
      ];
      const written = String(body[workflow.status] ?? '');
      const observation = observationOf(body);
      if (statusChanged && step !== 'first-approval' && isDecided(workflow, written)) {
        const recipients = recipientsOf(before, actor, open);
        if (recipients.length > 0) {
          writes.push(notificationInsert(request.name, written, actor.login, recipients));
          committed.push(published({ type: 'notified', logins: recipients.map((r) => r.login) }));
        }
      }
      // A first approval leaves the status as it was, but is a decision: it goes in the history.
      const decided = step === 'first-approval';
      if (!decided && written === before[workflow.status] && observation === observationOf(before)) {
        return { writes, committed };
      }

      // The history row and the audit event: rows of the written request `t`.
      writes.push((params) => {
        const values: Record<string, string> = {
          [logColumn(workflow.log.request)]: 't.id',
          [logColumn(workflow.log.status)]: params.add(
            workflow.log.statusOf ? workflow.log.statusOf(written) : written,
          ),
          // A first approval's comment records the validation given, its log status the request left
          // waiting: the history says « 1re validation 1/2 », not « En attente » (historyStatus).
          [logColumn('comment')]: params.add(
            encodeHistoryComment(observation, decided ? workflow.fourEyes!.approve : written, actor.login),
          ),
          [logColumn('createdAt')]: params.add(new Date().toISOString()),
        };
        for (const carried of workflow.log.carry ?? []) values[logColumn(carried)] = requestColumn(carried);
        return `insert into ${quote(log.table)} (${Object.keys(values).join(', ')}) select ${Object.values(values).join(', ')} from t`;
      });
      writes.push((params) =>
        auditInsert(
          params,
          actor.login,
          decided ? 'REQUEST_FIRST_APPROVAL' : 'REQUEST_STATUS_CHANGED',
          { request: request.name, id: before.id, from: String(before[workflow.status] ?? ''), to: written },
          't',
        ),
      );
      return { writes, committed };
    },
  };
}
