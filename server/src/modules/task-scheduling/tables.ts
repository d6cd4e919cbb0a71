import type { ColumnType, Generated } from 'kysely';
import type { DefaultTimestamp, Json, NullableTimestamp } from '../../core/db/schema.js';

export interface TaskSchedulesTable {
  id: string;
  tenant_id: string;
  name: string;
  type: string;
  config: Json<Record<string, unknown>>;
  schedule_type: 'cron' | 'interval' | 'once';
  cron: Generated<string>;
  interval_seconds: number | null;
  run_at: NullableTimestamp;
  time_zone: string;
  misfire: Generated<'skip' | 'once' | 'all'>;
  misfire_cap: Generated<number>;
  overlap: Generated<'skip' | 'queue' | 'replace'>;
  timeout_seconds: Generated<number>;
  retry_count: Generated<number>;
  retry_delay_seconds: Generated<number>;
  alert_after: Generated<number>;
  alert_user_ids: Json<string[]>;
  description: Generated<string>;
  enabled: Generated<number>;
  next_run_at: NullableTimestamp;
  last_run_at: NullableTimestamp;
  last_state: string | null;
  consecutive_failures: Generated<number>;
  created_by: string | null;
  created_by_name: string | null;
  created_at: DefaultTimestamp;
  modified_by: string | null;
  modified_at: NullableTimestamp;
}

export interface TaskScheduleLogsTable {
  id: string;
  tenant_id: string;
  task_id: string;
  task_name: string;
  task_type: string;
  state: string;
  trigger: string;
  scheduled_at: ColumnType<Date, Date | string, Date | string>;
  /** The task's zone when the run was planned: the log shows the run's times in it, as the task list does. */
  time_zone: string;
  attempt: Generated<number>;
  started_at: NullableTimestamp;
  ended_at: NullableTimestamp;
  heartbeat_at: NullableTimestamp;
  duration_ms: number | null;
  /** The summary as a message key and its parameters (translated for each reader), and the data under it. */
  result_key: string | null;
  result_params: ColumnType<Record<string, string | number> | null, string | null | undefined, string | null>;
  result: string | null;
  /** Our own errors as a message key and parameters; anything else (the database's text) in error. */
  error_key: string | null;
  error_params: ColumnType<Record<string, string | number> | null, string | null | undefined, string | null>;
  error: string | null;
  process: string | null;
  note_key: string | null;
  note_params: ColumnType<Record<string, string | number> | null, string | null | undefined, string | null>;
  sql_text: string | null;
  created_at: DefaultTimestamp;
}

declare module '../../core/db/schema.js' {
  interface Database {
    task_schedules: TaskSchedulesTable;
    task_schedule_logs: TaskScheduleLogsTable;
  }
}
