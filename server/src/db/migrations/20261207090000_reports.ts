import { sql, type Kysely } from 'kysely';
import { defineModules, type ModuleDefinition } from '../module-catalog.js';

/**
 * Reports (docs/reports-design.md): folders, reports, their designs (one row per saved version, the report points
 * at its current one), releases to menu entries and share links of /report-frame/{id}. The 报表 group holds the
 * three screens and 报表中心, where released reports go unless their release names another entry.
 * Indexes: each list's filters (tenant + folder, tenant + report, newest first), codes unique per tenant, one
 * version number per report.
 */
const statements = [
  `create table report_folders (
    id text primary key,
    tenant_id text not null references tenants(id) on delete cascade,
    parent_id text not null default '0',
    name text not null,
    sort_code integer not null default 0,
    created_by text,
    created_at timestamptz not null default now()
  )`,
  `create index report_folders_tenant_parent on report_folders (tenant_id, parent_id, sort_code)`,
  `create table reports (
    id text primary key,
    tenant_id text not null references tenants(id) on delete cascade,
    folder_id text not null default '0',
    name text not null,
    code text not null,
    description text not null default '',
    enabled smallint not null default 1,
    content_id text,
    version integer not null default 0,
    created_by text,
    created_by_name text not null default '',
    created_at timestamptz not null default now(),
    modified_at timestamptz
  )`,
  `create unique index reports_tenant_code on reports (tenant_id, lower(code))`,
  `create index reports_tenant_folder on reports (tenant_id, folder_id, created_at desc, id)`,
  `create index reports_tenant_created on reports (tenant_id, created_at desc, id)`,
  `create table report_contents (
    id text primary key,
    tenant_id text not null references tenants(id) on delete cascade,
    report_id text not null references reports(id) on delete cascade,
    version integer not null,
    design jsonb not null,
    note text not null default '',
    created_by text,
    created_by_name text not null default '',
    created_at timestamptz not null default now()
  )`,
  `create unique index report_contents_version on report_contents (report_id, version)`,
  `create index report_contents_tenant_report on report_contents (tenant_id, report_id, version desc)`,
  `create table report_releases (
    id text primary key,
    tenant_id text not null references tenants(id) on delete cascade,
    report_id text not null references reports(id),
    module_id text not null unique,
    name text not null,
    parent_module_id text not null,
    icon text not null default '',
    sort_code integer not null default 0,
    enabled smallint not null default 1,
    description text not null default '',
    created_by text,
    created_at timestamptz not null default now()
  )`,
  `create index report_releases_tenant_report on report_releases (tenant_id, report_id)`,
  `create index report_releases_tenant_created on report_releases (tenant_id, created_at desc, id)`,
  `create table report_shares (
    id text primary key,
    tenant_id text not null references tenants(id) on delete cascade,
    report_id text not null references reports(id) on delete cascade,
    expires_at timestamptz not null,
    password_hash text,
    note text not null default '',
    created_by text not null,
    created_by_name text not null default '',
    created_at timestamptz not null default now()
  )`,
  `create index report_shares_tenant_report on report_shares (tenant_id, report_id, created_at desc)`,
  `create index report_shares_tenant_created on report_shares (tenant_id, created_at desc, id)`,
];

export const REPORT_CENTER_GROUP = 'report-center';

export const reportModules: ModuleDefinition[] = [
  {
    id: 'report',
    enCode: 'report',
    fullName: '报表',
    i18nKey: 'menu.report',
    icon: 'BarChartOutlined',
    url: '',
    sort: 60,
    children: [
      {
        id: 'report-design',
        enCode: 'report.design',
        fullName: '报表设计',
        i18nKey: 'menu.reportDesign',
        icon: 'FormOutlined',
        url: '/report/design',
        sort: 1,
        buttons: [
          { enCode: 'list', fullName: '查询' },
          { enCode: 'save', fullName: '保存设计' },
          { enCode: 'preview', fullName: '预览' },
        ],
      },
      {
        id: 'report-manage',
        enCode: 'report.manage',
        fullName: '报表管理',
        i18nKey: 'menu.reportManage',
        icon: 'FolderOutlined',
        url: '/report/manage',
        sort: 2,
        buttons: [
          { enCode: 'list', fullName: '查询' },
          { enCode: 'add', fullName: '新增' },
          { enCode: 'edit', fullName: '编辑' },
          { enCode: 'delete', fullName: '删除' },
          { enCode: 'folder', fullName: '目录维护' },
          { enCode: 'share', fullName: '分享' },
        ],
      },
      {
        id: 'report-release',
        enCode: 'report.release',
        fullName: '报表发布',
        i18nKey: 'menu.reportRelease',
        icon: 'ProfileOutlined',
        url: '/report/release',
        sort: 3,
        buttons: [
          { enCode: 'list', fullName: '查询' },
          { enCode: 'add', fullName: '新增' },
          { enCode: 'edit', fullName: '编辑' },
          { enCode: 'delete', fullName: '删除' },
        ],
      },
      {
        id: REPORT_CENTER_GROUP,
        enCode: 'report.center',
        fullName: '报表中心',
        i18nKey: 'menu.reportCenter',
        icon: 'DashboardOutlined',
        url: '',
        sort: 4,
        target: 'expand',
      },
    ],
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
  await defineModules(db, '0', reportModules);
}
