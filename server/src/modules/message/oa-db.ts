import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Database } from '../../core/db/schema.js';

/**
 * Tables of issue 5 (migration 20261123021000_oa). They are typed here rather than in core/db/schema.ts, which
 * other features edit; `oaDb` gives a Kysely that knows both.
 */
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface SystemLogsTable {
  id: string;
  tenant_id: string | null;
  category: number;
  user_id: string | null;
  account: string | null;
  module: string | null;
  method: string | null;
  url: string | null;
  params: string | null;
  duration_ms: number | null;
  status: number | null;
  result: Generated<string>;
  detail: string | null;
  request_id: string | null;
  ip: string | null;
  created_at: DefaultTimestamp;
}

export interface NewsTable {
  id: string;
  tenant_id: string;
  type_id: Generated<number>;
  category_id: Generated<string>;
  full_head: string;
  author_name: Generated<string>;
  compile_name: Generated<string>;
  source_name: Generated<string>;
  source_address: Generated<string>;
  release_time: NullableTimestamp;
  content: Generated<string>;
  attachments: ColumnType<{ F_FileName: string; url: string }[], string | undefined, string>;
  enabled: Generated<number>;
  created_by: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface NoticesTable {
  id: string;
  tenant_id: string;
  full_head: string;
  content: Generated<string>;
  send_time: NullableTimestamp;
  enabled: Generated<number>;
  created_by: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface SchedulesTable {
  id: string;
  tenant_id: string;
  user_id: string;
  title: string;
  content: Generated<string>;
  start_time: ColumnType<Date, Date | string, Date | string>;
  end_time: ColumnType<Date, Date | string, Date | string>;
  all_day: Generated<number>;
  remind_minutes: Generated<number>;
  participants: ColumnType<string[], string[] | undefined, string[]>;
  created_at: DefaultTimestamp;
}

export interface MessagesTable {
  id: string;
  tenant_id: string;
  user_id: string;
  type: number;
  title: Generated<string>;
  content: Generated<string>;
  object_id: string | null;
  payload: ColumnType<unknown, string | null | undefined, string | null>;
  is_read: Generated<boolean>;
  read_at: NullableTimestamp;
  created_at: DefaultTimestamp;
}

export interface OaDatabase extends Database {
  system_logs: SystemLogsTable;
  news: NewsTable;
  notices: NoticesTable;
  schedules: SchedulesTable;
  messages: MessagesTable;
}

export function oaDb(db: Kysely<Database>): Kysely<OaDatabase> {
  return db as unknown as Kysely<OaDatabase>;
}

/** LIKE pattern for a keyword, its wildcards escaped. */
export const containsPattern = (keyword: string) => `%${keyword.replace(/[%_\\]/g, '\\$&')}%`;

/** 'yyyy-MM-dd HH:mm:ss' (or a date) as a time in the tenant's zone (Asia/Shanghai, as formatTime shows). */
export function parseLocalTime(text: string): Date {
  const t = text.trim();
  if (/[zZ]|[+-]\d\d:?\d\d$/.test(t)) return new Date(t);
  const normal = t.length === 10 ? `${t}T00:00:00` : t.replace(' ', 'T');
  return new Date(`${normal}+08:00`);
}
