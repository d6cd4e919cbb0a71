import { sql, type Kysely } from 'kysely';

/**
 * docs/data-platform-design.md: database links, table drafts and released designs, the common-fields
 * library, data sources, interfaces and report relations. Everything belongs to a tenant.
 * The per-tenant schema and reader role of the platform link are made on first release, not here.
 */
const statements = [
  `create table database_links (
    id text primary key,
    tenant_id text not null references tenants(id) on delete cascade,
    alias text not null,
    db_type text not null,
    host text not null,
    port integer not null,
    database_name text not null,
    schema_name text not null default '',
    user_name text not null default '',
    password_cipher text not null default '',
    query_role text not null default '',
    group_name text not null default '',
    description text not null default '',
    sort_code integer not null default 0,
    created_by text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create unique index database_links_tenant_alias on database_links (tenant_id, alias)`,
  `create index database_links_tenant_group on database_links (tenant_id, group_name, sort_code)`,
  `create table database_drafts (
    id text primary key,
    tenant_id text not null references tenants(id) on delete cascade,
    link_id text not null,
    table_name text not null,
    design jsonb not null,
    created_by text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create unique index database_drafts_table on database_drafts (tenant_id, link_id, table_name)`,
  `create table data_tables (
    id text primary key,
    tenant_id text not null references tenants(id) on delete cascade,
    link_id text not null,
    table_name text not null,
    comment text not null default '',
    design jsonb not null,
    released_by text,
    released_at timestamptz not null default now()
  )`,
  `create unique index data_tables_table on data_tables (tenant_id, link_id, table_name)`,
  `create table database_fields (
    id text primary key,
    tenant_id text not null references tenants(id) on delete cascade,
    field_name text not null,
    data_type text not null,
    length integer,
    nullable boolean not null default true,
    default_value text not null default '',
    remark text not null default '',
    sort_code integer not null default 0,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create unique index database_fields_name on database_fields (tenant_id, field_name)`,
  `create table data_sources (
    id text primary key,
    tenant_id text not null references tenants(id) on delete cascade,
    code text not null,
    name text not null,
    link_id text not null,
    sql_text text not null,
    params jsonb not null default '[]',
    id_field text not null default '',
    parent_field text not null default '',
    description text not null default '',
    created_by text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create unique index data_sources_code on data_sources (tenant_id, code)`,
  `create index data_sources_tenant_time on data_sources (tenant_id, created_at desc)`,
  `create table interfaces (
    id text primary key,
    tenant_id text not null references tenants(id) on delete cascade,
    code text not null,
    name text not null,
    method text not null,
    url text not null,
    headers jsonb not null default '[]',
    body_template text not null default '',
    response_path text not null default '',
    timeout_ms integer not null default 5000,
    description text not null default '',
    created_by text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create unique index interfaces_code on interfaces (tenant_id, code)`,
  `create index interfaces_tenant_time on interfaces (tenant_id, created_at desc)`,
  `create table reports_relations (
    id text primary key,
    tenant_id text not null references tenants(id) on delete cascade,
    report_id text not null default '',
    name text not null,
    data_source_id text not null default '',
    params jsonb not null default '[]',
    sort_code integer not null default 0,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create index reports_relations_tenant_report on reports_relations (tenant_id, report_id, sort_code)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
