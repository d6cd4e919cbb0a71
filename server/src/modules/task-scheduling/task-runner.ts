import type { TaskType } from '@app/contracts';
import type { Transaction } from 'kysely';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import type { Database } from '../../core/db/schema.js';
import { AppError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { translate, type MessageKey } from '../../core/i18n/index.js';
import { PROCESS_NAME, type Job } from '../../core/jobs.js';
import { isRefusal, planDue, readSchedule, type Schedule, type ScheduleSpec } from './schedule.js';
import type { LogRecord, RunEnd, TaskRecord, TaskSchedulingRepository } from './task-scheduling.repository.js';

/** The queue every scheduled run goes through (made by the job-engine migration). */
export const TASK_QUEUE = 'task-run';

export interface RunJob {
  logId: string;
}

/** Planner rounds: how often, how far ahead runs are queued (to start on time), and when a run counts as missed. */
export const PLAN_EVERY_MS = 1000;
const LOOK_AHEAD_MS = 2000;
const MISSED_AFTER_MS = 10_000;
const PLAN_BATCH = 200;
/** A run's lease is its time-out plus this; past it, another process takes the run over. */
const LEASE_GRACE_SECONDS = 15;
const HEARTBEAT_MS = 2000;
/** How long a run queued behind a running one waits before it looks again. */
const QUEUE_WAIT_MS = 2000;
const FINAL_STATES = new Set(['success', 'failed', 'timeout', 'skipped', 'replaced']);
const TEXT_MAX = 4000;

const clip = (text: string) => (text.length > TEXT_MAX ? `${text.slice(0, TEXT_MAX)}…` : text);

/** What a stored task says about when it runs; intervals count from `anchor`. */
export function taskScheduleSpec(task: TaskRecord, anchor: Date): ScheduleSpec {
  return {
    kind: task.schedule_type,
    cron: task.cron,
    intervalSeconds: task.interval_seconds,
    runAt: task.run_at ? task.run_at.toISOString() : null,
    timeZone: task.time_zone,
    anchor,
  };
}

/** The schedule a stored task describes; the planner's anchor for intervals is the task's next run. */
export function scheduleOfTask(task: TaskRecord, anchor: Date): Schedule | null {
  const schedule = readSchedule(taskScheduleSpec(task, anchor), anchor, { allowPast: true });
  return isRefusal(schedule) ? null : schedule;
}

/** The owner a run acts as: who saved the task last (their tenant; services' rules apply as for them). */
const ownerOf = (task: TaskRecord): AuthContext => ({
  userId: task.modified_by ?? task.created_by ?? '',
  tenantId: task.tenant_id,
  sessionId: `task:${task.id}`,
  account: '',
});

/**
 * Plans due occurrences into the job queue and runs queued ones (docs/jobs-design.md). Planning: each round locks
 * the due task rows (SKIP LOCKED: one planner per row), writes one log row per occurrence (unique per occurrence and
 * attempt) and queues its job in the same transaction, then moves the task's next run on. Running: the job names
 * its log row; the run's start is decided under the task row's lock (overlap policy), and it ends with the row's
 * final state, retries and alerts.
 */
export class TaskRunner {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly deps: AppDeps,
    private readonly repo: TaskSchedulingRepository,
  ) {}

  /** Makes this runner the task queue's handler (once per app). */
  handleQueue(): void {
    // PGlite is one connection: more workers would only queue behind each other.
    const workers = this.deps.config.jobWorkers ?? (this.deps.dbKind === 'pglite' ? 2 : 8);
    this.deps.jobs.handle<RunJob>(TASK_QUEUE, { workers, run: (job) => this.run(job) });
  }

  /** Planning rounds in the background, every second (a full batch goes again at once). */
  startPlanning(): void {
    if (this.timer) return;
    let running = false;
    const tick = async () => {
      if (running) return;
      running = true;
      try {
        while ((await this.plan()) === PLAN_BATCH);
      } catch (error) {
        this.deps.log.error({ err: error }, 'task planner');
      } finally {
        running = false;
      }
    };
    this.timer = setInterval(() => void tick(), PLAN_EVERY_MS);
    this.timer.unref?.();
  }

  stopPlanning(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One planning round; answers how many tasks were due. */
  plan(now = new Date()): Promise<number> {
    return this.repo.transaction(async (trx) => {
      const due = await this.repo.claimDue(trx, new Date(now.getTime() + LOOK_AHEAD_MS), PLAN_BATCH);
      for (const task of due) await this.planTask(trx, task, now);
      return due.length;
    });
  }

  private async planTask(trx: Transaction<Database>, task: TaskRecord, now: Date): Promise<void> {
    const dueAt = task.next_run_at!;
    const schedule = scheduleOfTask(task, dueAt);
    if (!schedule) {
      await this.repo.update(task.tenant_id, task.id, { next_run_at: null }, trx);
      return;
    }
    const plan = planDue(schedule, dueAt, now, task.misfire, task.misfire_cap, { graceMs: MISSED_AFTER_MS, lookAheadMs: LOOK_AHEAD_MS });
    if (plan.skipped > 0) {
      // One row says how many were not run (attempt 0: it never collides with a run of the same time).
      await this.repo.insertLog(trx, {
        ...this.logOf(task, dueAt, 'misfire', 0),
        state: 'skipped',
        ended_at: now,
        note_key: 'task.noteMissed',
        note_params: JSON.stringify({ count: plan.skipped }),
      });
    }
    for (const occurrence of plan.runs) {
      const log = this.logOf(task, occurrence.at, occurrence.missed ? 'misfire' : 'schedule', 1);
      if (occurrence.missed) Object.assign(log, { note_key: 'task.noteCaughtUp' });
      if (await this.repo.insertLog(trx, log)) {
        await this.queue(task, log.id, occurrence.at > now ? occurrence.at : undefined, trx);
      }
    }
    await this.repo.update(task.tenant_id, task.id, { next_run_at: plan.next }, trx);
  }

  private logOf(task: TaskRecord, at: Date, trigger: 'schedule' | 'misfire' | 'manual' | 'retry', attempt: number) {
    return {
      id: newId(),
      tenant_id: task.tenant_id,
      task_id: task.id,
      task_name: task.name,
      task_type: task.type,
      state: 'queued',
      trigger,
      scheduled_at: at,
      time_zone: task.time_zone,
      attempt,
    };
  }

  private queue(task: TaskRecord, logId: string, startAfter: Date | undefined, executor?: Transaction<Database>): Promise<string> {
    return this.deps.jobs.send<RunJob>(TASK_QUEUE, { logId }, { startAfter, leaseSeconds: task.timeout_seconds + LEASE_GRACE_SECONDS, executor });
  }

  /** Run now, outside the schedule: a manual run, queued; answers its log id. */
  async runNow(task: TaskRecord): Promise<string> {
    return this.repo.transaction(async (trx) => {
      const log = this.logOf(task, new Date(), 'manual', 1);
      await this.repo.insertLog(trx, log);
      await this.queue(task, log.id, undefined, trx);
      return log.id;
    });
  }

  /** Runs queued jobs in this process (tests, and the bench's single-process mode). */
  runPending(max?: number): Promise<number> {
    return this.deps.jobs.runPending(TASK_QUEUE, max);
  }

  /** One delivered job: decide whether and how it starts, run it, and record what happened. */
  async run(job: Job<RunJob>): Promise<void> {
    const decision = await this.repo.transaction((trx) => this.decideStart(trx, job.data.logId));
    if (decision.kind === 'done') return;
    if (decision.kind === 'wait') {
      await this.queue(decision.task, job.data.logId, new Date(Date.now() + QUEUE_WAIT_MS));
      return;
    }
    await this.execute(decision.task, decision.log);
  }

  private async decideStart(
    trx: Transaction<Database>,
    logId: string,
  ): Promise<{ kind: 'done' } | { kind: 'wait'; task: TaskRecord } | { kind: 'run'; task: TaskRecord; log: LogRecord }> {
    // The task's row is locked first (starts of one task's runs are decided one at a time); the run is read under it.
    const task = await this.repo.lockTaskOfRun(trx, logId);
    const log = await this.repo.findLog(trx, logId);
    if (!log || FINAL_STATES.has(log.state)) return { kind: 'done' };
    const now = new Date();
    // Planned runs of a stopped task do not start; a run that had started (taken over now) or a retry finishes what
    // it began, as stopping a task lets a running run end on its own.
    const planned = (log.trigger === 'schedule' || log.trigger === 'misfire') && log.state === 'queued';
    if (!task || (planned && task.enabled !== 1)) {
      await this.repo.setLog(trx, log.id, { state: 'skipped', ended_at: now, note_key: 'task.noteStopped', note_params: null });
      return { kind: 'done' };
    }
    let note: { key: string; params: Record<string, string | number> | null } | null = null;
    if (log.state === 'running') {
      // Handed out again: the process that had it stopped before it ended (its lease expired). Same run, new process.
      note = { key: 'task.noteTakenOver', params: { process: log.process ?? '?' } };
    } else {
      const others = await this.repo.runningRuns(trx, task.id, log.id);
      if (others.length > 0) {
        if (task.overlap === 'skip') {
          await this.repo.setLog(trx, log.id, { state: 'skipped', ended_at: now, note_key: 'task.noteSkippedOverlap', note_params: null });
          return { kind: 'done' };
        }
        if (task.overlap === 'queue') {
          if (log.note_key !== 'task.noteWaiting') await this.repo.setLog(trx, log.id, { note_key: 'task.noteWaiting', note_params: null });
          return { kind: 'wait', task };
        }
        await this.repo.replaceRunning(
          trx,
          others.map((o) => o.id),
        );
        note = { key: 'task.noteReplacing', params: null };
      }
    }
    await this.repo.setLog(trx, log.id, {
      state: 'running',
      started_at: now,
      heartbeat_at: now,
      process: PROCESS_NAME,
      ...(note
        ? { note_key: note.key, note_params: note.params ? JSON.stringify(note.params) : null }
        : log.note_key === 'task.noteWaiting'
          ? { note_key: null }
          : {}),
    });
    return { kind: 'run', task, log: { ...log, process: PROCESS_NAME } };
  }

  private async execute(task: TaskRecord, log: LogRecord): Promise<void> {
    const type = this.deps.taskTypes.get(task.type as TaskType);
    const controller = new AbortController();
    const started = new Date();
    const timeoutMs = task.timeout_seconds * 1000;
    const deadline = setTimeout(() => controller.abort('timeout'), timeoutMs);
    const beat = setInterval(() => {
      void this.repo.heartbeat(log.id, PROCESS_NAME).then(
        (mine) => {
          if (!mine) controller.abort('replaced');
        },
        () => undefined,
      );
    }, HEARTBEAT_MS);
    let end: RunEnd;
    try {
      if (!type) throw new AppError('task.typeUnknown', { type: task.type }, 400);
      const aborted = new Promise<never>((_, reject) => controller.signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true }));
      const outcome = await Promise.race([type.run({ auth: ownerOf(task), config: task.config, signal: controller.signal, timeoutMs }), aborted]);
      end = {
        state: 'success',
        result: { key: outcome.summary.key, params: outcome.summary.params ?? null, detail: outcome.detail ? clip(outcome.detail) : null },
        error: null,
        sql: outcome.sql ?? null,
      };
    } catch (error) {
      if (controller.signal.reason === 'replaced') return;
      if (controller.signal.reason === 'timeout') {
        end = { state: 'timeout', result: null, error: null, sql: null, noteKey: 'task.noteTimeout', noteParams: { seconds: task.timeout_seconds } };
      } else {
        end = { state: 'failed', result: null, error: errorOf(error), sql: null };
      }
    } finally {
      clearTimeout(deadline);
      clearInterval(beat);
    }
    if (!(await this.repo.finishLog(log.id, PROCESS_NAME, end, started))) return;
    const retrying = end.state !== 'success' && log.attempt <= task.retry_count;
    // The list shows every attempt as the last run; failures in a row count runs whose retries are used up.
    const outcome = await this.repo.recordOutcome(task.id, end.state, retrying ? 'unchanged' : end.state !== 'success');
    if (retrying) {
      await this.retry(task, log);
      return;
    }
    if (end.state !== 'success' && outcome && task.alert_after > 0 && outcome.failures % task.alert_after === 0) {
      const error = end.error?.key ? translate('zh-CN', end.error.key as MessageKey, end.error.params ?? {}) : end.error?.text;
      await this.alert(task, outcome.failures, error ?? translate('zh-CN', 'task.noteTimeout', { seconds: task.timeout_seconds }));
    }
  }

  /** The next attempt of a failed run, after the back-off (the first delay, doubled each time). */
  private async retry(task: TaskRecord, log: LogRecord): Promise<void> {
    const delaySeconds = Math.min(task.retry_delay_seconds * 2 ** (log.attempt - 1), 24 * 3600);
    await this.repo.transaction(async (trx) => {
      const next = { ...this.logOf(task, log.scheduled_at, 'retry', log.attempt + 1) };
      if (!(await this.repo.insertLog(trx, next))) return;
      await this.repo.setLog(trx, log.id, { note_key: 'task.noteRetryNext', note_params: JSON.stringify({ seconds: delaySeconds, attempt: log.attempt }) });
      await this.queue(task, next.id, new Date(Date.now() + delaySeconds * 1000), trx);
    });
  }

  private async alert(task: TaskRecord, failures: number, error: string): Promise<void> {
    if (task.alert_user_ids.length === 0) return;
    try {
      await this.deps.messages.notify(task.tenant_id, task.alert_user_ids, {
        type: 11,
        title: translate('zh-CN', 'task.alertTitle', { name: task.name }),
        content: translate('zh-CN', 'task.alertContent', { name: task.name, count: failures, error: error.slice(0, 500) }),
        objectId: task.id,
      });
    } catch (e) {
      this.deps.log.error({ err: e }, 'task alert');
    }
  }
}

/** A failed run's error: our messages as their key (each reader sees their language), anything else as thrown. */
function errorOf(error: unknown): RunEnd['error'] {
  if (error instanceof AppError) return { key: error.key, params: error.params, text: null };
  return { key: null, params: null, text: clip(error instanceof Error ? error.message : String(error)) };
}
