import type { ColumnType, Generated } from 'kysely';

/** Timestamps are written as Date or left to the database default; they are read formatted in SQL. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
export type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** JSON columns all have a default; they are written as JSON text. */
export type Json<T> = ColumnType<T, string | undefined, string>;

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

// System features (migration 20261123020000_system).
// Office automation (migration 20261123021000_oa).
/**
 * The platform's tables. Core's own are listed here; each module adds its tables by declaration merging in its
 * own `tables.ts` (`declare module '…/core/db/schema.js' { interface Database { … } }`).
 */
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
  module_columns: ModuleColumnsTable;
  module_forms: ModuleFormsTable;
  data_authorizes: DataAuthorizesTable;
  tenant_modules: TenantModulesTable;
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

/** Tables whose rows belong to one tenant; repositories read them through `tenantScoped`. */
export type TenantTable = {
  [K in keyof Database]: Database[K] extends { tenant_id: string } ? K : never;
}[keyof Database];
