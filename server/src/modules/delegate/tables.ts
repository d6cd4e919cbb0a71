import type { Generated } from 'kysely';
import type { DefaultTimestamp, Json } from '../../core/db/schema.js';

export interface WfDelegatesTable {
  id: string;
  tenant_id: string;
  user_id: string;
  delegate_user_id: string;
  scheme_ids: Json<string[]>;
  start_at: Date;
  end_at: Date;
  enabled: Generated<boolean>;
  description: Generated<string>;
  created_by: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

declare module '../../core/db/schema.js' {
  interface Database {
    wf_delegates: WfDelegatesTable;
  }
}
