// The signed-in staff member's own notifications (issue 38, api/account/notifications): the newest, with the
// unread count, and marking them read. Every statement names the caller's login: nobody reads or marks
// another's. Notifications older than NOTIFICATION_RETENTION_DAYS are swept by each instance, hourly.
import type { FastifyInstance } from 'fastify';
import {
  NOTIFICATION_LIST_SIZE,
  NOTIFICATION_RETENTION_DAYS,
  ROUTE_ACCESS,
  type NotificationList,
  type NotificationReason,
} from '@bank/domain';
import type { Database, Queryable } from '../../db/database';
import { notFound } from '../../problem';

const SWEEP_MS = 3_600_000;

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } },
} as const;

const text = { type: 'string' } as const;
const listSchema = {
  type: 'object',
  properties: {
    unread: { type: 'integer' },
    items: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'integer' },
          entity: text,
          requestId: { type: 'integer' },
          status: text,
          reason: text,
          decidedBy: text,
          createdAt: text,
          read: { type: 'boolean' },
        },
      },
    },
  },
} as const;

/** Deletes the notifications past their retention; answers how many went. */
export async function sweepNotifications(db: Queryable): Promise<number> {
  const gone = await db.query(
    `delete from staff_notification where created_at < now() - ${NOTIFICATION_RETENTION_DAYS} * interval '1 day' returning id`,
  );
  return gone.length;
}

export function registerNotificationRoutes(app: FastifyInstance, db: Database): void {
  const access = ROUTE_ACCESS.entity;

  app.get(
    '/api/account/notifications',
    { config: { access }, schema: { response: { 200: listSchema } } },
    async (request) => {
      const login = request.user!.login;
      const [items, [count]] = await Promise.all([
        db.query<{
          id: number;
          request_entity: string;
          request_id: number;
          status: string;
          reason: NotificationReason;
          decided_by: string;
          created_at: Date | string;
          read_at: Date | null;
        }>(
          `select id, request_entity, request_id, status, reason, decided_by, created_at, read_at from staff_notification
          where login = $1 order by created_at desc, id desc limit $2`,
          [login, NOTIFICATION_LIST_SIZE],
        ),
        db.query<{ n: number }>(
          'select count(*)::int as n from staff_notification where login = $1 and read_at is null',
          [login],
        ),
      ]);
      return {
        unread: Number(count!.n),
        items: items.map((row) => ({
          id: Number(row.id),
          entity: row.request_entity,
          requestId: Number(row.request_id),
          status: row.status,
          reason: row.reason,
          decidedBy: row.decided_by,
          createdAt: new Date(row.created_at).toISOString(),
          read: row.read_at !== null,
        })),
      } satisfies NotificationList;
    },
  );

  app.put<{ Params: { id: number } }>(
    '/api/account/notifications/:id/read',
    { config: { access }, schema: { params: idParams } },
    async (request, reply) => {
      const marked = await db.query(
        'update staff_notification set read_at = coalesce(read_at, now()) where id = $1 and login = $2 returning id',
        [request.params.id, request.user!.login],
      );
      // Another login's notification is answered like one that does not exist.
      if (marked.length === 0) throw notFound('No such notification');
      return reply.code(204).send();
    },
  );

  app.put('/api/account/notifications/read', { config: { access } }, async (request, reply) => {
    await db.query('update staff_notification set read_at = now() where login = $1 and read_at is null', [
      request.user!.login,
    ]);
    return reply.code(204).send();
  });

  const sweep = setInterval(() => {
    sweepNotifications(db).catch((error: unknown) => app.log.warn({ err: error }, 'notification sweep failed'));
  }, SWEEP_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
}
