import type { Generated } from 'kysely';
import type { DefaultTimestamp } from '../../core/db/schema.js';

export interface WfStampsTable {
  id: string;
  tenant_id: string;
  name: string;
  type: Generated<string>;
  is_default: Generated<boolean>;
  password_hash: Generated<string>;
  sort_code: Generated<number>;
  file_type: Generated<number>;
  file: Generated<string>;
  description: Generated<string>;
  enabled: Generated<boolean>;
  created_by: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface WfStampUsersTable {
  stamp_id: string;
  user_id: string;
  kind: 'member' | 'manager' | 'maintainer';
  tenant_id: string;
}

declare module '../../core/db/schema.js' {
  interface Database {
    wf_stamps: WfStampsTable;
    wf_stamp_users: WfStampUsersTable;
  }
}
