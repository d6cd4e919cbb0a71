import type { Generated } from 'kysely';
import type { DefaultTimestamp, Json } from '../../core/db/schema.js';

export interface WfCirculationsTable {
  id: string;
  tenant_id: string;
  instance_id: string;
  task_id: string | null;
  node_id: string;
  node_name: Generated<string>;
  user_id: string;
  from_user_id: string | null;
  created_at: DefaultTimestamp;
  read_at: Date | null;
}

export interface WfDraftsTable {
  id: string;
  tenant_id: string;
  user_id: string;
  scheme_id: string;
  name: Generated<string>;
  form_value: Json<unknown[]>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

/** Signs already used by the tokenless launch (POST /nwfschemeinfo/createProcess): a sign is accepted once. */
export interface WfLaunchSignsTable {
  sign: string;
  tenant_id: string;
  created_at: DefaultTimestamp;
}

declare module '../../core/db/schema.js' {
  interface Database {
    wf_circulations: WfCirculationsTable;
    wf_drafts: WfDraftsTable;
    wf_launch_signs: WfLaunchSignsTable;
  }
}
