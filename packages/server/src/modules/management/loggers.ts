// Named loggers (children of the Fastify/pino root logger) and management/logs, which reads and changes
// their levels at run time on this instance. A child follows the root level until a level is set on it.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { ROUTE_ACCESS } from '@bank/domain';
import { badRequest } from '../../problem';
import type { Queryable } from '../../db/database';
import { recordAudit } from '../audit/audit';

export const LOGGER_NAMES = ['http', 'db', 'auth', 'mail'] as const;
export type LoggerName = (typeof LOGGER_NAMES)[number];
export const ROOT_LOGGER = 'root';
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;

export interface LoggerLevels {
  name: string;
  /** The level set on this logger itself; null when it follows the root. */
  configuredLevel: string | null;
  effectiveLevel: string;
}

export class LoggerRegistry {
  private readonly children = new Map<LoggerName, { logger: FastifyBaseLogger; configured: string | null }>();

  constructor(private readonly root: FastifyBaseLogger) {
    for (const name of LOGGER_NAMES)
      this.children.set(name, { logger: root.child({ logger: name }), configured: null });
  }

  get(name: LoggerName): FastifyBaseLogger {
    return this.children.get(name)!.logger;
  }

  list(): LoggerLevels[] {
    return [ROOT_LOGGER, ...LOGGER_NAMES].map((name) => this.levelsOf(name)!);
  }

  levelsOf(name: string): LoggerLevels | undefined {
    if (name === ROOT_LOGGER) return { name, configuredLevel: this.root.level, effectiveLevel: this.root.level };
    const child = this.children.get(name as LoggerName);
    return child && { name, configuredLevel: child.configured, effectiveLevel: child.logger.level };
  }

  /** Sets a level; null on a named logger makes it follow the root again. */
  setLevel(name: string, level: string | null): LoggerLevels | undefined {
    if (name === ROOT_LOGGER) {
      if (level === null) return undefined;
      this.root.level = level;
      // pino children copy the level when created: the ones without their own level follow by hand.
      for (const child of this.children.values()) if (child.configured === null) child.logger.level = level;
      return this.levelsOf(name);
    }
    const child = this.children.get(name as LoggerName);
    if (!child) return undefined;
    child.configured = level;
    child.logger.level = level ?? this.root.level;
    return this.levelsOf(name);
  }
}

const levelBody = {
  type: 'object',
  required: ['name', 'level'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 100 },
    // Upper case is what JHipster screens send; null gives a named logger back to the root level.
    level: { type: ['string', 'null'], maxLength: 10 },
  },
} as const;

export function registerLogRoutes(app: FastifyInstance, deps: { db: Queryable; loggers: LoggerRegistry }): void {
  const { db, loggers } = deps;
  const access = { access: ROUTE_ACCESS.management };

  app.get('/management/logs', { config: access }, async () => ({
    levels: LOG_LEVELS,
    loggers: Object.fromEntries(
      loggers.list().map(({ name, configuredLevel, effectiveLevel }) => [name, { configuredLevel, effectiveLevel }]),
    ),
  }));

  app.put<{ Body: { name: string; level: string | null } }>(
    '/management/logs',
    { config: access, schema: { body: levelBody } },
    async (request) => {
      const { name } = request.body;
      const level = request.body.level === null ? null : request.body.level.toLowerCase();
      if (level !== null && !(LOG_LEVELS as readonly string[]).includes(level)) {
        throw badRequest(
          'error.logs.level',
          `Unknown level "${request.body.level}": use one of ${LOG_LEVELS.join(', ')}`,
        );
      }
      if (!loggers.levelsOf(name)) throw badRequest('error.logs.logger', `Unknown logger "${name}"`);
      const changed = loggers.setLevel(name, level);
      if (!changed) throw badRequest('error.logs.level', 'The root logger needs a level');
      await recordAudit(db, request.user!.login, 'LOGGER_LEVEL_CHANGED', { logger: name, level });
      return changed;
    },
  );
}
