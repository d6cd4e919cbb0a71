import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { DatabaseHandle } from './connect.js';

const FIRST_RUN_MS = 60_000;
const INTERVAL_MS = 6 * 3600_000;

/**
 * PGlite runs no autovacuum, so planner statistics and the visibility map (index-only scans) would go stale.
 * The embedded database is vacuumed and analysed a minute after start and every six hours; PostgreSQL servers
 * do this themselves.
 */
export function schedulePgliteMaintenance(database: DatabaseHandle, log: FastifyBaseLogger): () => void {
  if (database.kind !== 'pglite') return () => {};
  const run = async () => {
    const started = Date.now();
    try {
      await sql`vacuum analyze`.execute(database.db);
      log.info({ ms: Date.now() - started }, 'PGlite vacuum analyze done');
    } catch (error) {
      log.warn({ err: error }, 'PGlite vacuum analyze failed');
    }
  };
  const first = setTimeout(run, FIRST_RUN_MS);
  const every = setInterval(run, INTERVAL_MS);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
