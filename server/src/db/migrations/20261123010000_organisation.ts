import { sql, type Kysely } from 'kysely';

/**
 * Organisation, authorisation, tenants, sub-systems and regions: the extra columns and tables
 * on top of the foundation.
 */
const statements = [
  `alter table companies add column description text not null default ''`,
  `alter table companies add column phone text not null default ''`,
  `alter table companies add column address text not null default ''`,
  `alter table departments add column description text not null default ''`,
  `alter table departments add column phone text not null default ''`,
  `alter table departments add column manager_id text`,
  `create index departments_tenant_parent on departments (tenant_id, parent_id)`,
  `alter table posts add column description text not null default ''`,
  `alter table posts add column parent_id text not null default '0'`,
  `alter table roles add column updated_at timestamptz not null default now()`,
  `alter table users add column description text not null default ''`,
  // Filters of the user list (GET /users/page): keyword on account / real name / mobile, company, department, enabled.
  `create index users_tenant_created on users (tenant_id, created_at desc, id)`,
  `create index users_tenant_company_created on users (tenant_id, company_id, created_at desc, id)`,
  `create index users_tenant_real_name on users (tenant_id, real_name)`,
  `create index users_tenant_enabled on users (tenant_id, enabled, created_at desc)`,
  `create index user_departments_department_user on user_departments (department_id, user_id)`,
  `create index user_roles_user on user_roles (user_id)`,
  `create index user_posts_user on user_posts (user_id)`,
  // Users who may maintain a department (its members and data) besides administrators.
  `create table department_maintainers (
    tenant_id text not null references tenants(id),
    department_id text not null references departments(id) on delete cascade,
    user_id text not null references users(id) on delete cascade,
    primary key (department_id, user_id)
  )`,
  `create index department_maintainers_user on department_maintainers (user_id)`,
  // Special posts: posts of one company or department assigned to act for another company or department.
  `create table special_posts (
    tenant_id text not null references tenants(id),
    object_type smallint not null,
    object_id text not null,
    post_id text not null references posts(id) on delete cascade,
    primary key (object_type, object_id, post_id)
  )`,
  `create table module_columns (
    id text primary key,
    module_id text not null references modules(id) on delete cascade,
    en_code text not null,
    full_name text not null,
    sort_code integer not null default 0,
    unique (module_id, en_code)
  )`,
  `create table module_forms (
    id text primary key,
    module_id text not null references modules(id) on delete cascade,
    en_code text not null,
    full_name text not null,
    sort_code integer not null default 0,
    unique (module_id, en_code)
  )`,
  `alter table modules add column description text not null default ''`,
  // Mobile-app functions that can be granted like menu entries (authorize item type 5).
  `create table app_functions (
    id text primary key,
    en_code text not null unique,
    full_name text not null,
    icon text not null default '',
    url_address text not null default '',
    sort_code integer not null default 0,
    enabled boolean not null default true
  )`,
  // Data scope per object (role or user) and module: 1 own, 2 own department, 3 department and below,
  // 4 own company, 5 all, 6 custom (the listed departments).
  `create table data_authorizes (
    id text primary key,
    tenant_id text not null references tenants(id),
    object_type smallint not null,
    object_id text not null,
    module_id text not null references modules(id) on delete cascade,
    scope smallint not null,
    department_ids jsonb not null default '[]',
    created_at timestamptz not null default now(),
    unique (tenant_id, object_type, object_id, module_id)
  )`,
  `create index data_authorizes_object on data_authorizes (object_id)`,
  // Which menu entries a tenant has. The default (platform) tenant has every entry.
  `create table tenant_modules (
    tenant_id text not null references tenants(id) on delete cascade,
    module_id text not null references modules(id) on delete cascade,
    primary key (tenant_id, module_id)
  )`,
  `alter table tenants add column description text not null default ''`,
  `alter table tenants add column contact text not null default ''`,
  `alter table tenants add column phone text not null default ''`,
  `alter table tenants add column expires_at timestamptz`,
  `alter table subsystems add column description text not null default ''`,
  // China's administrative divisions: province (1), city (2), district (3). Product-wide, seeded below.
  `create table areas (
    id text primary key,
    parent_id text not null,
    name text not null,
    level smallint not null,
    sort_code integer not null default 0
  )`,
  `create index areas_parent on areas (parent_id, sort_code)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
