import { sql, type Kysely } from 'kysely';

/**
 * system logs (operation and exception; sign-in logs stay in login_logs), news, notices, schedule and
 * messages. Rows of a tenant go with it (on delete cascade); messages go with their recipient.
 */
const statements = [
  `create table system_logs (
    id text primary key,
    tenant_id text references tenants(id) on delete cascade,
    category smallint not null,
    user_id text,
    account text,
    module text,
    method text,
    url text,
    params text,
    duration_ms integer,
    status integer,
    result text not null default '',
    detail text,
    request_id text,
    ip text,
    created_at timestamptz not null default now()
  )`,
  `create index system_logs_tenant_category_time on system_logs (tenant_id, category, created_at desc)`,
  `create table news (
    id text primary key,
    tenant_id text not null references tenants(id) on delete cascade,
    type_id smallint not null default 1,
    category_id text not null default '',
    full_head text not null,
    author_name text not null default '',
    compile_name text not null default '',
    source_name text not null default '',
    source_address text not null default '',
    release_time timestamptz,
    content text not null default '',
    attachments jsonb not null default '[]',
    enabled smallint not null default 0,
    created_by text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create index news_tenant_time on news (tenant_id, created_at desc)`,
  `create index news_tenant_enabled_time on news (tenant_id, enabled, created_at desc)`,
  `create index news_tenant_category_time on news (tenant_id, category_id, created_at desc)`,
  `create table notices (
    id text primary key,
    tenant_id text not null references tenants(id) on delete cascade,
    full_head text not null,
    content text not null default '',
    send_time timestamptz,
    enabled smallint not null default 0,
    created_by text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create index notices_tenant_time on notices (tenant_id, created_at desc)`,
  `create index notices_tenant_enabled_time on notices (tenant_id, enabled, created_at desc)`,
  `create table schedules (
    id text primary key,
    tenant_id text not null references tenants(id) on delete cascade,
    user_id text not null references users(id) on delete cascade,
    title text not null,
    content text not null default '',
    start_time timestamptz not null,
    end_time timestamptz not null,
    all_day smallint not null default 0,
    remind_minutes integer not null default 0,
    participants text[] not null default '{}',
    created_at timestamptz not null default now()
  )`,
  `create index schedules_user_start on schedules (user_id, start_time)`,
  `create index schedules_participants on schedules using gin (participants)`,
  `create table messages (
    id text primary key,
    tenant_id text not null references tenants(id) on delete cascade,
    user_id text not null references users(id) on delete cascade,
    type smallint not null,
    title text not null default '',
    content text not null default '',
    object_id text,
    payload jsonb,
    is_read boolean not null default false,
    read_at timestamptz,
    created_at timestamptz not null default now(),
    -- Insertion order, to order messages created within the same clock tick.
    seq bigint generated always as identity
  )`,
  `create index messages_user_type_time on messages (user_id, type, created_at desc, seq desc)`,
  `create index messages_user_type_unread on messages (user_id, type) where not is_read`,
  // The push hub asks for rows created since its last check.
  `create index messages_created on messages (created_at)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
