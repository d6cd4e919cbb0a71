import { sql, type Kysely } from 'kysely';

/**
 * docs/workflow-design.md: workflow schemes and versions, relations to forms, the engine's state
 * (instances, tokens, tasks, the users who may act on them, history, circulation, timers), drafts, delegations
 * and stamps.
 */
const tenant = `tenant_id text not null references tenants(id) on delete cascade`;
const statements = [
  `create table wf_schemes (
    id text primary key, ${tenant},
    code text not null,
    name text not null,
    category text not null default '',
    icon text not null default '',
    description text not null default '',
    enabled boolean not null default true,
    auth_type integer not null default 0,
    auth_objects jsonb not null default '[]',
    launch_key text not null default '',
    current_version_id text,
    sort_code integer not null default 0,
    created_by text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create unique index wf_schemes_code on wf_schemes (tenant_id, lower(code))`,
  `create index wf_schemes_list on wf_schemes (tenant_id, category, sort_code, created_at)`,
  `create table wf_scheme_versions (
    id text primary key, ${tenant},
    scheme_id text not null references wf_schemes(id) on delete cascade,
    version integer not null,
    xml text not null,
    graph jsonb not null,
    created_by text,
    created_at timestamptz not null default now()
  )`,
  `create unique index wf_scheme_versions_number on wf_scheme_versions (scheme_id, version)`,
  `create table wf_relations (
    id text primary key, ${tenant},
    scheme_id text not null references wf_schemes(id) on delete cascade,
    form_id text not null,
    form_type integer not null default 0,
    form_url text not null default '',
    name text not null default '',
    sort_code integer not null default 0,
    created_by text,
    created_at timestamptz not null default now()
  )`,
  `create unique index wf_relations_form on wf_relations (scheme_id, form_id)`,
  `create index wf_relations_tenant on wf_relations (tenant_id, created_at)`,
  `create table wf_instances (
    id text primary key, ${tenant},
    root_id text not null,
    parent_id text,
    parent_node_id text,
    parent_execution_id text,
    scheme_id text not null references wf_schemes(id),
    version_id text not null references wf_scheme_versions(id),
    name text not null,
    state text not null default 'running',
    starter_id text not null,
    variables jsonb not null default '{}',
    form_keys jsonb not null default '[]',
    related jsonb not null default '[]',
    recycled_at timestamptz,
    created_at timestamptz not null default now(),
    completed_at timestamptz,
    updated_at timestamptz not null default now()
  )`,
  `create index wf_instances_starter on wf_instances (tenant_id, starter_id, created_at desc)`,
  `create index wf_instances_state on wf_instances (tenant_id, state, created_at desc)`,
  `create index wf_instances_scheme on wf_instances (scheme_id, state)`,
  `create index wf_instances_parent on wf_instances (parent_id) where parent_id is not null`,
  `create table wf_executions (
    id text primary key, ${tenant},
    instance_id text not null references wf_instances(id) on delete cascade,
    parent_id text,
    node_id text not null,
    state text not null default 'active',
    mi jsonb,
    created_at timestamptz not null default now()
  )`,
  `create index wf_executions_instance on wf_executions (instance_id, state)`,
  `create table wf_tasks (
    id text primary key, ${tenant},
    instance_id text not null references wf_instances(id) on delete cascade,
    execution_id text not null,
    node_id text not null,
    node_name text not null default '',
    assignee_id text,
    owner_id text,
    returned_from text,
    state text not null default 'open',
    btn_value text,
    due_at timestamptz,
    created_at timestamptz not null default now(),
    completed_at timestamptz
  )`,
  `create index wf_tasks_instance on wf_tasks (instance_id, state)`,
  `create index wf_tasks_open on wf_tasks (tenant_id, created_at desc) where state = 'open'`,
  `create table wf_task_users (
    task_id text not null references wf_tasks(id) on delete cascade,
    user_id text not null, ${tenant},
    instance_id text not null,
    open boolean not null default true,
    created_at timestamptz not null default now(),
    primary key (task_id, user_id)
  )`,
  `create index wf_task_users_todo on wf_task_users (tenant_id, user_id, created_at desc) where open`,
  `create table wf_history (
    id text primary key, ${tenant},
    seq bigserial,
    instance_id text not null references wf_instances(id) on delete cascade,
    task_id text,
    node_id text not null,
    node_name text not null default '',
    node_type text not null,
    action text not null,
    user_id text,
    owner_id text,
    btn_value text,
    btn_name text,
    message text,
    stamp_id text,
    folder_id text,
    multi_instance boolean not null default false,
    candidates jsonb not null default '[]',
    next_nodes jsonb not null default '[]',
    started_at timestamptz not null default now(),
    ended_at timestamptz
  )`,
  `create index wf_history_instance on wf_history (instance_id, seq)`,
  `create index wf_history_done on wf_history (tenant_id, user_id, ended_at desc) where task_id is not null`,
  `create table wf_circulations (
    id text primary key, ${tenant},
    instance_id text not null references wf_instances(id) on delete cascade,
    task_id text,
    node_id text not null,
    node_name text not null default '',
    user_id text not null,
    from_user_id text,
    created_at timestamptz not null default now(),
    read_at timestamptz
  )`,
  `create index wf_circulations_user on wf_circulations (tenant_id, user_id, created_at desc)`,
  `create index wf_circulations_instance on wf_circulations (instance_id)`,
  `create table wf_drafts (
    id text primary key, ${tenant},
    user_id text not null,
    scheme_id text not null references wf_schemes(id) on delete cascade,
    name text not null default '',
    form_value jsonb not null default '[]',
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create index wf_drafts_user on wf_drafts (tenant_id, user_id, updated_at desc)`,
  `create table wf_delegates (
    id text primary key, ${tenant},
    user_id text not null,
    delegate_user_id text not null,
    scheme_ids jsonb not null default '[]',
    start_at timestamptz not null,
    end_at timestamptz not null,
    enabled boolean not null default true,
    description text not null default '',
    created_by text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create index wf_delegates_user on wf_delegates (tenant_id, user_id, start_at)`,
  `create table wf_timers (
    id text primary key, ${tenant},
    instance_id text not null references wf_instances(id) on delete cascade,
    task_id text,
    execution_id text,
    node_id text not null,
    action text not null,
    due_at timestamptz not null,
    state text not null default 'pending',
    fired_at timestamptz,
    created_at timestamptz not null default now()
  )`,
  `create index wf_timers_due on wf_timers (due_at) where state = 'pending'`,
  `create index wf_timers_task on wf_timers (task_id) where state = 'pending'`,
  `create table wf_stamps (
    id text primary key, ${tenant},
    name text not null,
    type text not null default '',
    is_default boolean not null default false,
    password_hash text not null default '',
    sort_code integer not null default 0,
    file_type integer not null default 1,
    file text not null default '',
    description text not null default '',
    enabled boolean not null default true,
    created_by text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create index wf_stamps_list on wf_stamps (tenant_id, sort_code, created_at)`,
  `create table wf_stamp_users (
    stamp_id text not null references wf_stamps(id) on delete cascade,
    user_id text not null,
    kind text not null default 'member', ${tenant},
    primary key (stamp_id, kind, user_id)
  )`,
  `create index wf_stamp_users_user on wf_stamp_users (tenant_id, user_id, kind)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
