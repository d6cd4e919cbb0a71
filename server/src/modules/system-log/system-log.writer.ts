import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../core/db/schema.js';
import type { SystemLogsTable } from './tables.js';
import { newId } from '../../core/ids.js';
import { isApiRequest } from '../../core/api-route.js';
import { LOG_EXCEPTION, LOG_OPERATION, LogRepository } from './system-log.repository.js';

// The categories are defined with the table's repository (which reads them); callers keep importing them from here.
export { LOG_EXCEPTION, LOG_OPERATION, LOG_SIGN_IN } from './system-log.repository.js';

const SECRET_KEY = /password|pwd|token|secret/i;
const MASK = '******';
const PARAMS_MAX = 2000;
const STRING_MAX = 500;
const CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A copy of the value with every secret-looking key masked and long strings cut; depth-limited. */
export function maskSecrets(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.length > STRING_MAX ? `${value.slice(0, STRING_MAX)}…` : value;
  if (value === null || typeof value !== 'object') return value;
  if (depth > 6) return '…';
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => maskSecrets(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    out[key] = SECRET_KEY.test(key) ? MASK : maskSecrets(v, depth + 1);
  }
  return out;
}

export function describeParams(request: FastifyRequest): string {
  const parts: Record<string, unknown> = {};
  if (request.params && Object.keys(request.params as object).length) parts.params = request.params;
  if (request.query && Object.keys(request.query as object).length) parts.query = request.query;
  if (request.body !== undefined && request.body !== null) parts.body = request.body;
  const text = JSON.stringify(maskSecrets(parts)) ?? '';
  return text.length > PARAMS_MAX ? `${text.slice(0, PARAMS_MAX)}…` : text;
}

const header = (request: FastifyRequest, name: string): string | null => {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? null;
};

/**
 * Operation and exception logs. Each is one insert started after the answer went out; a failure to
 * log is itself only logged and never fails the request. `flush()` waits for the inserts still running (close).
 */
export class SystemLogWriter {
  private readonly repo: LogRepository;
  private readonly pending = new Set<Promise<void>>();

  constructor(
    db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
  ) {
    this.repo = new LogRepository(db);
  }

  /** onResponse: every changing call under /api. */
  operation(request: FastifyRequest, reply: FastifyReply): void {
    // By the matched route, never the raw URL (`/%61pi/news` reaches `/api/news`).
    if (!CHANGING.has(request.method) || !isApiRequest(request)) return;
    const auth = request.auth;
    const status = reply.statusCode;
    this.insert({
      id: newId(),
      tenant_id: auth?.tenantId ?? null,
      category: LOG_OPERATION,
      user_id: auth?.userId ?? null,
      account: auth?.account ?? null,
      module: header(request, 'moduleid'),
      method: request.method,
      url: request.routeOptions.url ?? request.url.split('?')[0],
      params: describeParams(request),
      duration_ms: Math.round(reply.elapsedTime),
      status,
      result: status < 400 ? 'success' : 'failure',
      request_id: String(request.id),
      ip: request.ip,
    });
  }

  /** The error handler, for every 500. */
  exception(request: FastifyRequest, error: Error): void {
    const auth = request.auth;
    this.insert({
      id: newId(),
      tenant_id: auth?.tenantId ?? null,
      category: LOG_EXCEPTION,
      user_id: auth?.userId ?? null,
      account: auth?.account ?? null,
      module: header(request, 'moduleid'),
      method: request.method,
      url: request.routeOptions.url ?? request.url.split('?')[0],
      params: describeParams(request),
      status: 500,
      result: (error.message || String(error)).slice(0, 2000),
      detail: (error.stack ?? '').slice(0, 20000),
      request_id: String(request.id),
      ip: request.ip,
    });
  }

  async flush(): Promise<void> {
    await Promise.allSettled([...this.pending]);
  }

  private insert(row: Insertable<SystemLogsTable>): void {
    const task = this.repo
      .insert(row)
      .then(
        () => undefined,
        (err: unknown) => this.log.warn({ err }, 'system log not written'),
      )
      .finally(() => this.pending.delete(task));
    this.pending.add(task);
  }
}
