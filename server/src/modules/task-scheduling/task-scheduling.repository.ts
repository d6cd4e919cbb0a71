import { sql, type Insertable, type Kysely, type Selectable, type Transaction, type Updateable } from 'kysely';
import type { Database } from '../../core/db/schema.js';
import { containsPattern, fetchPage } from '../../core/db/helpers.js';
import type { TaskScheduleLogsTable, TaskSchedulesTable } from './tables.js';

export type TaskRecord = Selectable<TaskSchedulesTable>;
export type TaskValues = Omit<Insertable<TaskSchedulesTable>, 'id' | 'tenant_id' | 'created_at'>;
export type LogRecord = Selectable<TaskScheduleLogsTable>;
type Executor = Kysely<Database> | Transaction<Database>;

export interface TaskFilter {
  page: number;
  size: number;
  keyword?: string;
  state?: number;
  type?: string;
}

export interface LogFilter {
  page: number;
  size: number;
  keyword?: string;
  taskId?: string;
  state?: string;
  from?: Date;
  to?: Date;
}

/** A run's final fields. */
export interface RunEnd {
  state: 'success' | 'failed' | 'timeout';
  result: { key: string; params: Record<string, string | number> | null; detail: string | null } | null;
  error: { key: string | null; params: Record<string, string | number> | null; text: string | null } | null;
  sql: string | null;
  noteKey?: string | null;
  noteParams?: Record<string, string | number> | null;
}

/** A run's time as 'yyyy-MM-dd HH:mm:ss' in the zone of its task (null stays null). */
const inZone = (column: 'l.scheduled_at' | 'l.started_at' | 'l.ended_at') =>
  sql<string>`to_char(${sql.ref(column)} at time zone l.time_zone, 'YYYY-MM-DD HH24:MI:SS')`;

/** Scheduled tasks and their run log: all SQL of the feature. */
export class TaskSchedulingRepository {
  constructor(private readonly db: Kysely<Database>) {}

  transaction<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  // ---------- tasks ----------

  async insert(tenantId: string, id: string, values: TaskValues): Promise<void> {
    await this.db
      .insertInto('task_schedules')
      .values({ ...values, id, tenant_id: tenantId })
      .execute();
  }

  async update(tenantId: string, id: string, values: Updateable<TaskSchedulesTable>, executor: Executor = this.db): Promise<boolean> {
    const result = await executor.updateTable('task_schedules').set(values).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async remove(tenantId: string, id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('task_schedules').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  find(tenantId: string, id: string, executor: Executor = this.db): Promise<TaskRecord | undefined> {
    return executor.selectFrom('task_schedules').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  }

  /** The task of a run, its row locked for this transaction (starts of its runs are decided one at a time). */
  lockTaskOfRun(trx: Transaction<Database>, logId: string): Promise<TaskRecord | undefined> {
    return trx
      .selectFrom('task_schedules')
      .selectAll()
      .where('id', '=', (eb) => eb.selectFrom('task_schedule_logs').select('task_id').where('id', '=', logId))
      .forUpdate()
      .executeTakeFirst();
  }

  page(tenantId: string, f: TaskFilter): Promise<{ Rows: TaskRecord[]; Total: number }> {
    let query = this.db.selectFrom('task_schedules').where('tenant_id', '=', tenantId);
    if (f.keyword) {
      const pattern = containsPattern(f.keyword);
      query = query.where((eb) => eb.or([eb('name', 'ilike', pattern), eb('description', 'ilike', pattern)]));
    }
    if (f.state !== undefined) query = query.where('enabled', '=', f.state);
    if (f.type) query = query.where('type', '=', f.type);
    return fetchPage(query.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'), f);
  }

  /**
   * Enabled tasks whose next run is due by `horizon`, locked for this transaction and skipped by every other
   * process's planner while it lasts: each occurrence is planned by one process.
   */
  claimDue(trx: Transaction<Database>, horizon: Date, limit: number): Promise<TaskRecord[]> {
    return trx
      .selectFrom('task_schedules')
      .selectAll()
      .where('enabled', '=', 1)
      .where('next_run_at', '<=', horizon)
      .orderBy('next_run_at')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
  }

  /** After a run: its state, and the failures in a row (answered, for the alert): one more, back to 0, or as they were. */
  async recordOutcome(id: string, state: string, failed: boolean | 'unchanged'): Promise<{ failures: number } | undefined> {
    return this.db
      .updateTable('task_schedules')
      .set({
        last_run_at: new Date(),
        last_state: state,
        ...(failed === 'unchanged' ? {} : { consecutive_failures: failed ? sql<number>`consecutive_failures + 1` : 0 }),
      })
      .where('id', '=', id)
      .returning('consecutive_failures as failures')
      .executeTakeFirst();
  }

  async userNames(tenantId: string, ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.selectFrom('users').select(['id', 'real_name']).where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
    return new Map(rows.map((r) => [r.id, r.real_name]));
  }

  // ---------- runs ----------

  /** A planned occurrence; false when the same occurrence is already in the log (another planner was first). */
  async insertLog(executor: Executor, log: Insertable<TaskScheduleLogsTable>): Promise<boolean> {
    const result = await executor
      .insertInto('task_schedule_logs')
      .values(log)
      .onConflict((oc) => oc.columns(['task_id', 'scheduled_at', 'attempt']).where('trigger', 'in', ['schedule', 'misfire', 'retry']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
  }

  findLog(executor: Executor, id: string): Promise<LogRecord | undefined> {
    return executor.selectFrom('task_schedule_logs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Other runs of the task that are still running (at most a few). */
  runningRuns(trx: Transaction<Database>, taskId: string, exceptId: string): Promise<Pick<LogRecord, 'id' | 'process'>[]> {
    return trx
      .selectFrom('task_schedule_logs')
      .select(['id', 'process'])
      .where('task_id', '=', taskId)
      .where('state', '=', 'running')
      .where('id', '<>', exceptId)
      .execute();
  }

  async setLog(executor: Executor, id: string, values: Updateable<TaskScheduleLogsTable>): Promise<void> {
    await executor.updateTable('task_schedule_logs').set(values).where('id', '=', id).execute();
  }

  /** Marks other running runs of a task replaced: their processes see it at their next heartbeat and stop. */
  async replaceRunning(trx: Transaction<Database>, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await trx
      .updateTable('task_schedule_logs')
      .set({ state: 'replaced', ended_at: new Date(), note_key: 'task.noteReplaced', note_params: null })
      .where('id', 'in', ids)
      .where('state', '=', 'running')
      .execute();
  }

  /** The run's heartbeat; answers whether it is still this process's running run (false: replaced or taken over). */
  async heartbeat(id: string, process: string): Promise<boolean> {
    const result = await this.db
      .updateTable('task_schedule_logs')
      .set({ heartbeat_at: new Date() })
      .where('id', '=', id)
      .where('state', '=', 'running')
      .where('process', '=', process)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Ends a run that is still this process's; false when it was replaced or taken over meanwhile. */
  async finishLog(id: string, process: string, end: RunEnd, started: Date): Promise<boolean> {
    const now = new Date();
    const result = await this.db
      .updateTable('task_schedule_logs')
      .set({
        state: end.state,
        ended_at: now,
        duration_ms: Math.max(0, now.getTime() - started.getTime()),
        result_key: end.result?.key ?? null,
        result_params: end.result?.params ? JSON.stringify(end.result.params) : null,
        result: end.result?.detail ?? null,
        error_key: end.error?.key ?? null,
        error_params: end.error?.params ? JSON.stringify(end.error.params) : null,
        error: end.error?.text ?? null,
        sql_text: end.sql,
        ...(end.noteKey !== undefined ? { note_key: end.noteKey, note_params: end.noteParams ? JSON.stringify(end.noteParams) : null } : {}),
      })
      .where('id', '=', id)
      .where('state', '=', 'running')
      .where('process', '=', process)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  logPage(tenantId: string, f: LogFilter) {
    let query = this.db.selectFrom('task_schedule_logs as l').where('l.tenant_id', '=', tenantId);
    if (f.taskId) query = query.where('l.task_id', '=', f.taskId);
    if (f.state) query = query.where('l.state', '=', f.state);
    if (f.from) query = query.where('l.created_at', '>=', f.from);
    if (f.to) query = query.where('l.created_at', '<', f.to);
    if (f.keyword) {
      const pattern = containsPattern(f.keyword);
      query = query.where((eb) => eb.or([eb('l.task_name', 'ilike', pattern), eb('l.error', 'ilike', pattern)]));
    }
    return fetchPage(
      query
        .select([
          'l.id',
          'l.task_id',
          'l.task_name',
          'l.task_type',
          'l.state',
          'l.trigger',
          inZone('l.scheduled_at').as('scheduled'),
          inZone('l.started_at').as('started'),
          inZone('l.ended_at').as('ended'),
          'l.duration_ms',
          'l.attempt',
          'l.result_key',
          'l.result_params',
          'l.result',
          'l.error_key',
          'l.error_params',
          'l.error',
          'l.process',
          'l.note_key',
          'l.note_params',
          'l.sql_text',
        ])
        .orderBy('l.created_at', 'desc')
        .orderBy('l.id', 'desc'),
      f,
    );
  }

  async removeLog(tenantId: string, id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('task_schedule_logs').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Finished log rows older than `before` (the clear-old-logs task); running and queued ones stay. */
  async removeLogsBefore(tenantId: string, before: Date): Promise<number> {
    const result = await this.db
      .deleteFrom('task_schedule_logs')
      .where('tenant_id', '=', tenantId)
      .where('created_at', '<', before)
      .where('state', 'not in', ['queued', 'running'])
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
