import { sql, type Kysely } from 'kysely';
import { defineModules, type ModuleDefinition } from '../module-catalog.js';

/**
 * Excel import and export templates (docs/excel-templates.md) and the import runs (progress and result of each
 * uploaded file). Indexes follow the list filters (tenant, state, bound screen, newest first) and the screen's
 * "which templates are mine" question (tenant, module, enabled).
 */
const statements = [
  `create table excel_imports (
    id text primary key,
    tenant_id text not null references tenants(id) on delete cascade,
    name text not null,
    module_id text not null,
    button_name text not null default '',
    target_kind text not null,
    relation_id text not null default '',
    link_id text not null default '',
    table_name text not null default '',
    error_rule text not null default 'skip',
    columns jsonb not null default '[]',
    enabled smallint not null default 1,
    description text not null default '',
    created_by text,
    created_at timestamptz not null default now(),
    updated_at timestamptz
  )`,
  `create index excel_imports_tenant_time on excel_imports (tenant_id, created_at desc)`,
  `create index excel_imports_tenant_state on excel_imports (tenant_id, enabled, created_at desc)`,
  `create index excel_imports_tenant_module on excel_imports (tenant_id, module_id, enabled)`,
  `create table excel_exports (
    id text primary key,
    tenant_id text not null references tenants(id) on delete cascade,
    name text not null,
    module_id text not null,
    button_name text not null default '',
    target_kind text not null,
    relation_id text not null default '',
    link_id text not null default '',
    table_name text not null default '',
    apply_query smallint not null default 1,
    ignore_scope smallint not null default 0,
    columns jsonb not null default '[]',
    enabled smallint not null default 1,
    description text not null default '',
    created_by text,
    created_at timestamptz not null default now(),
    updated_at timestamptz
  )`,
  `create index excel_exports_tenant_time on excel_exports (tenant_id, created_at desc)`,
  `create index excel_exports_tenant_state on excel_exports (tenant_id, enabled, created_at desc)`,
  `create index excel_exports_tenant_module on excel_exports (tenant_id, module_id, enabled)`,
  `create table excel_import_runs (
    id text primary key,
    tenant_id text not null references tenants(id) on delete cascade,
    template_id text not null references excel_imports(id) on delete cascade,
    user_id text not null,
    file_name text not null default '',
    state text not null default 'running',
    rows_total integer not null default 0,
    rows_read integer not null default 0,
    rows_valid integer not null default 0,
    rows_invalid integer not null default 0,
    rows_stored integer not null default 0,
    message text,
    errors jsonb not null default '[]',
    error_key text,
    heartbeat_at timestamptz not null default now(),
    started_at timestamptz not null default now(),
    finished_at timestamptz
  )`,
  `create index excel_import_runs_template on excel_import_runs (tenant_id, template_id, started_at desc)`,
];

export const excelTemplateModules: ModuleDefinition[] = [
  {
    id: 'system-excel-import',
    enCode: 'system.excelImport',
    fullName: '导入模板',
    i18nKey: 'menu.excelImport',
    icon: 'FileTextOutlined',
    url: '/system/excel-import',
    sort: 20,
    buttons: [
      { enCode: 'list', fullName: '查询' },
      { enCode: 'add', fullName: '新增' },
      { enCode: 'edit', fullName: '编辑' },
      { enCode: 'delete', fullName: '删除' },
      { enCode: 'enable', fullName: '启用/停用' },
      { enCode: 'download', fullName: '下载模板' },
    ],
  },
  {
    id: 'system-excel-export',
    enCode: 'system.excelExport',
    fullName: '导出模板',
    i18nKey: 'menu.excelExport',
    icon: 'ProfileOutlined',
    url: '/system/excel-export',
    sort: 21,
    buttons: [
      { enCode: 'list', fullName: '查询' },
      { enCode: 'add', fullName: '新增' },
      { enCode: 'edit', fullName: '编辑' },
      { enCode: 'delete', fullName: '删除' },
      { enCode: 'enable', fullName: '启用/停用' },
    ],
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
  await defineModules(db, '0', excelTemplateModules, 'system');
}
