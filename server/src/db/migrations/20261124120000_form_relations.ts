import { sql, type Kysely } from 'kysely';

/**
 * docs/form-publishing-design.md: form relations (a designed form published as a menu page; its list
 * configuration in `setting`) and data relations (option cascades between two fields of one form).
 */
const statements = [
  `create table form_relations (
    id text primary key,
    tenant_id text not null references tenants(id) on delete cascade,
    name text not null,
    form_id text not null references form_schemes(id) on delete cascade,
    module_id text not null,
    parent_module_id text not null default 'form-apps',
    icon text not null default '',
    sort_code integer not null default 0,
    enabled boolean not null default true,
    description text not null default '',
    setting jsonb not null,
    created_by text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create index form_relations_list on form_relations (tenant_id, sort_code, created_at)`,
  `create index form_relations_form on form_relations (tenant_id, form_id)`,
  `create unique index form_relations_module on form_relations (module_id)`,
  `create table data_relations (
    id text primary key,
    tenant_id text not null references tenants(id) on delete cascade,
    form_id text not null references form_schemes(id) on delete cascade,
    name text not null,
    source_form_id integer not null,
    target_form_id integer not null,
    filter_field text not null,
    enabled boolean not null default true,
    description text not null default '',
    created_by text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create index data_relations_form on data_relations (tenant_id, form_id, created_at)`,
  `create unique index data_relations_target on data_relations (form_id, target_form_id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
