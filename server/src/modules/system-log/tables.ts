import type { Generated } from 'kysely';
import type { DefaultTimestamp } from '../../core/db/schema.js';

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

declare module '../../core/db/schema.js' {
  interface Database {
    system_logs: SystemLogsTable;
  }
}
