import type { Generated } from 'kysely';
import type { DefaultTimestamp, NullableTimestamp } from '../../core/db/schema.js';

export interface CluesTable {
  id: string;
  tenant_id: string;
  name: string;
  phone: Generated<string>;
  email: Generated<string>;
  company: Generated<string>;
  message: Generated<string>;
  ip: string | null;
  user_agent: string | null;
  handled: Generated<number>;
  handled_by: string | null;
  handled_at: NullableTimestamp;
  created_at: DefaultTimestamp;
}

declare module '../../core/db/schema.js' {
  interface Database {
    clues: CluesTable;
  }
}
