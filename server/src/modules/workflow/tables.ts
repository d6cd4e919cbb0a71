import type { ColumnType, Generated } from 'kysely';
import type { DefaultTimestamp, Json } from '../../core/db/schema.js';

export type WfInstanceState = 'running' | 'suspended' | 'completed' | 'recalled' | 'terminated';

export interface WfInstancesTable {
  id: string;
  tenant_id: string;
  root_id: string;
  parent_id: string | null;
  parent_node_id: string | null;
  parent_execution_id: string | null;
  scheme_id: string;
  version_id: string;
  name: string;
  state: ColumnType<WfInstanceState, WfInstanceState | undefined, WfInstanceState>;
  starter_id: string;
  variables: Json<Record<string, unknown>>;
  form_keys: Json<{ F_FormId: string; F_Type: number; F_UrlAddress?: string; F_Id: string }[]>;
  related: Json<string[]>;
  recycled_at: Date | null;
  created_at: DefaultTimestamp;
  completed_at: Date | null;
  updated_at: DefaultTimestamp;
}

export interface WfExecutionsTable {
  id: string;
  tenant_id: string;
  instance_id: string;
  parent_id: string | null;
  node_id: string;
  state: ColumnType<'active' | 'waiting' | 'done', 'active' | 'waiting' | 'done' | undefined, 'active' | 'waiting' | 'done'>;
  mi: Json<Record<string, unknown>> | null;
  created_at: DefaultTimestamp;
}

export interface WfTasksTable {
  id: string;
  tenant_id: string;
  instance_id: string;
  execution_id: string;
  node_id: string;
  node_name: Generated<string>;
  assignee_id: string | null;
  owner_id: string | null;
  /** Set on a task created by a reject: the node that sent it back (resubmit may go straight back there). */
  returned_from: string | null;
  state: ColumnType<'open' | 'done' | 'cancelled', 'open' | 'done' | 'cancelled' | undefined, 'open' | 'done' | 'cancelled'>;
  btn_value: string | null;
  due_at: Date | null;
  created_at: DefaultTimestamp;
  completed_at: Date | null;
}

export interface WfTaskUsersTable {
  task_id: string;
  user_id: string;
  tenant_id: string;
  instance_id: string;
  open: Generated<boolean>;
  created_at: DefaultTimestamp;
}

export interface WfHistoryTable {
  id: string;
  tenant_id: string;
  seq: Generated<string>;
  instance_id: string;
  task_id: string | null;
  node_id: string;
  node_name: Generated<string>;
  node_type: string;
  action: string;
  user_id: string | null;
  owner_id: string | null;
  btn_value: string | null;
  btn_name: string | null;
  message: string | null;
  stamp_id: string | null;
  folder_id: string | null;
  multi_instance: Generated<boolean>;
  candidates: Json<string[]>;
  next_nodes: Json<{ actName: string; activityName: string; activityType: string }[]>;
  /** Form values the approver changed with this action (label, old, new); null when none. */
  field_changes: Json<{ field: string; label: string; old: string; new: string }[] | null>;
  started_at: DefaultTimestamp;
  ended_at: Date | null;
}

export interface WfTimersTable {
  id: string;
  tenant_id: string;
  instance_id: string;
  task_id: string | null;
  execution_id: string | null;
  node_id: string;
  action: string;
  due_at: Date;
  /** A cycle timer: how many more times it fires after this one (-1: until cancelled); null: once. */
  repeats: ColumnType<number | null, number | null | undefined, number | null>;
  state: ColumnType<'pending' | 'fired' | 'cancelled', 'pending' | 'fired' | 'cancelled' | undefined, 'pending' | 'fired' | 'cancelled'>;
  fired_at: Date | null;
  created_at: DefaultTimestamp;
}

declare module '../../core/db/schema.js' {
  interface Database {
    wf_instances: WfInstancesTable;
    wf_executions: WfExecutionsTable;
    wf_tasks: WfTasksTable;
    wf_task_users: WfTaskUsersTable;
    wf_history: WfHistoryTable;
    wf_timers: WfTimersTable;
  }
}
