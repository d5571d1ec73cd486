// The live work queue: `GET core/api/events` streams server-sent events to signed-in staff (read with a
// fetch stream and the bearer header, so no token travels in an address): `pending` with the side
// menu's counts whenever they change, `presence` when a staff member opens or leaves a request's form,
// and `saved` when one saves a request (its open forms are out of date); the last two go only to those
// who may read that request type. `notified` goes only to the logins a decision gave a notification. Presence claims live in request_presence, so every instance sees
// them, and lapse after ten minutes without a heartbeat. A slow client never holds memory: past a small
// buffer it is cut off, and one login holds at most MAX_STREAMS_PER_LOGIN streams on an instance: a
// further one closes the oldest.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PENDING_COUNTS, ROUTE_ACCESS, WORKFLOWS, entityAccess, entityByName, hasAnyAuthority } from '@bank/domain';
import type { Database } from '../../db/database';
import { pendingCounts } from '../work/pending-counts';
import { HttpProblem } from '../../problem';
import type { BusEvent, EventBus } from './bus';

const HEARTBEAT_MS = 25_000;
const CLAIM_MINUTES = 10;
const SWEEP_MS = 60_000;
/** Bytes a client may leave unread before it is disconnected. */
const MAX_UNREAD_BYTES = 256 * 1024;
/** Counts are recomputed at most this often, however many writes arrive. */
const RECOUNT_DELAY_MS = 100;
/**
 * Open streams one login may hold on an instance (a few browser tabs). Opening one more closes the
 * oldest, which is told why (`closed` event, reason `superseded`) so that its page does not reopen it
 * at once and close another in turn.
 */
export const MAX_STREAMS_PER_LOGIN = 5;

/** The request paths whose writes may change a count. */
const COUNTED_PATHS = Object.values(PENDING_COUNTS).map((source) => entityByName(source.entity).path);
const touchesCounts = (url: string | undefined) =>
  url !== undefined && COUNTED_PATHS.some((path) => url === path || url.startsWith(`${path}/`));
/** The API resources of the counted request types. */
const COUNTED_RESOURCES = new Set(Object.values(PENDING_COUNTS).map((source) => entityByName(source.entity).resource));

/** The request types staff open forms on, by API resource name. */
const REQUEST_RESOURCES = new Map(WORKFLOWS.map((w) => [entityByName(w.entity).resource, w.entity]));
/** The same, API resource name by entity name: a PUT on one of these is a request saved. */
const RESOURCE_OF_REQUEST = new Map(WORKFLOWS.map((w) => [w.entity, entityByName(w.entity).resource]));

/** Who may be told about a request type's forms and saves: whoever may read it; nobody for another resource. */
export function mayHearAbout(authorities: readonly string[], resource: string): boolean {
  const entity = REQUEST_RESOURCES.get(resource);
  return entity !== undefined && hasAnyAuthority(authorities, entityAccess(entity, 'read'));
}

const presenceParams = {
  type: 'object',
  required: ['resource', 'id'],
  properties: {
    resource: { type: 'string', enum: [...REQUEST_RESOURCES.keys()] },
    id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
  },
} as const;

/** Claims asked for at once: a page of a staff list. */
const MAX_CLAIM_IDS = 100;

const claimsQuery = {
  type: 'object',
  required: ['ids'],
  properties: { ids: { type: 'string', pattern: `^[1-9][0-9]{0,15}(,[1-9][0-9]{0,15}){0,${MAX_CLAIM_IDS - 1}}$` } },
} as const;

interface Claim {
  login: string;
  since: string;
}

interface Listener {
  /** The authorities of the stream's owner: what it may be told about. */
  authorities: readonly string[];
  send(event: string, data: string): void;
  end(): void;
}

/** The last event a stream closed by the server gets: why it ends. */
export const CLOSED_EVENT = 'closed';

export function registerEventRoutes(app: FastifyInstance, db: Database, bus: EventBus): void {
  const listeners = new Set<Listener>();
  /** Each login's open streams, oldest first. */
  const streamsOf = new Map<string, Listener[]>();
  const forget = (login: string, listener: Listener) => {
    listeners.delete(listener);
    const streams = streamsOf.get(login)?.filter((l) => l !== listener) ?? [];
    if (streams.length > 0) streamsOf.set(login, streams);
    else streamsOf.delete(login);
  };
  const broadcast = (event: string, data: string) => {
    for (const listener of listeners) listener.send(event, data);
  };
  const tellReaders = (resource: string, event: string, data: string) => {
    for (const listener of listeners) if (mayHearAbout(listener.authorities, resource)) listener.send(event, data);
  };

  const counts = () => pendingCounts(db);
  let lastCounts = '';
  let recount: NodeJS.Timeout | undefined;
  // Only open streams hear the counts (each gets them when it opens): with none, nothing is counted.
  const scheduleRecount = () => {
    if (listeners.size === 0) {
      lastCounts = '';
      return;
    }
    recount ??= setTimeout(() => {
      recount = undefined;
      counts()
        .then((current) => {
          const text = JSON.stringify(current);
          if (text === lastCounts) return;
          lastCounts = text;
          broadcast('pending', text);
        })
        .catch((error: unknown) => app.log.warn({ err: error }, 'pending counts not refreshed'));
    }, RECOUNT_DELAY_MS);
  };
  const presenceData = (event: Extract<BusEvent, { type: 'presence' }>) =>
    JSON.stringify({
      resource: event.resource,
      id: event.id,
      login: event.login,
      since: event.since,
      active: event.active,
    });
  const unsubscribe = bus.subscribe((event) => {
    if (event.type === 'pending') scheduleRecount();
    else if (event.type === 'presence') tellReaders(event.resource, 'presence', presenceData(event));
    else if (event.type === 'notified') {
      // Only the told logins' own streams hear it, and only that something came: each asks for its list.
      for (const login of new Set(event.logins))
        for (const stream of streamsOf.get(login) ?? []) stream.send('notified', '{}');
    } else if (event.type === 'saved') {
      const { resource, id, login, version } = event;
      tellReaders(resource, 'saved', JSON.stringify({ resource, id, login, version }));
      if (COUNTED_RESOURCES.has(resource)) scheduleRecount();
    }
  });

  /** The events a write's answer announces: a save of a request, a change to the pending counts. */
  const announce = async (request: FastifyRequest) => {
    const lost = (error: unknown) => request.log.warn({ err: error }, 'event lost');
    // The engine's PUT of a request (the only PUT naming a request entity) announced its save itself, once
    // committed (workflow/staff-update.ts); a save of a counted request type also means "count again".
    const resource = request.method === 'PUT' && RESOURCE_OF_REQUEST.get(request.routeOptions.config.entity ?? '');
    if (resource && COUNTED_RESOURCES.has(resource)) return;
    if (touchesCounts(request.routeOptions.url)) await bus.publish({ type: 'pending' }).catch(lost);
  };

  // Every call passes here, and a read or a refusal announces nothing: it leaves at once, without the
  // cost of a promise (a callback hook); a write's events are published before the hook is done.
  app.addHook('onResponse', (request, reply, done) => {
    if (request.method === 'GET' || reply.statusCode >= 300) return done();
    announce(request).then(() => done(), done);
  });

  const claimsOf = async (resource: string, id: number): Promise<Claim[]> =>
    (
      await db.query<{ login: string; since: Date }>(
        `select login, since from request_presence where resource = $1 and request_id = $2
            and heartbeat_at > now() - interval '${CLAIM_MINUTES} minutes' order by since`,
        [resource, id],
      )
    ).map((row) => ({ login: row.login, since: new Date(row.since).toISOString() }));

  const sweep = setInterval(() => {
    db.query<{ resource: string; request_id: number; login: string; since: Date }>(
      `delete from request_presence where heartbeat_at <= now() - interval '${CLAIM_MINUTES} minutes'
        returning resource, request_id, login, since`,
    )
      .then((lapsed) =>
        Promise.all(
          lapsed.map((row) =>
            bus.publish({
              type: 'presence',
              resource: row.resource,
              id: row.request_id,
              login: row.login,
              since: new Date(row.since).toISOString(),
              active: false,
            }),
          ),
        ),
      )
      .catch((error: unknown) => app.log.warn({ err: error }, 'presence sweep failed'));
  }, SWEEP_MS);
  sweep.unref();

  // Open streams would hold the server's close forever.
  app.addHook('preClose', async () => {
    for (const listener of listeners) listener.end();
  });
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    clearTimeout(recount);
    unsubscribe();
    await bus.close();
  });

  app.get('/core/api/events', { config: { access: ROUTE_ACCESS.entity, stream: true } }, async (request, reply) => {
    const initial = await counts();
    const login = request.user!.login;
    const listener: Listener = openStream(reply, request.user!.authorities, () => forget(login, listener));
    listeners.add(listener);
    const streams = [...(streamsOf.get(login) ?? []), listener];
    streamsOf.set(login, streams);
    while (streams.length > MAX_STREAMS_PER_LOGIN) {
      const oldest = streams.shift()!;
      listeners.delete(oldest);
      oldest.send(CLOSED_EVENT, JSON.stringify({ reason: 'superseded', limit: MAX_STREAMS_PER_LOGIN }));
      oldest.end();
    }
    listener.send('pending', JSON.stringify(initial));
  });

  // Presence on one request's form: PUT opens or keeps the claim (a heartbeat), DELETE leaves, GET lists.
  type PresenceRequest = { Params: { resource: string; id: number } };
  const checkRead = (authorities: readonly string[], resource: string) => {
    if (!hasAnyAuthority(authorities, entityAccess(REQUEST_RESOURCES.get(resource)!, 'read'))) {
      throw new HttpProblem(403, { message: 'error.http.403', detail: 'Not allowed to read this request type' });
    }
  };
  const options = { config: { access: ROUTE_ACCESS.entity }, schema: { params: presenceParams } };

  // The claims of others on several requests of one type (`?ids=1,2,3`): which of a list's rows are taken.
  app.get<{ Params: { resource: string }; Querystring: { ids: string } }>(
    '/core/api/presence/:resource',
    {
      config: { access: ROUTE_ACCESS.entity },
      schema: { params: { ...presenceParams, required: ['resource'] }, querystring: claimsQuery },
    },
    async (request) => {
      const { resource } = request.params;
      checkRead(request.user!.authorities, resource);
      const ids = request.query.ids.split(',').map(Number);
      const rows = await db.query<{ request_id: number; login: string; since: Date }>(
        `select request_id, login, since from request_presence
          where resource = $1 and request_id = any($2::bigint[]) and login <> $3
            and heartbeat_at > now() - interval '${CLAIM_MINUTES} minutes' order by request_id, since`,
        [resource, ids, request.user!.login],
      );
      return rows.map((row) => ({
        id: Number(row.request_id),
        login: row.login,
        since: new Date(row.since).toISOString(),
      }));
    },
  );

  app.get<PresenceRequest>('/core/api/presence/:resource/:id', options, async (request) => {
    checkRead(request.user!.authorities, request.params.resource);
    return claimsOf(request.params.resource, request.params.id);
  });

  app.put<PresenceRequest>('/core/api/presence/:resource/:id', options, async (request) => {
    const { resource, id } = request.params;
    const login = request.user!.login;
    checkRead(request.user!.authorities, resource);
    const [claim] = await db.query<{ since: Date; fresh: boolean }>(
      `with before as (
         select heartbeat_at > now() - interval '${CLAIM_MINUTES} minutes' as live
           from request_presence where resource = $1 and request_id = $2 and login = $3)
       insert into request_presence as p (resource, request_id, login) values ($1, $2, $3)
       on conflict (resource, request_id, login) do update
         set heartbeat_at = now(),
             since = case when p.heartbeat_at > now() - interval '${CLAIM_MINUTES} minutes' then p.since else now() end
       returning p.since, not coalesce((select live from before), false) as fresh`,
      [resource, id, login],
    );
    const since = new Date(claim!.since).toISOString();
    if (claim!.fresh) await bus.publish({ type: 'presence', resource, id, login, since, active: true });
    return (await claimsOf(resource, id)).filter((c) => c.login !== login);
  });

  app.delete<PresenceRequest>('/core/api/presence/:resource/:id', options, async (request, reply) => {
    const { resource, id } = request.params;
    const login = request.user!.login;
    checkRead(request.user!.authorities, resource);
    const [left] = await db.query<{ since: Date }>(
      'delete from request_presence where resource = $1 and request_id = $2 and login = $3 returning since',
      [resource, id, login],
    );
    if (left) {
      const since = new Date(left.since).toISOString();
      await bus.publish({ type: 'presence', resource, id, login, since, active: false });
    }
    return reply.code(204).send();
  });
}

/** Takes the reply over for a server-sent event stream with heartbeats and a cap on unread bytes. */
function openStream(reply: FastifyReply, authorities: readonly string[], onClose: () => void): Listener {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store, no-transform',
    connection: 'keep-alive',
    // Proxies (nginx) must pass events on as they come.
    'x-accel-buffering': 'no',
  });
  res.write('retry: 5000\n\n');
  const write = (text: string) => {
    if (res.destroyed || res.writableEnded) return;
    if (res.writableLength > MAX_UNREAD_BYTES) {
      res.destroy();
      return;
    }
    res.write(text);
  };
  const heartbeat = setInterval(() => write(': heartbeat\n\n'), HEARTBEAT_MS);
  res.on('close', () => {
    clearInterval(heartbeat);
    onClose();
  });
  return {
    authorities,
    send: (event, data) => write(`event: ${event}\ndata: ${data}\n\n`),
    end: () => res.end(),
  };
}
