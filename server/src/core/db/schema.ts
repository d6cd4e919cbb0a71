import type { ColumnType, Generated } from 'kysely';
import type { FormRelationSetting, FormSchemeContent, FormTable, TableDesign } from '@app/contracts';

/** Timestamps are written as Date or left to the database default; they are read formatted in SQL. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** JSON columns all have a default; they are written as JSON text. */
type Json<T> = ColumnType<T, string | undefined, string>;

export interface TenantsTable {
  id: string;
  code: string;
  name: string;
  enabled: Generated<boolean>;
  is_default: Generated<boolean>;
  description: Generated<string>;
  contact: Generated<string>;
  phone: Generated<string>;
  expires_at: NullableTimestamp;
  created_at: DefaultTimestamp;
}

export interface CompaniesTable {
  id: string;
  tenant_id: string;
  parent_id: Generated<string>;
  full_name: string;
  short_name: Generated<string>;
  en_code: Generated<string>;
  nature: string | null;
  sort_code: Generated<number>;
  enabled: Generated<boolean>;
  description: Generated<string>;
  phone: Generated<string>;
  address: Generated<string>;
  created_at: DefaultTimestamp;
}

export interface DepartmentsTable {
  id: string;
  tenant_id: string;
  company_id: string;
  parent_id: Generated<string>;
  full_name: string;
  en_code: Generated<string>;
  nature: string | null;
  sort_code: Generated<number>;
  enabled: Generated<boolean>;
  description: Generated<string>;
  phone: Generated<string>;
  manager_id: string | null;
  created_at: DefaultTimestamp;
}

export interface PostsTable {
  id: string;
  tenant_id: string;
  company_id: string;
  department_id: string | null;
  name: string;
  en_code: Generated<string>;
  sort_code: Generated<number>;
  description: Generated<string>;
  parent_id: Generated<string>;
  created_at: DefaultTimestamp;
}

export interface RolesTable {
  id: string;
  tenant_id: string;
  full_name: string;
  en_code: string;
  description: Generated<string>;
  enabled: Generated<boolean>;
  sort_code: Generated<number>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface UsersTable {
  id: string;
  tenant_id: string;
  account: string;
  real_name: string;
  password_hash: string;
  mobile: string | null;
  email: string | null;
  gender: Generated<number>;
  head_icon: string | null;
  company_id: string | null;
  enabled: Generated<boolean>;
  sort_code: Generated<number>;
  description: Generated<string>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface UserLinkTable {
  tenant_id: string;
  user_id: string;
}

export interface UserDepartmentsTable extends UserLinkTable {
  department_id: string;
}
export interface UserRolesTable extends UserLinkTable {
  role_id: string;
}
export interface UserPostsTable extends UserLinkTable {
  post_id: string;
}

export interface SubsystemsTable {
  id: string;
  tenant_id: string;
  name: string;
  index_url: Generated<string>;
  icon: Generated<string>;
  sort_code: Generated<number>;
  enabled: Generated<boolean>;
  description: Generated<string>;
  created_at: DefaultTimestamp;
}

export interface ModulesTable {
  id: string;
  system_id: Generated<string>;
  parent_id: Generated<string>;
  en_code: string;
  full_name: string;
  icon: Generated<string>;
  url_address: Generated<string>;
  target: Generated<string>;
  group_paths: Json<string[]>;
  query: Json<Record<string, string>>;
  keep_alive: Generated<boolean>;
  i18n_key: string | null;
  is_common: Generated<boolean>;
  is_menu: Generated<boolean>;
  enabled: Generated<boolean>;
  sort_code: Generated<number>;
  description: Generated<string>;
  created_at: DefaultTimestamp;
}

export interface ModuleButtonsTable {
  id: string;
  module_id: string;
  en_code: string;
  full_name: string;
  sort_code: Generated<number>;
}

/** Columns and forms of a module, granted like buttons (authorize item types 3 and 4). */
export interface ModuleColumnsTable {
  id: string;
  module_id: string;
  en_code: string;
  full_name: string;
  sort_code: Generated<number>;
}
export type ModuleFormsTable = ModuleColumnsTable;

export interface DepartmentMaintainersTable {
  tenant_id: string;
  department_id: string;
  user_id: string;
}

export interface SpecialPostsTable {
  tenant_id: string;
  /** 1 company, 2 department */
  object_type: number;
  object_id: string;
  post_id: string;
}

export interface AppFunctionsTable {
  id: string;
  en_code: string;
  full_name: string;
  icon: Generated<string>;
  url_address: Generated<string>;
  sort_code: Generated<number>;
  enabled: Generated<boolean>;
}

export interface DataAuthorizesTable {
  id: string;
  tenant_id: string;
  object_type: number;
  object_id: string;
  module_id: string;
  /** 1 own, 2 own department, 3 department and below, 4 own company, 5 all, 6 custom departments */
  scope: number;
  department_ids: Json<string[]>;
  created_at: DefaultTimestamp;
}

export interface TenantModulesTable {
  tenant_id: string;
  module_id: string;
}

export interface AreasTable {
  id: string;
  parent_id: string;
  name: string;
  /** 1 province, 2 city, 3 district */
  level: number;
  sort_code: number;
}

export interface AuthorizesTable {
  id: string;
  tenant_id: string;
  /** 1 role, 2 user */
  object_type: number;
  object_id: string;
  /** 1 module (menu), 2 button, 3 column, 4 form, 5 app function */
  item_type: number;
  item_id: string;
  created_at: DefaultTimestamp;
}

export interface SessionsTable {
  id: string;
  tenant_id: string;
  user_id: string;
  refresh_hash: string;
  /** The refresh token this one replaced, and when: its reuse after the grace time revokes the session. */
  previous_refresh_hash: string | null;
  refreshed_at: NullableTimestamp;
  ip: Generated<string>;
  user_agent: Generated<string>;
  created_at: DefaultTimestamp;
  last_active_at: DefaultTimestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
}

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

// System features (migration 20261123020000_system).
/** Tables of the system features (dictionaries, languages, code rules); migration 20261123020000_system. */
export interface DictionaryTypesTable {
  id: string;
  tenant_id: string;
  parent_id: Generated<string>;
  code: string;
  name: string;
  is_tree: Generated<boolean>;
  is_nav: Generated<boolean>;
  sort_code: Generated<number>;
  enabled: Generated<boolean>;
  deleted: Generated<boolean>;
  description: Generated<string>;
  created_at: DefaultTimestamp;
}

export interface DictionaryItemsTable {
  id: string;
  tenant_id: string;
  type_id: string;
  parent_id: Generated<string>;
  name: string;
  value: string;
  code: Generated<string>;
  sort_code: Generated<number>;
  enabled: Generated<boolean>;
  description: Generated<string>;
  created_at: DefaultTimestamp;
}

export interface LanguageTypesTable {
  id: string;
  tenant_id: string;
  code: string;
  name: string;
  is_main: Generated<boolean>;
  sort_code: Generated<number>;
  enabled: Generated<boolean>;
  created_at: DefaultTimestamp;
}

export interface LpMapTable {
  id: string;
  tenant_id: string;
  object_type: string;
  object_id: string;
  code: string;
  name: string;
  translations: Json<Record<string, string>>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface CodeRulesTable {
  id: string;
  tenant_id: string;
  en_code: string;
  full_name: string;
  description: Generated<string>;
  enabled: Generated<boolean>;
  parts: Json<unknown[]>;
  created_at: DefaultTimestamp;
}

export interface CodeRuleCountersTable {
  rule_id: string;
  period: string;
  value: ColumnType<string | number, number, number>;
}

// Office automation (migration 20261123021000_oa).
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

export interface NewsTable {
  id: string;
  tenant_id: string;
  type_id: Generated<number>;
  category_id: Generated<string>;
  full_head: string;
  author_name: Generated<string>;
  compile_name: Generated<string>;
  source_name: Generated<string>;
  source_address: Generated<string>;
  release_time: NullableTimestamp;
  content: Generated<string>;
  attachments: ColumnType<{ F_FileName: string; url: string }[], string | undefined, string>;
  /** The attachment folder (file_folders kind 1) of the upload field; null = none. */
  attachment_folder_id: string | null;
  enabled: Generated<number>;
  created_by: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

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

export interface MessagesTable {
  id: string;
  tenant_id: string;
  user_id: string;
  type: number;
  title: Generated<string>;
  content: Generated<string>;
  object_id: string | null;
  payload: ColumnType<unknown, string | null | undefined, string | null>;
  is_read: Generated<boolean>;
  read_at: NullableTimestamp;
  created_at: DefaultTimestamp;
  /** Identity: orders messages of the same instant. */
  seq: ColumnType<string, never, never>;
}

/** Files: kind 1 attachment folder, 2 file-manager folder. */
export interface FileFoldersTable {
  id: string;
  tenant_id: string;
  owner_id: string;
  kind: number;
  parent_id: string | null;
  name: Generated<string>;
  deleted_at: Timestamp | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

/** Files: folder_id null = the owner's file-manager root; size is bigint (a string from the driver). */
export interface FilesTable {
  id: string;
  tenant_id: string;
  folder_id: string | null;
  owner_id: string;
  file_name: string;
  extension: Generated<string>;
  mime_type: string;
  size: ColumnType<string, number | string, number | string>;
  storage_key: string;
  remark: Generated<string>;
  deleted_at: Timestamp | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

/** Named queries over a database link; params is the F_Params list. */
export interface DataSourcesTable {
  id: string;
  tenant_id: string;
  code: string;
  name: string;
  link_id: string;
  sql_text: string;
  params: Json<{ name: string; label: string; defaultValue: string }[]>;
  id_field: Generated<string>;
  parent_field: Generated<string>;
  description: Generated<string>;
  created_by: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

/** Named outbound HTTP calls. */
export interface InterfacesTable {
  id: string;
  tenant_id: string;
  code: string;
  name: string;
  method: string;
  url: string;
  headers: Json<{ name: string; value: string }[]>;
  body_template: Generated<string>;
  response_path: Generated<string>;
  timeout_ms: Generated<number>;
  description: Generated<string>;
  created_by: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

/** Modules/database-link: named connections to external databases (password encrypted, never returned). */
export interface DatabaseLinksTable {
  id: string;
  tenant_id: string;
  alias: string;
  db_type: string;
  host: string;
  port: number;
  database_name: string;
  schema_name: Generated<string>;
  user_name: Generated<string>;
  /** AES-256-GCM, see modules/database-link/password-cipher.ts; '' = no password. */
  password_cipher: Generated<string>;
  query_role: Generated<string>;
  group_name: Generated<string>;
  description: Generated<string>;
  sort_code: Generated<number>;
  created_by: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

/** Modules/data-design: table designs saved per link and table (drafts) and released ones. */
export interface DatabaseDraftsTable {
  id: string;
  tenant_id: string;
  link_id: string;
  table_name: string;
  design: Json<TableDesign>;
  created_by: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface DataTablesTable {
  id: string;
  tenant_id: string;
  link_id: string;
  table_name: string;
  comment: Generated<string>;
  design: Json<TableDesign>;
  released_by: string | null;
  released_at: DefaultTimestamp;
}

/** The common-fields library of the table designer. */
export interface DatabaseFieldsTable {
  id: string;
  tenant_id: string;
  field_name: string;
  data_type: string;
  length: number | null;
  nullable: Generated<boolean>;
  default_value: Generated<string>;
  remark: Generated<string>;
  sort_code: Generated<number>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface ReportsRelationsTable {
  id: string;
  tenant_id: string;
  report_id: Generated<string>;
  name: string;
  data_source_id: Generated<string>;
  params: Json<{ name: string; value: string }[]>;
  sort_code: Generated<number>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface Database {
  tenants: TenantsTable;
  companies: CompaniesTable;
  departments: DepartmentsTable;
  posts: PostsTable;
  roles: RolesTable;
  users: UsersTable;
  user_departments: UserDepartmentsTable;
  user_roles: UserRolesTable;
  user_posts: UserPostsTable;
  subsystems: SubsystemsTable;
  modules: ModulesTable;
  module_buttons: ModuleButtonsTable;
  authorizes: AuthorizesTable;
  sessions: SessionsTable;
  sms_codes: SmsCodesTable;
  login_logs: LoginLogsTable;
  client_logs: ClientLogsTable;
  clues: CluesTable;
  module_columns: ModuleColumnsTable;
  module_forms: ModuleFormsTable;
  department_maintainers: DepartmentMaintainersTable;
  special_posts: SpecialPostsTable;
  app_functions: AppFunctionsTable;
  data_authorizes: DataAuthorizesTable;
  tenant_modules: TenantModulesTable;
  areas: AreasTable;
  dictionary_types: DictionaryTypesTable;
  dictionary_items: DictionaryItemsTable;
  language_types: LanguageTypesTable;
  lp_map: LpMapTable;
  code_rules: CodeRulesTable;
  code_rule_counters: CodeRuleCountersTable;
  system_logs: SystemLogsTable;
  news: NewsTable;
  notices: NoticesTable;
  schedules: SchedulesTable;
  messages: MessagesTable;
  file_folders: FileFoldersTable;
  files: FilesTable;
  database_links: DatabaseLinksTable;
  database_drafts: DatabaseDraftsTable;
  data_tables: DataTablesTable;
  database_fields: DatabaseFieldsTable;
  reports_relations: ReportsRelationsTable;
  data_sources: DataSourcesTable;
  interfaces: InterfacesTable;
  form_schemes: FormSchemesTable;
  form_scheme_versions: FormSchemeVersionsTable;
  form_relations: FormRelationsTable;
  data_relations: DataRelationsTable;
  wf_schemes: WfSchemesTable;
  wf_scheme_versions: WfSchemeVersionsTable;
  wf_relations: WfRelationsTable;
  wf_instances: WfInstancesTable;
  wf_executions: WfExecutionsTable;
  wf_tasks: WfTasksTable;
  wf_task_users: WfTaskUsersTable;
  wf_history: WfHistoryTable;
  wf_circulations: WfCirculationsTable;
  wf_drafts: WfDraftsTable;
  wf_delegates: WfDelegatesTable;
  wf_timers: WfTimersTable;
  wf_stamps: WfStampsTable;
  wf_stamp_users: WfStampUsersTable;
  wf_launch_signs: WfLaunchSignsTable;
  idempotency_keys: IdempotencyKeysTable;
}

/** One answered action per (tenant, user, Idempotency-Key); kept a day. */
export interface IdempotencyKeysTable {
  tenant_id: string;
  user_id: string;
  key: string;
  action: string;
  result: ColumnType<unknown, string | null, string | null>;
  created_at: Generated<Date>;
}

/** One row per form; current_version_id points at its current version. */
export interface FormSchemesTable {
  id: string;
  tenant_id: string;
  name: string;
  form_type: Generated<number>;
  category: Generated<string>;
  url: Generated<string>;
  description: Generated<string>;
  sort_code: Generated<number>;
  enabled: Generated<boolean>;
  is_default: Generated<boolean>;
  current_version_id: string | null;
  current_version: Generated<number>;
  has_tables: Generated<boolean>;
  created_by: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

/** One saved version of a form: its content (F_Scheme) and the tables it stores into. */
export interface FormSchemeVersionsTable {
  id: string;
  tenant_id: string;
  scheme_id: string;
  version: number;
  content: Json<FormSchemeContent>;
  table_info: Json<FormTable[]>;
  created_by: string | null;
  created_at: DefaultTimestamp;
}

/** A designed form published as a menu page (module_id); its list configuration is `setting`. */
export interface FormRelationsTable {
  id: string;
  tenant_id: string;
  name: string;
  form_id: string;
  module_id: string;
  parent_module_id: Generated<string>;
  icon: Generated<string>;
  sort_code: Generated<number>;
  enabled: Generated<boolean>;
  description: Generated<string>;
  setting: Json<FormRelationSetting>;
  created_by: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

/** An option cascade between two fields (by formId) of one form. */
export interface DataRelationsTable {
  id: string;
  tenant_id: string;
  form_id: string;
  name: string;
  source_form_id: number;
  target_form_id: number;
  filter_field: string;
  enabled: Generated<boolean>;
  description: Generated<string>;
  created_by: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

// ---------- Workflow (docs/workflow-design.md "Tables") ----------

export interface WfSchemesTable {
  id: string;
  tenant_id: string;
  code: string;
  name: string;
  category: Generated<string>;
  icon: Generated<string>;
  description: Generated<string>;
  enabled: Generated<boolean>;
  /** 0 everyone may launch, 1 only auth_objects. */
  auth_type: Generated<number>;
  auth_objects: Json<{ F_ObjType: string; F_ObjId: string; F_ObjName?: string }[]>;
  launch_key: Generated<string>;
  /** The published version: what launches use. */
  current_version_id: string | null;
  /** A saved version newer than the published one, not yet published. */
  draft_version_id: string | null;
  /** When the scheme was first published; null: a draft never published (cannot be started). */
  published_at: Date | null;
  sort_code: Generated<number>;
  created_by: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface WfSchemeVersionsTable {
  id: string;
  tenant_id: string;
  scheme_id: string;
  version: number;
  xml: string;
  /** The parsed graph (engine/definition.ts WfGraph). */
  graph: Json<unknown>;
  created_by: string | null;
  created_at: DefaultTimestamp;
}

export interface WfRelationsTable {
  id: string;
  tenant_id: string;
  scheme_id: string;
  form_id: string;
  form_type: Generated<number>;
  form_url: Generated<string>;
  name: Generated<string>;
  sort_code: Generated<number>;
  created_by: string | null;
  created_at: DefaultTimestamp;
}

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

/** Signs already used by the tokenless launch (POST /nwfschemeinfo/createProcess): a sign is accepted once. */
export interface WfLaunchSignsTable {
  sign: string;
  tenant_id: string;
  created_at: DefaultTimestamp;
}

/** Tables whose rows belong to one tenant; repositories read them through `tenantScoped`. */
export type TenantTable = {
  [K in keyof Database]: Database[K] extends { tenant_id: string } ? K : never;
}[keyof Database];
