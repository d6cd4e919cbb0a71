import { sql, type Kysely } from 'kysely';
import { addButtons, defineModules, type ModuleDefinition } from '../module-catalog.js';

/**
 * Scheduled tasks and their run log under 系统管理, and the database links' flag that lets scheduled SQL write.
 * Indexes: the planner's due scan (enabled, next run), the list's filters (tenant, state, type; newest first), the
 * log's filters (tenant + time; task + time; state + time) and the one log row per occurrence that makes a run
 * exactly once.
 */
const statements = [
  `create table task_schedules (
    id text primary key,
    tenant_id text not null references tenants(id) on delete cascade,
    name text not null,
    type text not null,
    config jsonb not null default '{}',
    schedule_type text not null,
    cron text not null default '',
    interval_seconds integer,
    run_at timestamptz,
    time_zone text not null,
    misfire text not null default 'once',
    misfire_cap integer not null default 10,
    overlap text not null default 'skip',
    timeout_seconds integer not null default 300,
    retry_count integer not null default 0,
    retry_delay_seconds integer not null default 30,
    alert_after integer not null default 3,
    alert_user_ids jsonb not null default '[]',
    description text not null default '',
    enabled smallint not null default 0,
    next_run_at timestamptz,
    last_run_at timestamptz,
    last_state text,
    consecutive_failures integer not null default 0,
    created_by text,
    created_by_name text,
    created_at timestamptz not null default now(),
    modified_by text,
    modified_at timestamptz
  )`,
  `create index task_schedules_due on task_schedules (next_run_at) where enabled = 1`,
  `create index task_schedules_tenant_time on task_schedules (tenant_id, created_at desc, id)`,
  `create index task_schedules_tenant_state on task_schedules (tenant_id, enabled, created_at desc)`,
  `create index task_schedules_tenant_type on task_schedules (tenant_id, type, created_at desc)`,
  `create table task_schedule_logs (
    id text primary key,
    tenant_id text not null references tenants(id) on delete cascade,
    task_id text not null,
    task_name text not null,
    task_type text not null,
    state text not null,
    trigger text not null,
    scheduled_at timestamptz not null,
    time_zone text not null,
    attempt integer not null default 1,
    started_at timestamptz,
    ended_at timestamptz,
    heartbeat_at timestamptz,
    duration_ms integer,
    result_key text,
    result_params jsonb,
    result text,
    error_key text,
    error_params jsonb,
    error text,
    process text,
    note_key text,
    note_params jsonb,
    sql_text text,
    created_at timestamptz not null default now()
  )`,
  // One row per occurrence and attempt: a second planner that saw the same due row cannot queue it again.
  `create unique index task_schedule_logs_occurrence on task_schedule_logs (task_id, scheduled_at, attempt) where trigger in ('schedule', 'misfire', 'retry')`,
  `create index task_schedule_logs_tenant_time on task_schedule_logs (tenant_id, created_at desc, id)`,
  `create index task_schedule_logs_task_time on task_schedule_logs (tenant_id, task_id, created_at desc)`,
  `create index task_schedule_logs_state_time on task_schedule_logs (tenant_id, state, created_at desc)`,
  `create index task_schedule_logs_running on task_schedule_logs (task_id) where state = 'running'`,
  `alter table database_links add column task_writable smallint not null default 0`,
  // The job queue scheduled runs go through (pg-boss: one partition of its job table per queue).
  `select pgboss.create_queue('task-run', '{"policy": "standard"}'::json)`,
];

export const taskModules: ModuleDefinition[] = [
  {
    id: 'system-task',
    enCode: 'system.task',
    fullName: '定时任务',
    i18nKey: 'menu.task',
    icon: 'ScheduleOutlined',
    url: '/system/task-scheduling',
    sort: 40,
    buttons: [
      { enCode: 'list', fullName: '查询' },
      { enCode: 'add', fullName: '新增' },
      { enCode: 'edit', fullName: '编辑' },
      { enCode: 'delete', fullName: '删除' },
      { enCode: 'toggle', fullName: '启动/停止' },
      { enCode: 'run', fullName: '立即执行' },
    ],
  },
  {
    id: 'system-task-log',
    enCode: 'system.taskLog',
    fullName: '任务日志',
    i18nKey: 'menu.taskLog',
    icon: 'FileSearchOutlined',
    url: '/system/task-scheduling-log',
    sort: 41,
    buttons: [
      { enCode: 'list', fullName: '查询' },
      { enCode: 'delete', fullName: '删除' },
    ],
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
  await defineModules(db, '0', taskModules, 'system');
  await addButtons(db, 'data-link', [{ enCode: 'taskWrite', fullName: '允许定时任务写入' }]);
}
