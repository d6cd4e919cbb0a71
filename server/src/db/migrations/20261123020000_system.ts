import { sql, type Kysely } from 'kysely';
import { insertDemoDictionaries } from '../../modules/dictionary/demo-data.js';
import { insertDefaultLanguages } from '../../modules/language/default-languages.js';

/** Data dictionary, languages and translations, code rules. */
const statements = [
  `create table dictionary_types (
    id text primary key,
    tenant_id text not null references tenants(id),
    parent_id text not null default '0',
    code text not null,
    name text not null,
    is_tree boolean not null default false,
    is_nav boolean not null default false,
    sort_code integer not null default 0,
    enabled boolean not null default true,
    deleted boolean not null default false,
    description text not null default '',
    created_at timestamptz not null default now()
  )`,
  `create unique index dictionary_types_tenant_code on dictionary_types (tenant_id, lower(code))`,
  `create index dictionary_types_tenant_parent on dictionary_types (tenant_id, parent_id, sort_code)`,
  `create table dictionary_items (
    id text primary key,
    tenant_id text not null references tenants(id),
    type_id text not null references dictionary_types(id),
    parent_id text not null default '0',
    name text not null,
    value text not null,
    code text not null default '',
    sort_code integer not null default 0,
    enabled boolean not null default true,
    description text not null default '',
    created_at timestamptz not null default now()
  )`,
  `create unique index dictionary_items_type_value on dictionary_items (type_id, value)`,
  `create index dictionary_items_type_sort on dictionary_items (type_id, sort_code, id)`,
  `create index dictionary_items_tenant on dictionary_items (tenant_id)`,
  `create table language_types (
    id text primary key,
    tenant_id text not null references tenants(id),
    code text not null,
    name text not null,
    is_main boolean not null default false,
    sort_code integer not null default 0,
    enabled boolean not null default true,
    created_at timestamptz not null default now()
  )`,
  `create unique index language_types_tenant_code on language_types (tenant_id, lower(code))`,
  `create table lp_map (
    id text primary key,
    tenant_id text not null references tenants(id),
    object_type text not null,
    object_id text not null,
    code text not null,
    name text not null,
    translations jsonb not null default '{}',
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (tenant_id, object_type, object_id)
  )`,
  `create index lp_map_tenant_created on lp_map (tenant_id, created_at desc, id)`,
  `create table code_rules (
    id text primary key,
    tenant_id text not null references tenants(id),
    en_code text not null,
    full_name text not null,
    description text not null default '',
    enabled boolean not null default true,
    parts jsonb not null default '[]',
    created_at timestamptz not null default now()
  )`,
  `create unique index code_rules_tenant_code on code_rules (tenant_id, lower(en_code))`,
  `create index code_rules_tenant_created on code_rules (tenant_id, created_at desc, id)`,
  // One counter per rule and period ('-' when the sequence never resets), bumped atomically by one upsert.
  `create table code_rule_counters (
    rule_id text not null references code_rules(id) on delete cascade,
    period text not null,
    value bigint not null,
    primary key (rule_id, period)
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
  // Tenants that exist already (the demo tenant of an upgraded database) get the languages and demo dictionaries;
  // on an empty database the seed inserts them.
  const tenants = await sql<{ id: string }>`select id from tenants`.execute(db);
  for (const tenant of tenants.rows) {
    await insertDefaultLanguages(db, tenant.id);
    if (tenant.id === 'default') await insertDemoDictionaries(db, tenant.id);
  }
}
