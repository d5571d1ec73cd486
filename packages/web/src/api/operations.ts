// The administrators' operations screens (spec part 1 section 7.3): metrics, loggers, audits, configuration,
// the gateway route table and the OpenAPI document. Apart from management.ts, which the shell loads at start.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { requestData } from './http-client';
import type {
  AccessLogEntry,
  AuditEvent,
  ConfigReport,
  GatewayRoute,
  LoggersReport,
  Metrics,
  OpenApiDocument,
} from './types';
import { fetchPage } from './users';

/** Auto-refreshed by the metrics page; each answer is one sample of the sparklines. */
export function metricsQuery() {
  return queryOptions({
    queryKey: ['management', 'metrics'],
    // Refreshed every few seconds while the page is open: not the administrator's own doing.
    queryFn: ({ signal }) => requestData<Metrics>('management/metrics', { signal, background: true }),
  });
}

export const loggersKey = ['management', 'logs'] as const;

export function loggersQuery() {
  return queryOptions({
    queryKey: loggersKey,
    queryFn: ({ signal }) => requestData<LoggersReport>('management/logs', { signal }),
  });
}

/** `level` null puts a logger back on the root's level. */
export function setLoggerLevel(name: string, level: string | null): Promise<unknown> {
  return requestData('management/logs', { method: 'PUT', body: { name, level } });
}

export interface AuditParams {
  fromDate: string;
  toDate: string;
  page: number;
  size: number;
  sort: string;
}

export function auditsQuery(params: AuditParams) {
  return queryOptions({
    queryKey: ['management', 'audits', params],
    queryFn: ({ signal }) => fetchPage<AuditEvent>('management/audits', { ...params }, signal),
    placeholderData: keepPreviousData,
  });
}

export interface AccessLogFilters {
  clientId?: string;
  login?: string;
  fromDate: string;
  toDate: string;
}

/** The filled filters only: an empty client or login filters nothing. */
const filled = (params: object) =>
  Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== '')) as Record<
    string,
    string | number
  >;

export function accessLogQuery(params: AccessLogFilters & { page: number; size: number; sort: string }) {
  return queryOptions({
    queryKey: ['management', 'access-log', params],
    queryFn: ({ signal }) => fetchPage<AccessLogEntry>('management/access-log', filled(params), signal),
    placeholderData: keepPreviousData,
  });
}

/** Every entry the filters find, newest first, up to `limit` (an export, page by page). */
export async function accessLogEntries(filters: AccessLogFilters, limit: number): Promise<AccessLogEntry[]> {
  const size = 1000;
  const entries: AccessLogEntry[] = [];
  for (let page = 0; entries.length < limit; page++) {
    const { rows } = await fetchPage<AccessLogEntry>(
      'management/access-log',
      filled({ ...filters, page, size, sort: 'readAt,desc' }),
    );
    entries.push(...rows);
    if (rows.length < size) break;
  }
  return entries.slice(0, limit);
}

export function configQuery(part: 'configprops' | 'env') {
  return queryOptions({
    queryKey: ['management', part],
    queryFn: ({ signal }) => requestData<ConfigReport>(`management/${part}`, { signal }),
  });
}

export function gatewayRoutesQuery() {
  return queryOptions({
    queryKey: ['management', 'gateway'],
    queryFn: ({ signal }) => requestData<GatewayRoute[]>('api/gateway/routes', { signal }),
  });
}

export function openApiQuery() {
  return queryOptions({
    queryKey: ['management', 'openapi'],
    queryFn: ({ signal }) => requestData<OpenApiDocument>('management/openapi.json', { signal }),
    staleTime: Infinity,
  });
}
