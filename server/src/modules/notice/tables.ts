import type { Generated } from 'kysely';
import type { DefaultTimestamp, NullableTimestamp } from '../../core/db/schema.js';

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

declare module '../../core/db/schema.js' {
  interface Database {
    notices: NoticesTable;
  }
}
