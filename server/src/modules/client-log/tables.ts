import type { Generated } from 'kysely';
import type { DefaultTimestamp } from '../../core/db/schema.js';

export interface ClientLogsTable {
  id: string;
  tenant_id: string;
  user_id: string | null;
  type: string;
  url: string;
  message: string;
  stack: Generated<string>;
  info: Generated<string>;
  client_time: string;
  created_at: DefaultTimestamp;
}

declare module '../../core/db/schema.js' {
  interface Database {
    client_logs: ClientLogsTable;
  }
}
