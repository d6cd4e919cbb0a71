import { sql, type Kysely } from 'kysely';

/**
 * docs/forms-design.md: form schemes (one row per form) and their versions (one row per save; the form
 * points at its current version). Workflow instances keep the version id they started with.
 */
const statements = [
  `create table form_schemes (
    id text primary key,
    tenant_id text not null references tenants(id) on delete cascade,
    name text not null,
    form_type integer not null default 0,
    category text not null default '',
    url text not null default '',
    description text not null default '',
    sort_code integer not null default 0,
    enabled boolean not null default true,
    is_default boolean not null default false,
    current_version_id text,
    current_version integer not null default 0,
    has_tables boolean not null default false,
    created_by text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create index form_schemes_list on form_schemes (tenant_id, form_type, sort_code, created_at)`,
  `create index form_schemes_category on form_schemes (tenant_id, category)`,
  `create unique index form_schemes_url on form_schemes (tenant_id, lower(url)) where url <> ''`,
  `create table form_scheme_versions (
    id text primary key,
    tenant_id text not null references tenants(id) on delete cascade,
    scheme_id text not null references form_schemes(id) on delete cascade,
    version integer not null,
    content jsonb not null,
    table_info jsonb not null default '[]'::jsonb,
    created_by text,
    created_at timestamptz not null default now()
  )`,
  `create unique index form_scheme_versions_version on form_scheme_versions (scheme_id, version)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
