import type { Generated } from 'kysely';
import type { DefaultTimestamp, NullableTimestamp, Timestamp } from '../../core/db/schema.js';

export interface SmsCodesTable {
  id: string;
  tenant_id: string;
  phone: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: DefaultTimestamp;
}

export interface LoginLogsTable {
  id: string;
  tenant_id: string;
  user_id: string | null;
  account: string;
  ip: Generated<string>;
  success: boolean;
  message: Generated<string>;
  created_at: DefaultTimestamp;
}

declare module '../../core/db/schema.js' {
  interface Database {
    sms_codes: SmsCodesTable;
    login_logs: LoginLogsTable;
  }
}
