import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../core/db/schema.js';
import { AppError } from '../../core/errors.js';
import { bearerToken } from '../../core/auth/tokens.js';

/**
 * How long readiness waits for `select 1`. Probes usually give up after a few seconds; a database that has not
 * answered a trivial query by then is as good as down (on PGlite also when a long query holds its one connection).
 */
export const READY_TIMEOUT_MS = 2000;

/** Resolves when the database answers `select 1` within the time-out; rejects otherwise. */
export async function checkDatabase(db: Kysely<Database>, timeoutMs = READY_TIMEOUT_MS): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`database did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    // The query is left to finish on its own after a time-out: cancelling it would need a second connection.
    await Promise.race([sql`select 1`.execute(db), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
/** Set by reverse proxies: a request carrying one came from somewhere else, although the proxy is on loopback. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/**
 * A caller on this machine talking to the server directly. The socket's address, not request.ip (which TRUST_PROXY
 * may take from a header), and no forwarding header: a reverse proxy on the same machine must not open the metrics to
 * the whole internet.
 */
export function isDirectLoopback(request: FastifyRequest): boolean {
  if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  return LOOPBACK.test(request.socket.remoteAddress ?? '');
}

/** Compared as digests so that neither the length nor the first wrong byte shows in the time taken. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** METRICS_TOKEN set: the bearer token must be it (401). Unset: direct loopback callers only (403). */
export function checkMetricsCaller(request: FastifyRequest, metricsToken: string | null): void {
  if (metricsToken) {
    const token = bearerToken(request.headers.authorization);
    if (!token || !sameSecret(token, metricsToken)) throw new AppError('health.metricsToken', {}, 401);
    return;
  }
  if (!isDirectLoopback(request)) throw new AppError('health.metricsLoopbackOnly', {}, 403);
}
