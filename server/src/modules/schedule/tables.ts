import type { ColumnType, Generated } from 'kysely';
import type { DefaultTimestamp } from '../../core/db/schema.js';

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

declare module '../../core/db/schema.js' {
  interface Database {
    schedules: SchedulesTable;
  }
}
