import {
  TASK_TYPES,
  type TaskLogQuery,
  type TaskLogRow,
  type TaskSchedulePreview,
  type TaskSchedulePreviewBody,
  type TaskSchedulingDetail,
  type TaskSchedulingInput,
  type TaskSchedulingQuery,
  type TaskSchedulingRow,
  type TaskTypeInfo,
  type TaskRunState,
  taskSchedulePreviewBody,
  taskSchedulingBody,
  taskSchedulingPermissions,
  type excelImportBody,
  excelImportPermissions,
  type ExcelImportBody,
} from '@app/contracts';
import type { z } from 'zod';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import { parseLocalTime } from '../../core/db/helpers.js';
import { AppError, forbidden } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { translate, type Lang, type MessageKey } from '../../core/i18n/index.js';
import { DEFAULT_TIME_ZONE, localDateTime } from '../../core/time-zone.js';
import { isRefusal, nextRun, nextRuns, readSchedule, type Schedule } from './schedule.js';
import { TaskSchedulingRepository, type TaskRecord, type TaskValues } from './task-scheduling.repository.js';
import { TaskRunner, taskScheduleSpec } from './task-runner.js';

const DAY_MS = 86_400_000;

/** A summary line over its detail; null when there is neither. */
const joinLines = (summary: string | null, detail: string | null) => [summary, detail].filter((x) => x).join('\n') || null;

/** The import-template update PUT /task-scheduling/{id} forwards to (it looks the template up, then parses the body). */
export type ImportTemplateUpdate = (
  auth: AuthContext,
  id: string,
  body: unknown,
  parse: (schema: typeof excelImportBody, body: unknown) => ExcelImportBody,
) => Promise<void>;

/** A body checked in the service (the route accepts either shape): issues answer 400 as route validation does. */
function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const detail = parsed.error.issues
    .slice(0, 5)
    .map(
      (issue) =>
        `body.${issue.path.join('.')}: ${issue.message.includes('.') && !issue.message.includes(' ') ? translate('zh-CN', issue.message as MessageKey) : issue.message}`,
    )
    .join('; ');
  throw new AppError('error.validation', { detail }, 400);
}
const notFound = (id: string) => new AppError('task.notFound', { id }, 404);

/**
 * Scheduled tasks (docs/jobs-design.md): the tenant's schedules, their start and stop, run-now, the schedule preview
 * and the run log. Running is the TaskRunner's; this service keeps the rows and the next run time right.
 */
export class TaskSchedulingService {
  readonly repo: TaskSchedulingRepository;
  readonly runner: TaskRunner;

  constructor(private readonly deps: AppDeps) {
    this.repo = new TaskSchedulingRepository(deps.db);
    this.runner = new TaskRunner(deps, this.repo);
    this.runner.handleQueue();
  }

  private get platformZone(): string {
    return this.deps.config.timeZone ?? DEFAULT_TIME_ZONE;
  }

  types(): TaskTypeInfo[] {
    return TASK_TYPES.filter((key) => this.deps.taskTypes.has(key)).map((key) => ({ key }));
  }

  async page(auth: AuthContext, q: TaskSchedulingQuery): Promise<{ Rows: TaskSchedulingRow[]; Total: number }> {
    const page = await this.repo.page(auth.tenantId, { page: q.limit, size: q.size, keyword: q.keyword || undefined, state: q.state, type: q.type });
    return { Rows: page.Rows.map((t) => this.rowOf(t)), Total: page.Total };
  }

  async detail(auth: AuthContext, id: string): Promise<TaskSchedulingDetail> {
    const task = await this.repo.find(auth.tenantId, id);
    if (!task) throw notFound(id);
    const names = await this.repo.userNames(auth.tenantId, task.alert_user_ids);
    return {
      ...this.rowOf(task),
      F_Config: task.config,
      F_Misfire: task.misfire,
      F_MisfireCap: task.misfire_cap,
      F_Overlap: task.overlap,
      F_TimeoutSeconds: task.timeout_seconds,
      F_RetryCount: task.retry_count,
      F_RetryDelaySeconds: task.retry_delay_seconds,
      F_AlertAfter: task.alert_after,
      F_AlertUserIds: task.alert_user_ids,
      F_AlertUserNames: task.alert_user_ids.map((u) => names.get(u) ?? u),
    };
  }

  async add(auth: AuthContext, body: TaskSchedulingInput): Promise<string> {
    const id = newId();
    const values = await this.valuesOf(auth, body);
    await this.repo.insert(auth.tenantId, id, { ...values, created_by: auth.userId, created_by_name: await this.nameOf(auth) });
    return id;
  }

  async update(auth: AuthContext, id: string, body: TaskSchedulingInput): Promise<void> {
    if (!(await this.repo.find(auth.tenantId, id))) throw notFound(id);
    const values = await this.valuesOf(auth, body);
    if (!(await this.repo.update(auth.tenantId, id, { ...values, modified_at: new Date() }))) throw notFound(id);
  }

  /**
   * PUT /task-scheduling/{id}: a scheduled task's update, or, when the id is an import template's, that template's
   * (the spec's client sends template updates to this address). Each needs its own edit button, checked first.
   */
  async updateTaskOrImportTemplate(auth: AuthContext, id: string, body: unknown, importTemplates: ImportTemplateUpdate): Promise<void> {
    const [mayEditTask, mayEditTemplate] = await Promise.all([
      this.deps.grants.hasAny(auth, [taskSchedulingPermissions.edit]),
      this.deps.grants.hasAny(auth, [excelImportPermissions.importEdit]),
    ]);
    if (!mayEditTask && !mayEditTemplate) throw forbidden(taskSchedulingPermissions.edit);
    if (await this.repo.find(auth.tenantId, id)) {
      if (!mayEditTask) throw forbidden(taskSchedulingPermissions.edit);
      return this.update(auth, id, parseBody(taskSchedulingBody, body));
    }
    if (!mayEditTemplate) throw notFound(id);
    return importTemplates(auth, id, body, parseBody);
  }

  async remove(auth: AuthContext, id: string): Promise<void> {
    // Runs already queued find no task and end as skipped; their log rows stay until deleted.
    if (!(await this.repo.remove(auth.tenantId, id))) throw notFound(id);
  }

  /** PATCH start: runs on schedule from now on (the next run counted from now). */
  async start(auth: AuthContext, id: string): Promise<void> {
    const task = await this.repo.find(auth.tenantId, id);
    if (!task) throw notFound(id);
    const next = nextRun(this.scheduleOf(task, new Date(), false), new Date());
    if (!next) throw new AppError('task.nothingLeft', {}, 400);
    await this.repo.update(auth.tenantId, id, { enabled: 1, next_run_at: next, consecutive_failures: 0 });
  }

  /** PATCH stop: no further runs are planned; one already running ends on its own. */
  async stop(auth: AuthContext, id: string): Promise<void> {
    if (!(await this.repo.update(auth.tenantId, id, { enabled: 0, next_run_at: null }))) throw notFound(id);
  }

  async runNow(auth: AuthContext, id: string): Promise<string> {
    const task = await this.repo.find(auth.tenantId, id);
    if (!task) throw notFound(id);
    return this.runner.runNow(task);
  }

  preview(body: TaskSchedulePreviewBody): TaskSchedulePreview {
    const spec = taskSchedulePreviewBody.parse(body);
    const timeZone = spec.F_TimeZone || this.platformZone;
    const now = new Date();
    const schedule = this.readOrThrow(
      { kind: spec.F_ScheduleType, cron: spec.F_Cron, intervalSeconds: spec.F_IntervalSeconds ?? null, runAt: spec.F_RunAt ?? null, timeZone, anchor: now },
      now,
      false,
    );
    return { times: nextRuns(schedule, now, 5).map((t) => localDateTime(t, timeZone)), timeZone };
  }

  async logPage(auth: AuthContext, lang: Lang, q: TaskLogQuery): Promise<{ Rows: TaskLogRow[]; Total: number }> {
    const from = q.startTime ? parseLocalTime(q.startTime) : undefined;
    const to = q.endTime ? new Date(parseLocalTime(q.endTime).getTime() + (q.endTime.trim().length === 10 ? DAY_MS : 1000)) : undefined;
    if ((from && Number.isNaN(from.getTime())) || (to && Number.isNaN(to.getTime())))
      throw new AppError('error.validation', { detail: 'startTime / endTime: yyyy-MM-dd [HH:mm:ss]' }, 400);
    const page = await this.repo.logPage(auth.tenantId, {
      page: q.limit,
      size: q.size,
      keyword: q.keyword || undefined,
      taskId: q.taskId || undefined,
      state: q.state,
      from,
      to,
    });
    return {
      Total: page.Total,
      Rows: page.Rows.map((l) => ({
        F_Id: l.id,
        F_TaskId: l.task_id,
        F_TaskName: l.task_name,
        F_TaskType: l.task_type,
        F_State: l.state as TaskRunState,
        F_Trigger: l.trigger as TaskLogRow['F_Trigger'],
        F_ScheduledTime: l.scheduled,
        F_StartTime: l.started,
        F_EndTime: l.ended,
        F_Duration: l.duration_ms,
        F_Attempt: l.attempt,
        F_Result: joinLines(l.result_key ? translate(lang, l.result_key as MessageKey, l.result_params ?? {}) : null, l.result),
        F_Error: joinLines(l.error_key ? translate(lang, l.error_key as MessageKey, l.error_params ?? {}) : null, l.error),
        F_Process: l.process,
        F_Note: l.note_key ? translate(lang, l.note_key as MessageKey, l.note_params ?? {}) : null,
        F_Sql: l.sql_text,
      })),
    };
  }

  async removeLog(auth: AuthContext, id: string): Promise<void> {
    if (!(await this.repo.removeLog(auth.tenantId, id))) throw new AppError('task.logNotFound', { id }, 404);
  }

  // ---------- rules ----------

  private async valuesOf(auth: AuthContext, body: TaskSchedulingInput): Promise<TaskValues> {
    const type = this.deps.taskTypes.get(body.F_Type);
    if (!type) throw new AppError('task.typeUnknown', { type: body.F_Type }, 400);
    const parsed = type.config.safeParse(body.F_Config);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const reason = issue.message.startsWith('task.') ? translate('zh-CN', issue.message as MessageKey) : `${issue.path.join('.')}: ${issue.message}`;
      throw new AppError('task.configInvalid', { reason }, 400);
    }
    await type.check?.(auth, parsed.data);
    const timeZone = body.F_TimeZone || this.platformZone;
    const now = new Date();
    const enabled = body.F_EnabledMark === 1;
    const schedule = this.readOrThrow(
      { kind: body.F_ScheduleType, cron: body.F_Cron, intervalSeconds: body.F_IntervalSeconds ?? null, runAt: body.F_RunAt ?? null, timeZone, anchor: now },
      now,
      !enabled,
    );
    const alertUsers = [...new Set(body.F_AlertUserIds)];
    const names = await this.repo.userNames(auth.tenantId, alertUsers);
    const unknown = alertUsers.find((u) => !names.has(u));
    if (unknown) throw new AppError('task.alertUserUnknown', { id: unknown }, 400);
    return {
      name: body.F_Name,
      type: body.F_Type,
      config: JSON.stringify(parsed.data),
      schedule_type: body.F_ScheduleType,
      cron: body.F_ScheduleType === 'cron' ? body.F_Cron.trim().replace(/\s+/g, ' ') : '',
      interval_seconds: body.F_ScheduleType === 'interval' ? (body.F_IntervalSeconds ?? null) : null,
      run_at: schedule.kind === 'once' ? schedule.at : null,
      time_zone: timeZone,
      misfire: body.F_Misfire,
      misfire_cap: body.F_MisfireCap,
      overlap: body.F_Overlap,
      timeout_seconds: body.F_TimeoutSeconds,
      retry_count: body.F_RetryCount,
      retry_delay_seconds: body.F_RetryDelaySeconds,
      alert_after: body.F_AlertAfter,
      alert_user_ids: JSON.stringify(alertUsers),
      description: body.F_Description,
      enabled: enabled ? 1 : 0,
      next_run_at: enabled ? nextRun(schedule, now) : null,
      modified_by: auth.userId,
    };
  }

  private readOrThrow(spec: Parameters<typeof readSchedule>[0], now: Date, allowPast: boolean): Schedule {
    const schedule = readSchedule(spec, now, { allowPast });
    if (isRefusal(schedule)) {
      const { key, ...params } = schedule;
      throw new AppError(key, params, 400);
    }
    return schedule;
  }

  private scheduleOf(task: TaskRecord, anchor: Date, allowPast: boolean): Schedule {
    return this.readOrThrow(taskScheduleSpec(task, anchor), anchor, allowPast);
  }

  private async nameOf(auth: AuthContext): Promise<string | null> {
    return (await this.repo.userNames(auth.tenantId, [auth.userId])).get(auth.userId) ?? null;
  }

  private rowOf(t: TaskRecord): TaskSchedulingRow {
    const zone = t.time_zone;
    const at = (d: Date | null) => (d ? localDateTime(d, zone) : null);
    return {
      F_Id: t.id,
      F_Name: t.name,
      F_Type: t.type,
      F_ScheduleType: t.schedule_type,
      F_Cron: t.cron,
      F_IntervalSeconds: t.interval_seconds,
      F_RunAt: at(t.run_at),
      F_TimeZone: zone,
      F_EnabledMark: t.enabled,
      F_NextRunTime: t.enabled === 1 ? at(t.next_run_at) : null,
      F_LastRunTime: at(t.last_run_at),
      F_LastState: (t.last_state as TaskRunState | null) ?? null,
      F_ConsecutiveFailures: t.consecutive_failures,
      F_Description: t.description,
      F_CreateUserName: t.created_by_name,
      F_CreateDate: localDateTime(t.created_at, this.platformZone),
    };
  }
}
