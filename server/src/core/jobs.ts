import { hostname } from 'node:os';
import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db/schema.js';
import { splitStatements } from './db/statements.js';

/**
 * The background job engine: pg-boss on the platform database (PGlite or PostgreSQL), reached through our own Kysely
 * connection, so a job can be queued inside the transaction of the change that causes it and PGlite's one connection
 * is shared fairly. pg-boss gives each job to one worker of one process (FOR UPDATE SKIP LOCKED), expires the lease
 * of a job whose process died and hands it out again, and keeps the queue's history (docs/jobs-design.md).
 *
 * The queues' tables are made by a migration (20261128115000_job_engine), never by pg-boss at start.
 */

/** Who runs a job: host and process id, as the task log shows it. */
export const PROCESS_NAME = `${hostname()}:${process.pid}`;

/** How long a stopping process waits for its running jobs before it leaves them to their leases. */
const STOP_GRACE_MS = 2000;
const MAX_LEASE_SECONDS = 23 * 3600;
const WAKE_SLOT_MS = 50;

export interface Job<T> {
  id: string;
  data: T;
  /** 0 on the first delivery; more when an earlier delivery's lease expired (its process died). */
  retryCount: number;
}

export interface QueueHandler<T> {
  /** Parallel workers per process (each takes one job at a time). */
  workers: number;
  run: (job: Job<T>) => Promise<void>;
}

export interface SendOptions {
  /** Not before this time. */
  startAfter?: Date;
  /** How long a delivery may run before its lease expires and another process takes the job. */
  leaseSeconds: number;
  /** Deliveries after the first when a lease expires (crashed processes), not retries of failed work. */
  takeovers?: number;
  /** Queue the job in this transaction: it exists only if the transaction commits. */
  executor?: Transaction<Database>;
}

export interface JobEngineOptions {
  /** Workers poll and maintenance runs in this process (false in tests: they call runPending). */
  background: boolean;
  /** How often an idle worker asks for a job. */
  pollingSeconds: number;
  /** How often expired leases are looked for (one process per interval does it). */
  maintenanceSeconds: number;
}

/**
 * pg-boss's database access over a Kysely instance or transaction. Its maintenance sends scripts of several
 * statements without parameters (begin, an advisory lock, the work, commit): they run one by one on one connection,
 * which PGlite needs (one statement per query) and PostgreSQL accepts.
 */
const sqlOf = (db: Kysely<Database> | Transaction<Database>) => ({
  executeSql: async (text: string, values: unknown[] = []) => {
    const statements = values.length === 0 ? splitStatements(text) : [text];
    if (statements.length <= 1) {
      const result = await db.executeQuery(CompiledQuery.raw(text, values));
      return { rows: result.rows as Record<string, unknown>[] };
    }
    const runAll = async (run: (query: CompiledQuery) => Promise<{ rows: unknown[] }>) => {
      let rows: unknown[] = [];
      for (const statement of statements) rows = (await run(CompiledQuery.raw(statement, []))).rows;
      return { rows: rows as Record<string, unknown>[] };
    };
    // A transaction already has its one connection; otherwise one is held for the whole script.
    if (db.isTransaction) return runAll((query) => db.executeQuery(query));
    return db.connection().execute((connection) => runAll((query) => connection.executeQuery(query)));
  },
});

export class JobEngine {
  private readonly boss: PgBoss;
  private readonly handlers = new Map<string, QueueHandler<never>>();
  private started = false;
  private loops: Promise<void>[] = [];
  /** Wakes idle workers (a queued job falls due, or the engine stops). */
  private readonly wake = new Set<() => void>();
  /** Wake-ups planned, one per WAKE_SLOT_MS (500 jobs due at one second are one wake-up). */
  private readonly wakeTimers = new Map<number, NodeJS.Timeout>();

  constructor(
    db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
    private readonly options: JobEngineOptions,
  ) {
    this.boss = new PgBoss({
      db: sqlOf(db),
      migrate: false,
      schedule: false,
      supervise: options.background,
      maintenanceIntervalSeconds: options.maintenanceSeconds,
    });
    this.boss.on('error', (error) => this.log.error({ err: error }, 'job engine'));
  }

  /** A queue's handler; call before start. The queue itself is made by a migration. */
  handle<T>(queue: string, handler: QueueHandler<T>): void {
    this.handlers.set(queue, handler as QueueHandler<never>);
  }

  async start(): Promise<void> {
    if (!this.options.background || this.started) return;
    this.started = true;
    // pg-boss's own supervision: expired leases handed out again, old jobs archived (one process per interval).
    await this.boss.start();
    for (const [queue, handler] of this.handlers) {
      for (let i = 0; i < handler.workers; i++) this.loops.push(this.workLoop(queue, handler));
    }
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    this.wakeTimers.forEach((timer) => clearTimeout(timer));
    this.wakeTimers.clear();
    this.wake.forEach((w) => w());
    // Jobs still running after the grace keep their lease: another process takes them over when it expires.
    await Promise.race([Promise.all(this.loops), new Promise((r) => setTimeout(r, STOP_GRACE_MS).unref?.())]);
    this.loops = [];
    await this.boss.stop({ graceful: false, wait: true });
  }

  /**
   * One worker: takes a job, runs it, and takes the next at once; waits the polling interval only when the queue had
   * nothing due. (pg-boss's own work loop waits the interval after every job, which caps a worker at a couple of
   * jobs a second.)
   */
  private async workLoop(queue: string, handler: QueueHandler<never>): Promise<void> {
    while (this.started) {
      let job: PgBoss.JobWithMetadata<never> | undefined;
      try {
        [job] = await this.boss.fetch<never>(queue, { batchSize: 1, includeMetadata: true });
      } catch (error) {
        this.log.error({ err: error }, `job engine: fetch ${queue}`);
      }
      if (job) await this.deliver(queue, handler, job);
      else await this.idle();
    }
  }

  /** Waits the polling interval, or less when the engine stops. */
  private idle(): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake.delete(done);
        resolve();
      };
      const timer = setTimeout(done, this.options.pollingSeconds * 1000);
      this.wake.add(done);
    });
  }

  /** Runs a fetched job; completes it, or fails it (pg-boss may hand it out again) when the handler throws. */
  private async deliver(queue: string, handler: QueueHandler<never>, job: PgBoss.JobWithMetadata<never>): Promise<void> {
    try {
      await handler.run({ id: job.id, data: job.data, retryCount: job.retryCount });
      await this.boss.complete(queue, job.id);
    } catch (error) {
      this.log.error({ err: error }, `job engine: ${queue} job ${job.id}`);
      await this.boss.fail(queue, job.id, { message: error instanceof Error ? error.message : String(error) }).catch(() => undefined);
    }
  }

  async send<T extends object>(queue: string, data: T, options: SendOptions): Promise<string> {
    const id = await this.boss.send(queue, data, {
      startAfter: options.startAfter,
      // pg-boss refuses leases of 24 hours or more.
      expireInSeconds: Math.min(MAX_LEASE_SECONDS, Math.max(1, Math.ceil(options.leaseSeconds))),
      retryLimit: options.takeovers ?? 5,
      retryDelay: 0,
      ...(options.executor ? { db: sqlOf(options.executor) } : {}),
    });
    if (!id) throw new Error(`job not queued on ${queue}`);
    this.wakeWorkersAt(options.startAfter);
    return id;
  }

  /**
   * Idle workers of this process look for jobs at the moment a job it queued for later falls due, rather than at
   * their next poll (up to JOB_POLL_MS late). A wake-up for a job that was never committed only costs one look.
   */
  private wakeWorkersAt(at: Date | undefined): void {
    if (!this.started || !at) return;
    const delay = at.getTime() - Date.now();
    const slot = Math.ceil(at.getTime() / WAKE_SLOT_MS);
    if (delay <= 0 || this.wakeTimers.has(slot)) return;
    const timer = setTimeout(
      () => {
        this.wakeTimers.delete(slot);
        this.wake.forEach((wake) => wake());
      },
      slot * WAKE_SLOT_MS - Date.now(),
    );
    timer.unref?.();
    this.wakeTimers.set(slot, timer);
  }

  /**
   * Runs the due jobs of a queue in this process, one after the other, and answers how many ran (tests, and
   * processes without background workers). A job whose handler throws is failed, so pg-boss may hand it out again.
   */
  async runPending(queue: string, max = 100): Promise<number> {
    const handler = this.handlers.get(queue);
    if (!handler) throw new Error(`no handler for ${queue}`);
    let ran = 0;
    while (ran < max) {
      const [job] = await this.boss.fetch<never>(queue, { batchSize: 1, includeMetadata: true });
      if (!job) break;
      ran += 1;
      await this.deliver(queue, handler, job);
    }
    return ran;
  }

  /** Expired leases handed out again now, instead of at the next maintenance round (tests). */
  async expireLeases(): Promise<void> {
    await this.boss.maintain();
  }
}
