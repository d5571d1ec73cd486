// Shapes of the platform's answers (spec part 1 section 7.1 and 7.3).

export interface Account {
  id: number;
  login: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  activated: boolean;
  langKey: string | null;
  authorities: string[];
  createdDate?: string | null;
  lastModifiedDate?: string | null;
}

export interface Credentials {
  username: string;
  password: string;
  rememberMe: boolean;
  /** The second factor, once the server asked for it: a code from the app, or a recovery code. */
  otp?: string;
}

export interface AccountSettings {
  firstName: string;
  lastName: string;
  email: string;
  langKey: string;
  /** Sent when the e-mail changes, which the server refuses without it. */
  currentPassword?: string;
}

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
}

export interface ProfileInfo {
  activeProfiles: string[];
  ribbonEnv: string | null;
  inProduction: boolean;
  isSwaggerEnabled: boolean;
  /** Where the password-reset page sends customers once done. */
  ebankingUrl?: string | null;
  /** Minutes without use after which the server ends a staff session. */
  sessionIdleMinutes?: number;
  /** Sign-in through the bank's directory (OpenID Connect), when configured: its button's label. */
  oidc?: { label: string } | null;
}

export type HealthStatus = 'UP' | 'DOWN' | (string & {});

export interface HealthComponent {
  status: HealthStatus;
  details?: Record<string, unknown>;
}

export interface Health {
  status: HealthStatus;
  components?: Record<string, HealthComponent>;
}

/** GET management/ledger: whether the books reconcile, each check with its figures (exact strings for sums). */
export interface LedgerReport {
  balanced: boolean;
  checkedAt: string;
  ms: number;
  checks: Array<{
    key: string;
    name: string;
    ok: boolean;
    figures: Record<string, number | string>;
    broken: Array<Record<string, unknown>>;
  }>;
  internalAccounts: Array<{ code: string; kind: string; name: string; balance: string }>;
}

export interface RequestStats {
  method: string;
  route: string;
  status: number;
  count: number;
  meanMs: number;
  maxMs: number;
}

export interface Metrics {
  timestamp: string;
  process: {
    pid: number;
    nodeVersion: string;
    uptimeSeconds: number;
    cpu: { userSeconds: number; systemSeconds: number };
    memory: { rss: number; heapTotal: number; heapUsed: number; external: number; arrayBuffers: number };
    eventLoopDelayMs: { p50: number; p99: number; max: number; mean: number };
  };
  http: { totalCount: number; requests: RequestStats[] };
  database: { kind: 'pglite' | 'postgres'; pool: { total: number; idle: number; waiting: number; max: number } | null };
}

export interface LoggersReport {
  levels: string[];
  loggers: Record<string, { configuredLevel: string | null; effectiveLevel: string }>;
}

export interface AuditEvent {
  id: number;
  principal: string;
  timestamp: string;
  type: string;
  data: Record<string, unknown> | null;
}

/** One staff read of a client's data (management/access-log). */
export interface AccessLogEntry {
  id: number;
  readAt: string;
  login: string;
  authorities: string[];
  clientId: number | null;
  /** client, accounts, notification-users, requests, account, transactions, transaction, transfers, transfer */
  what: string;
  subject: string;
  subjectId: number;
  requestId: string | null;
  clientIp: string | null;
}

/** configprops answers `properties`, env answers `propertySources`. */
export interface ConfigReport {
  activeProfiles: string[];
  properties?: { key: string; env: string | null; source: string; value: unknown }[];
  propertySources?: { name: string; properties: Record<string, { value: unknown }> }[];
}

export interface GatewayRoute {
  path: string;
  serviceId: string;
  serviceInstances: { serviceId: string; instanceId: string; uri: string; health: string }[];
}

export interface OpenApiDocument {
  info?: { title?: string; version?: string };
  paths: Record<string, Record<string, { summary?: string; tags?: string[]; operationId?: string }>>;
}
