// management/audits: the persisted audit events, filtered by day (fromDate and toDate, YYYY-MM-DD, both
// inclusive, UTC), paged and sorted (newest first unless asked otherwise).
import type { FastifyInstance } from 'fastify';
import { ROUTE_ACCESS, type Field } from '@bank/domain';
import type { Database } from '../../db/database';
import { sendPage } from '../../engine/routes';
import { Params, orderOf, pagingOf, type Column, type Query } from '../../engine/list-query';

/** Sort names: the JSON names, JHipster's audit screen names, and the column names. */
const SORTABLE: Record<string, string> = {
  id: 'id',
  principal: 'principal',
  timestamp: 'event_date',
  auditEventDate: 'event_date',
  event_date: 'event_date',
  type: 'event_type',
  auditEventType: 'event_type',
  event_type: 'event_type',
};

const sortColumn = (name: string): Column | undefined =>
  Object.hasOwn(SORTABLE, name) ? { field: { name } as Field, sql: `t.${SORTABLE[name]}` } : undefined;

const DAY = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', format: 'date' } as const;

const auditQuery = {
  type: 'object',
  properties: { fromDate: DAY, toDate: DAY },
} as const;

interface AuditRow {
  id: number;
  principal: string;
  event_date: Date;
  event_type: string;
  data: Record<string, unknown>;
}

export function registerAuditRoutes(app: FastifyInstance, db: Database): void {
  app.get<{ Querystring: Query & { fromDate?: string; toDate?: string } }>(
    '/management/audits',
    { config: { access: ROUTE_ACCESS.management }, schema: { querystring: auditQuery } },
    async (request, reply) => {
      const { fromDate, toDate } = request.query;
      const { page, size } = pagingOf(request.query);
      const order = orderOf(sortColumn, request.query, 'timestamp,desc');
      const params = new Params();
      const where: string[] = [];
      if (fromDate) where.push(`t.event_date >= (${params.add(fromDate)}::date)::timestamp at time zone 'UTC'`);
      if (toDate) where.push(`t.event_date < (${params.add(toDate)}::date + 1)::timestamp at time zone 'UTC'`);
      const filter = where.length > 0 ? `where ${where.join(' and ')}` : '';
      const [count] = await db.query<{ total: number }>(`select count(*)::int as total from audit_event t ${filter}`, [
        ...params.values,
      ]);
      const rows = await db.query<AuditRow>(
        `select t.id, t.principal, t.event_date, t.event_type, t.data from audit_event t ${filter}
          order by ${order} limit ${params.add(size)} offset ${params.add(page * size)}`,
        params.values,
      );
      const result = {
        rows: rows.map((row) => ({
          id: row.id,
          principal: row.principal,
          timestamp: row.event_date,
          type: row.event_type,
          data: row.data,
        })),
        total: count!.total,
        page,
        size,
      };
      return sendPage(request, reply, result);
    },
  );
}
