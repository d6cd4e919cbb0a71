import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, type LogEvent } from 'kysely';
import pg from 'pg';
import { existsSync } from 'node:fs';
import { PGliteDialect, type PoolStats } from './pglite-dialect.js';
import { loadTemplate } from '../../db/pglite-template.js';
import type { Database } from './schema.js';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  /** Connection counts for the metrics endpoint. */
  poolStats(): PoolStats;
  /**
   * PGlite only: the data directory as a gzip tarball, taken while holding the one connection (no transaction is
   * half-way through it). Null on PostgreSQL, whose backups are pg_dump's.
   */
  dumpDataDir: (() => Promise<Buffer>) | null;
  close(): Promise<void>;
}

export type { PoolStats };

const POOL_MAX = 10;

/**
 * PostgreSQL's default random_page_cost (4) assumes spinning disks; on SSDs and PGlite's in-memory files an index
 * lookup costs about as much as a sequential read, so the planner is told so and picks indexes for selective filters.
 */
const RANDOM_PAGE_COST = 1.1;

// Counts and sums come back as numbers, not strings; our counts stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

/** PostgreSQL when a URL is given, otherwise embedded PGlite (on disk under dataDir, or in memory). */
export async function connectDatabase(options: {
  databaseUrl: string | null;
  dataDir: string | null;
  onQuery?: (sql: string, parameters: readonly unknown[]) => void;
  onPoolError?: (error: Error) => void;
}): Promise<DatabaseHandle> {
  const onQuery = options.onQuery;
  const log = onQuery
    ? (event: LogEvent) => {
        if (event.level === 'query') onQuery(event.query.sql, event.query.parameters);
      }
    : undefined;
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: POOL_MAX, options: `-c random_page_cost=${RANDOM_PAGE_COST}` });
    // An idle connection the server drops (restart, failover, a dropped database) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (error) => options.onPoolError?.(error));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
    return {
      db,
      kind: 'postgres',
      poolStats: () => ({ max: POOL_MAX, open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      dumpDataDir: null,
      close: () => db.destroy(),
    };
  }
  const dir = options.dataDir ? `${options.dataDir}/pglite` : undefined;
  // A new database starts from the build's template: much faster than PGlite creating one from nothing.
  const loadDataDir = dir && existsSync(dir) ? undefined : loadTemplate();
  const pglite = new PGlite(dir, loadDataDir ? { loadDataDir } : {});
  await pglite.waitReady;
  await pglite.exec(`set random_page_cost = ${RANDOM_PAGE_COST}`);
  const dialect = new PGliteDialect(pglite);
  const db = new Kysely<Database>({ dialect, log });
  return {
    db,
    kind: 'pglite',
    poolStats: () => dialect.stats(),
    dumpDataDir: () => db.connection().execute(async () => Buffer.from(await (await pglite.dumpDataDir('gzip')).arrayBuffer())),
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}
