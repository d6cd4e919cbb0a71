import { sql, type Kysely } from 'kysely';

/** Organisation skeleton, menus and grants, sessions, sign-in records and client logs. */
const statements = [
  `create table tenants (
    id text primary key,
    code text not null unique,
    name text not null,
    enabled boolean not null default true,
    is_default boolean not null default false,
    created_at timestamptz not null default now()
  )`,
  `create unique index tenants_one_default on tenants (is_default) where is_default`,
  `create table companies (
    id text primary key,
    tenant_id text not null references tenants(id),
    parent_id text not null default '0',
    full_name text not null,
    short_name text not null default '',
    en_code text not null default '',
    nature text,
    sort_code integer not null default 0,
    enabled boolean not null default true,
    created_at timestamptz not null default now()
  )`,
  `create index companies_tenant_parent on companies (tenant_id, parent_id, sort_code)`,
  `create table departments (
    id text primary key,
    tenant_id text not null references tenants(id),
    company_id text not null references companies(id),
    parent_id text not null default '0',
    full_name text not null,
    en_code text not null default '',
    nature text,
    sort_code integer not null default 0,
    enabled boolean not null default true,
    created_at timestamptz not null default now()
  )`,
  `create index departments_tenant_company on departments (tenant_id, company_id, parent_id, sort_code)`,
  `create table posts (
    id text primary key,
    tenant_id text not null references tenants(id),
    company_id text not null references companies(id),
    department_id text references departments(id),
    name text not null,
    en_code text not null default '',
    sort_code integer not null default 0,
    created_at timestamptz not null default now()
  )`,
  `create index posts_tenant_company on posts (tenant_id, company_id, department_id)`,
  `create table roles (
    id text primary key,
    tenant_id text not null references tenants(id),
    full_name text not null,
    en_code text not null,
    description text not null default '',
    enabled boolean not null default true,
    sort_code integer not null default 0,
    created_at timestamptz not null default now(),
    unique (tenant_id, en_code)
  )`,
  `create table users (
    id text primary key,
    tenant_id text not null references tenants(id),
    account text not null,
    real_name text not null,
    password_hash text not null,
    mobile text,
    email text,
    gender smallint not null default 0,
    head_icon text,
    company_id text references companies(id),
    enabled boolean not null default true,
    failed_login_count integer not null default 0,
    locked_until timestamptz,
    sort_code integer not null default 0,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create unique index users_tenant_account on users (tenant_id, lower(account))`,
  `create index users_tenant_mobile on users (tenant_id, mobile) where mobile is not null`,
  `create index users_tenant_company on users (tenant_id, company_id)`,
  `create table user_departments (
    tenant_id text not null references tenants(id),
    user_id text not null references users(id) on delete cascade,
    department_id text not null references departments(id),
    primary key (user_id, department_id)
  )`,
  `create index user_departments_department on user_departments (department_id)`,
  `create table user_roles (
    tenant_id text not null references tenants(id),
    user_id text not null references users(id) on delete cascade,
    role_id text not null references roles(id) on delete cascade,
    primary key (user_id, role_id)
  )`,
  `create index user_roles_role on user_roles (role_id)`,
  `create table user_posts (
    tenant_id text not null references tenants(id),
    user_id text not null references users(id) on delete cascade,
    post_id text not null references posts(id) on delete cascade,
    primary key (user_id, post_id)
  )`,
  `create index user_posts_post on user_posts (post_id)`,
  `create table subsystems (
    id text primary key,
    tenant_id text not null references tenants(id),
    name text not null,
    index_url text not null default '',
    icon text not null default '',
    sort_code integer not null default 0,
    enabled boolean not null default true,
    created_at timestamptz not null default now()
  )`,
  `create index subsystems_tenant on subsystems (tenant_id, sort_code)`,
  // Menu entries are product-wide: the features that exist define them; grants decide who sees them.
  `create table modules (
    id text primary key,
    system_id text not null default '0',
    parent_id text not null default '0',
    en_code text not null unique,
    full_name text not null,
    icon text not null default '',
    url_address text not null default '',
    target text not null default '',
    group_paths jsonb not null default '[]',
    query jsonb not null default '{}',
    keep_alive boolean not null default true,
    i18n_key text,
    is_common boolean not null default false,
    is_menu boolean not null default true,
    enabled boolean not null default true,
    sort_code integer not null default 0,
    created_at timestamptz not null default now()
  )`,
  `create index modules_system_parent on modules (system_id, parent_id, sort_code)`,
  `create table module_buttons (
    id text primary key,
    module_id text not null references modules(id) on delete cascade,
    en_code text not null,
    full_name text not null,
    sort_code integer not null default 0,
    unique (module_id, en_code)
  )`,
  `create table authorizes (
    id text primary key,
    tenant_id text not null references tenants(id),
    object_type smallint not null,
    object_id text not null,
    item_type smallint not null,
    item_id text not null,
    created_at timestamptz not null default now(),
    unique (tenant_id, object_type, object_id, item_type, item_id)
  )`,
  `create index authorizes_object on authorizes (object_id, item_type)`,
  `create table sessions (
    id text primary key,
    tenant_id text not null references tenants(id),
    user_id text not null references users(id) on delete cascade,
    refresh_hash text not null,
    ip text not null default '',
    user_agent text not null default '',
    created_at timestamptz not null default now(),
    last_active_at timestamptz not null default now(),
    expires_at timestamptz not null,
    revoked_at timestamptz
  )`,
  `create index sessions_user on sessions (user_id)`,
  `create index sessions_tenant_active on sessions (tenant_id, last_active_at desc) where revoked_at is null`,
  `create table sms_codes (
    id text primary key,
    tenant_id text not null references tenants(id),
    phone text not null,
    code_hash text not null,
    attempts integer not null default 0,
    expires_at timestamptz not null,
    used_at timestamptz,
    created_at timestamptz not null default now()
  )`,
  `create index sms_codes_phone on sms_codes (tenant_id, phone, created_at desc)`,
  `create table login_logs (
    id text primary key,
    tenant_id text not null references tenants(id),
    user_id text,
    account text not null,
    ip text not null default '',
    success boolean not null,
    message text not null default '',
    created_at timestamptz not null default now()
  )`,
  `create index login_logs_tenant_time on login_logs (tenant_id, created_at desc)`,
  `create index login_logs_user_time on login_logs (user_id, created_at desc)`,
  `create table client_logs (
    id text primary key,
    tenant_id text not null references tenants(id),
    user_id text,
    type text not null,
    url text not null,
    message text not null,
    stack text not null default '',
    info text not null default '',
    client_time text not null,
    created_at timestamptz not null default now()
  )`,
  `create index client_logs_tenant_time on client_logs (tenant_id, created_at desc)`,
  `create index client_logs_tenant_type_time on client_logs (tenant_id, type, created_at desc)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
