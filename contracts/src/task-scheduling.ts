import { z } from 'zod';
import type { PermissionsOf } from './common/permissions.js';
import { pageQuery } from './common/paging.js';

/** Permission keys: scheduled tasks (系统管理 › 定时任务) and their run log (任务日志). */
export const taskSchedulingPermissions = {
  list: 'system.task.list',
  add: 'system.task.add',
  edit: 'system.task.edit',
  delete: 'system.task.delete',
  /** Start and stop (PATCH /task-scheduling/{id}/start, /stop). */
  toggle: 'system.task.toggle',
  /** Run now, once, outside the schedule. */
  run: 'system.task.run',
  logList: 'system.taskLog.list',
  logDelete: 'system.taskLog.delete',
} as const;
declare module './common/permissions.js' {
  interface ModulePermissions extends PermissionsOf<typeof taskSchedulingPermissions> {}
}

/**
 * The task types a schedule may run. They come only from this list (the server's registry implements each one);
 * nobody types a class name or a script. Later features add their keys here and register their runner.
 */
export const TASK_TYPES = ['sql', 'interface', 'clearLogs', 'clearFileTrash', 'reportDelivery'] as const;
export type TaskType = (typeof TASK_TYPES)[number];

/** Each type's settings (F_Config), checked by the server with the type's schema before a schedule is saved. */
export const taskTypeConfigs = {
  /** SQL on a database link: read-only unless the link allows writes for scheduled tasks. */
  sql: z.object({
    dbLinkId: z.string('task.configDbLink').trim().min(1, 'task.configDbLink').max(64),
    sql: z.string('task.configSql').trim().min(1, 'task.configSql').max(20_000, 'task.configSql'),
  }),
  /** A defined outbound interface, called with these parameters (the data platform's address guard applies). */
  interface: z.object({
    interfaceId: z.string('task.configInterface').trim().min(1, 'task.configInterface').max(64),
    params: z.record(z.string().max(100), z.string().max(2000)).default({}),
  }),
  /** Deletes the operation, exception and sign-in logs older than keepDays. */
  clearLogs: z.object({ keepDays: z.coerce.number().int().min(1).max(3650).default(90) }),
  /** Deletes files that have been in the file manager's trash longer than keepDays. */
  clearFileTrash: z.object({ keepDays: z.coerce.number().int().min(0).max(3650).default(30) }),
  /** A report exported with fixed parameters into each recipient's file manager, with a message (docs/reports-design.md). */
  reportDelivery: z.object({
    reportId: z.string('task.configReport').trim().min(1, 'task.configReport').max(64),
    params: z.record(z.string().max(64), z.union([z.string().max(500), z.array(z.string().max(100)).max(2)])).default({}),
    format: z.enum(['xlsx', 'pdf']).default('xlsx'),
    recipients: z.array(z.string().trim().min(1).max(64)).min(1, 'task.configRecipients').max(200),
  }),
} as const satisfies Record<TaskType, z.ZodType>;
export type TaskConfigOf<T extends TaskType> = z.infer<(typeof taskTypeConfigs)[T]>;

/** How a schedule fires: a cron expression (seconds optional), a fixed interval, or once at a time. */
export const SCHEDULE_KINDS = ['cron', 'interval', 'once'] as const;
/** Runs missed while every server was down: none, one now, or each of them (at most F_MisfireCap). */
export const MISFIRE_POLICIES = ['skip', 'once', 'all'] as const;
/** A run falls due while the previous one is still running: skip the new run, queue it, or stop the old one. */
export const OVERLAP_POLICIES = ['skip', 'queue', 'replace'] as const;
/** A run's outcome in the log. */
export const TASK_RUN_STATES = ['queued', 'running', 'success', 'failed', 'timeout', 'skipped', 'replaced'] as const;
export type TaskRunState = (typeof TASK_RUN_STATES)[number];
/** Why a run started. */
export const TASK_TRIGGERS = ['schedule', 'misfire', 'manual', 'retry'] as const;

/** Limits the server enforces (and the form shows). */
export const TASK_LIMITS = {
  /** Runs closer together than this are refused: a scheduled task is not a ticker. */
  minGapSeconds: 5,
  maxIntervalSeconds: 366 * 86_400,
  /** 12 hours: a run's lease (its time-out plus a grace) must stay under the job queue's 24-hour limit. */
  maxTimeoutSeconds: 43_200,
  maxRetries: 10,
  maxRetryDelaySeconds: 3600,
  maxMisfireCap: 100,
  maxAlertUsers: 50,
  cronLength: 120,
} as const;

const id = z.string().trim().min(1).max(64);

/** POST /task-scheduling and PUT /task-scheduling/{id}. Types of F_Config are checked per F_Type by the server. */
export const taskSchedulingBody = z.object({
  F_Name: z.string().trim().min(1, 'task.nameRequired').max(100),
  F_Type: z.enum(TASK_TYPES, 'task.typeUnknown'),
  F_Config: z.record(z.string(), z.unknown()).default({}),
  F_ScheduleType: z.enum(SCHEDULE_KINDS),
  /** Five fields (minute first) or six (seconds first); Quartz's `?` is accepted. */
  F_Cron: z.string().trim().max(TASK_LIMITS.cronLength).optional().default(''),
  F_IntervalSeconds: z.coerce.number().int().min(TASK_LIMITS.minGapSeconds).max(TASK_LIMITS.maxIntervalSeconds).nullable().optional(),
  /** Once at: 'yyyy-MM-dd HH:mm:ss' in F_TimeZone, or an ISO time. */
  F_RunAt: z.string().trim().max(40).nullable().optional(),
  /** IANA zone; empty = the platform's (Asia/Shanghai unless TIME_ZONE says otherwise). */
  F_TimeZone: z.string().trim().max(64).optional().default(''),
  F_Misfire: z.enum(MISFIRE_POLICIES).default('once'),
  F_MisfireCap: z.coerce.number().int().min(1).max(TASK_LIMITS.maxMisfireCap).default(10),
  F_Overlap: z.enum(OVERLAP_POLICIES).default('skip'),
  F_TimeoutSeconds: z.coerce.number().int().min(1).max(TASK_LIMITS.maxTimeoutSeconds).default(300),
  F_RetryCount: z.coerce.number().int().min(0).max(TASK_LIMITS.maxRetries).default(0),
  /** The first retry waits this long; each further one twice as long as the one before. */
  F_RetryDelaySeconds: z.coerce.number().int().min(1).max(TASK_LIMITS.maxRetryDelaySeconds).default(30),
  /** After this many failed runs in a row the alert users get a message; 0 = never. */
  F_AlertAfter: z.coerce.number().int().min(0).max(100).default(3),
  F_AlertUserIds: z.array(id).max(TASK_LIMITS.maxAlertUsers).default([]),
  F_Description: z.string().trim().max(500).optional().default(''),
  /** 1 started (runs on schedule), 0 stopped. A new task starts stopped unless this says 1. */
  F_EnabledMark: z.coerce.number().int().min(0).max(1).default(0),
});
export type TaskSchedulingBody = z.input<typeof taskSchedulingBody>;
export type TaskSchedulingInput = z.infer<typeof taskSchedulingBody>;

/** The part of a task that says when it runs: the preview call takes it alone. */
export const taskSchedulePreviewBody = taskSchedulingBody.pick({
  F_ScheduleType: true,
  F_Cron: true,
  F_IntervalSeconds: true,
  F_RunAt: true,
  F_TimeZone: true,
});
export type TaskSchedulePreviewBody = z.input<typeof taskSchedulePreviewBody>;
/** POST /task-scheduling/preview: the next five run times ('yyyy-MM-dd HH:mm:ss' in the zone) and the zone used. */
export const taskSchedulePreview = z.object({ times: z.array(z.string()), timeZone: z.string() });
export type TaskSchedulePreview = z.infer<typeof taskSchedulePreview>;

/** GET /task-scheduling: keyword (name, description), state (1 started, 0 stopped), type. */
export const taskSchedulingQuery = pageQuery.extend({
  state: z.coerce.number().int().min(0).max(1).optional(),
  type: z.enum(TASK_TYPES).optional(),
});
export type TaskSchedulingQuery = z.infer<typeof taskSchedulingQuery>;

export const taskSchedulingRow = z.object({
  F_Id: z.string(),
  F_Name: z.string(),
  F_Type: z.string(),
  F_ScheduleType: z.enum(SCHEDULE_KINDS),
  F_Cron: z.string(),
  F_IntervalSeconds: z.number().int().nullable(),
  F_RunAt: z.string().nullable(),
  F_TimeZone: z.string(),
  F_EnabledMark: z.number().int(),
  /** 'yyyy-MM-dd HH:mm:ss' in the task's zone; null when stopped or nothing is left to run. */
  F_NextRunTime: z.string().nullable(),
  F_LastRunTime: z.string().nullable(),
  F_LastState: z.enum(TASK_RUN_STATES).nullable(),
  F_ConsecutiveFailures: z.number().int(),
  F_Description: z.string(),
  F_CreateUserName: z.string().nullable(),
  F_CreateDate: z.string(),
});
export type TaskSchedulingRow = z.infer<typeof taskSchedulingRow>;

/** GET /task-scheduling/{id}: the row and everything the form edits. */
export const taskSchedulingDetail = taskSchedulingRow.extend({
  F_Config: z.record(z.string(), z.unknown()),
  F_Misfire: z.enum(MISFIRE_POLICIES),
  F_MisfireCap: z.number().int(),
  F_Overlap: z.enum(OVERLAP_POLICIES),
  F_TimeoutSeconds: z.number().int(),
  F_RetryCount: z.number().int(),
  F_RetryDelaySeconds: z.number().int(),
  F_AlertAfter: z.number().int(),
  F_AlertUserIds: z.array(z.string()),
  /** The alert users' names, in the order of F_AlertUserIds (for the picker's labels). */
  F_AlertUserNames: z.array(z.string()),
});
export type TaskSchedulingDetail = z.infer<typeof taskSchedulingDetail>;

/** GET /task-scheduling/types: the registry's types this server runs. */
export const taskTypeInfo = z.object({ key: z.enum(TASK_TYPES) });
export type TaskTypeInfo = z.infer<typeof taskTypeInfo>;

/** POST /task-scheduling/{id}/run: the queued run's log id. */
export const taskRunStarted = z.object({ logId: z.string() });

export const taskSchedulingIdParams = z.object({ id });

/** GET /task-scheduling-log: by task, state and start time ('yyyy-MM-dd' or a full time, in the platform's zone). */
export const taskLogQuery = pageQuery.extend({
  taskId: z.string().trim().max(64).optional(),
  state: z.enum(TASK_RUN_STATES).optional(),
  startTime: z.string().trim().max(32).optional(),
  endTime: z.string().trim().max(32).optional(),
});
export type TaskLogQuery = z.infer<typeof taskLogQuery>;

export const taskLogRow = z.object({
  F_Id: z.string(),
  F_TaskId: z.string(),
  F_TaskName: z.string(),
  F_TaskType: z.string(),
  F_State: z.enum(TASK_RUN_STATES),
  F_Trigger: z.enum(TASK_TRIGGERS),
  /** The occurrence this run belongs to. Times of a run are 'yyyy-MM-dd HH:mm:ss' in its task's zone, as in the task list. */
  F_ScheduledTime: z.string(),
  F_StartTime: z.string().nullable(),
  F_EndTime: z.string().nullable(),
  /** Milliseconds. */
  F_Duration: z.number().int().nullable(),
  /** 1 for the first try, 2.. for retries. */
  F_Attempt: z.number().int(),
  F_Result: z.string().nullable(),
  F_Error: z.string().nullable(),
  /** Which server process ran it (host:pid), and any earlier one whose lease expired. */
  F_Process: z.string().nullable(),
  /** Notes in the reader's language: taken over after a lease expired, queued behind a running run, … */
  F_Note: z.string().nullable(),
  /** The SQL of a run that could write (logged for every write run). */
  F_Sql: z.string().nullable(),
});
export type TaskLogRow = z.infer<typeof taskLogRow>;

export const taskLogIdParams = z.object({ id });

/** POST and PUT /task-scheduling: the task's id. */
export const taskSchedulingSaved = z.object({ F_Id: z.string() });

/** PATCH /database-links/{id}/task-writable: may scheduled SQL tasks write through this link (1) or only read (0). */
export const linkTaskWritableBody = z.object({ F_TaskWritable: z.coerce.number().int().min(0).max(1) });
