// The live work queue's stream (`GET core/api/events`), read with fetch so that the bearer token travels
// in a header, never in an address (EventSource cannot set one). Server-sent events, parsed as they come.
import { takeStreamEvents, type PendingCounts } from '@bank/domain';
import { queryOptions } from '@tanstack/react-query';
import { buildUrl, requestData } from './http-client';
import { MANAGER_KEY } from './pending';
import { getToken } from './token-storage';

export interface PresenceEvent {
  resource: string;
  id: number;
  login: string;
  since: string;
  active: boolean;
}

/** Someone saved a request: the version it now has, and who saved it. */
export interface SavedEvent {
  resource: string;
  id: number;
  login: string;
  version: number;
}

export type LiveEvent =
  | { event: 'pending'; data: PendingCounts }
  | { event: 'presence'; data: PresenceEvent }
  | { event: 'saved'; data: SavedEvent }
  /** A decision gave this user a notification (sent to their streams only; its list is asked for). */
  | { event: 'notified'; data: Record<string, never> };

const LIVE_EVENTS: ReadonlySet<string> = new Set<LiveEvent['event']>(['pending', 'presence', 'saved', 'notified']);

/**
 * Why the server closed a stream (its last event, `closed`): `superseded` when the same login opened more
 * streams than the server keeps (other tabs), so this one should wait before opening again.
 */
export type StreamEnd = 'superseded' | undefined;

/**
 * Reads the stream until it ends or `signal` aborts, and says why the server ended it when it told;
 * throws when it cannot be opened.
 */
export async function readLiveEvents(onEvent: (event: LiveEvent) => void, signal: AbortSignal): Promise<StreamEnd> {
  const token = getToken();
  const response = await fetch(buildUrl('core/api/events'), {
    headers: { Accept: 'text/event-stream', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    signal,
  });
  if (!response.ok || !response.body) throw new Error(`event stream answered ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let end: StreamEnd;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return end;
    const taken = takeStreamEvents(buffer + value);
    buffer = taken.rest;
    for (const live of taken.events) {
      if (LIVE_EVENTS.has(live.event)) onEvent(live as LiveEvent);
      else if (live.event === 'closed' && (live.data as { reason?: unknown } | null)?.reason === 'superseded')
        end = 'superseded';
    }
  }
}

/** Who else has a request's form open; PUT claims it for the caller (and keeps the claim alive). */
export interface Presence {
  login: string;
  since: string;
}

/** Under the server's ten-minute expiry, with room for a missed beat. */
const PRESENCE_HEARTBEAT_MS = 3 * 60_000;

export const presenceKey = (resource: string, id: number) => [...MANAGER_KEY, 'presence', resource, id] as const;

/**
 * The others on a request's form. Fetching claims the form for the caller (PUT, idempotent), so the
 * query's refetch interval is the claim's heartbeat.
 */
export const presenceQuery = (resource: string, id: number) =>
  queryOptions({
    queryKey: presenceKey(resource, id),
    queryFn: ({ signal }) =>
      requestData<Presence[]>(`core/api/presence/${resource}/${id}`, {
        method: 'PUT',
        signal,
        errorMessage: false,
        background: true,
      }),
    refetchInterval: PRESENCE_HEARTBEAT_MS,
    refetchIntervalInBackground: true,
  });

/** Others' claims on some requests of one type: which rows of a list someone else is handling. */
export const othersClaims = (resource: string, ids: readonly number[], signal?: AbortSignal) =>
  requestData<Array<Presence & { id: number }>>(`core/api/presence/${resource}`, {
    query: { ids: ids.join(',') },
    signal,
  });

/**
 * The last save of a request heard on the event stream (null until one is): a form compares its version
 * with the one it loaded. Kept apart from MANAGER_KEY, whose refreshes would reset it; filled by the
 * stream only, never fetched.
 */
export const savedQuery = (resource: string, id: number) =>
  queryOptions({
    queryKey: ['live', 'saved', resource, id] as const,
    queryFn: (): SavedEvent | null => null,
    staleTime: Infinity,
  });

/**
 * Drops this user's claim; `keepalive` when the tab is closing, so that the call outlives the page.
 * Tried once: a claim not released expires by itself, and a release retried after the connection came
 * back could drop the claim of the same form opened again meanwhile.
 */
export function leavePresence(resource: string, id: number, keepalive = false): Promise<unknown> {
  return requestData(`core/api/presence/${resource}/${id}`, {
    method: 'DELETE',
    errorMessage: false,
    background: true,
    keepalive,
    once: true,
  });
}
