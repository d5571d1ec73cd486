// The signed-in user's own preferences of the web app (api/account/preferences): small JSON values by
// key, read once a session and written one key at a time. Never client data: a list's layout and its
// saved addresses, nothing a request or an account holds.
import type { FastifyInstance } from 'fastify';
import { ROUTE_ACCESS } from '@bank/domain';
import type { Database } from '../../db/database';
import { badRequest, notFound } from '../../problem';

/** A value's JSON text at most this long: a list's columns or a few dozen saved filters fit well under it. */
export const MAX_PREFERENCE_BYTES = 8192;
/** Keys a user may hold, so that one account cannot fill the table. */
export const MAX_PREFERENCES_PER_USER = 200;

const keyParams = {
  type: 'object',
  required: ['key'],
  properties: { key: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[a-zA-Z][a-zA-Z0-9._-]*$' } },
} as const;

// Any JSON but null: a preference is removed with DELETE, not written empty.
const valueSchema = { type: ['object', 'array', 'string', 'number', 'boolean'] } as const;

export function registerPreferenceRoutes(app: FastifyInstance, db: Database): void {
  const access = ROUTE_ACCESS.signedIn;

  app.get('/api/account/preferences', { config: { access } }, async (request) => {
    const rows = await db.query<{ key: string; value: unknown }>(
      'select key, value from user_preference where login = $1 order by key',
      [request.user!.login],
    );
    return Object.fromEntries(rows.map((row) => [row.key, row.value]));
  });

  app.get<{ Params: { key: string } }>(
    '/api/account/preferences/:key',
    { config: { access }, schema: { params: keyParams } },
    async (request) => {
      const [row] = await db.query<{ value: unknown }>(
        'select value from user_preference where login = $1 and key = $2',
        [request.user!.login, request.params.key],
      );
      if (!row) throw notFound('No such preference');
      return row.value;
    },
  );

  app.put<{ Params: { key: string }; Body: unknown }>(
    '/api/account/preferences/:key',
    {
      config: { access },
      // The body's size is checked below on its JSON text; this only keeps a huge body from being parsed.
      bodyLimit: MAX_PREFERENCE_BYTES * 4,
      schema: { params: keyParams, body: valueSchema },
    },
    async (request, reply) => {
      const text = JSON.stringify(request.body);
      if (Buffer.byteLength(text) > MAX_PREFERENCE_BYTES)
        throw badRequest('error.preferenceTooLarge', `A preference holds at most ${MAX_PREFERENCE_BYTES} bytes`);
      // The cap is checked in the statement itself: two writes at once cannot both pass it.
      const written = await db.query<{ key: string }>(
        `insert into user_preference (login, key, value)
         select $1::varchar, $2::varchar, $3::jsonb
          where exists (select 1 from user_preference where login = $1 and key = $2)
             or (select count(*) from user_preference where login = $1) < $4::int
         on conflict (login, key) do update set value = excluded.value, updated = now()
         returning key`,
        [request.user!.login, request.params.key, text, MAX_PREFERENCES_PER_USER],
      );
      if (written.length === 0)
        throw badRequest('error.tooManyPreferences', `A user holds at most ${MAX_PREFERENCES_PER_USER} preferences`);
      return reply.code(204).send();
    },
  );

  app.delete<{ Params: { key: string } }>(
    '/api/account/preferences/:key',
    { config: { access }, schema: { params: keyParams } },
    async (request, reply) => {
      await db.query('delete from user_preference where login = $1 and key = $2', [
        request.user!.login,
        request.params.key,
      ]);
      return reply.code(204).send();
    },
  );
}
