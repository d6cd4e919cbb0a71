import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { ConfigError, loadConfig } from './core/config.js';

/**
 * `npm run start:cluster`: several server processes on one port (Node's cluster module hands connections out in
 * turn), the production shape on one machine. Every process is stateless (sessions, messages, timers and locks live in
 * PostgreSQL), so the same processes can instead run on several machines behind any HTTP load balancer.
 *
 * The primary only supervises: it reads the configuration once (which also creates DATA_DIR/jwt-secret before any
 * worker reads it, so all of them sign with one key), forks WORKERS processes and replaces one that dies.
 */

const RESTART_WINDOW_MS = 60_000;
const MAX_RESTARTS_IN_WINDOW = 10;

export function workerCount(env: NodeJS.ProcessEnv = process.env): number {
  if (env.WORKERS === undefined || env.WORKERS === '') return Math.min(Math.max(availableParallelism(), 2), 8);
  const n = Number(env.WORKERS);
  if (!Number.isInteger(n) || n < 1 || n > 64) throw new ConfigError('WORKERS must be an integer from 1 to 64');
  return n;
}

function primary(): void {
  const config = loadConfig();
  if (!config.databaseUrl) {
    throw new ConfigError('start:cluster needs DATABASE_URL (PostgreSQL): the embedded PGlite database belongs to one process');
  }
  const workers = workerCount();
  console.log(`cluster: starting ${workers} server processes on port ${config.port}`);
  let stopping = false;
  const restarts: number[] = [];
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    const now = Date.now();
    while (restarts.length > 0 && now - restarts[0]! > RESTART_WINDOW_MS) restarts.shift();
    if (restarts.length >= MAX_RESTARTS_IN_WINDOW) {
      console.error(`cluster: ${restarts.length} processes died within a minute; giving up (last: pid ${worker.process.pid}, ${signal ?? code})`);
      process.exit(1);
    }
    restarts.push(now);
    console.warn(`cluster: process ${worker.process.pid} ended (${signal ?? code}); starting another`);
    cluster.fork();
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stopping = true;
      // Each worker closes gracefully on its own SIGTERM (main.ts); the primary leaves when the last one has.
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
      cluster.disconnect(() => process.exit(0));
    });
  }
  for (let i = 0; i < workers; i++) cluster.fork();
}

if (cluster.isPrimary) {
  try {
    primary();
  } catch (error) {
    console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
    process.exit(1);
  }
} else {
  await import('./main.js');
}
