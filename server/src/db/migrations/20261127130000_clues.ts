import { sql, type Kysely } from 'kysely';
import { defineModules, type ModuleDefinition } from '../module-catalog.js';

/**
 * Leads left on the sign-in page (POST /login/add-clue) and the administrators' list of them under 系统管理.
 * Indexes follow the list's filters: newest first per tenant (time range, keyword scan within it), and by handled state.
 */
const statements = [
  `create table clues (
    id text primary key,
    tenant_id text not null references tenants(id) on delete cascade,
    name text not null,
    phone text not null default '',
    email text not null default '',
    company text not null default '',
    message text not null default '',
    ip text,
    user_agent text,
    handled smallint not null default 0,
    handled_by text,
    handled_at timestamptz,
    created_at timestamptz not null default now()
  )`,
  `create index clues_tenant_time on clues (tenant_id, created_at desc)`,
  `create index clues_tenant_handled_time on clues (tenant_id, handled, created_at desc)`,
];

export const clueModules: ModuleDefinition[] = [
  {
    id: 'system-clue',
    enCode: 'system.clue',
    fullName: '客户线索',
    i18nKey: 'menu.clue',
    icon: 'ContactsOutlined',
    url: '/system/clue',
    sort: 3,
    buttons: [
      { enCode: 'list', fullName: '查询' },
      { enCode: 'handle', fullName: '标记已处理' },
      { enCode: 'delete', fullName: '删除' },
    ],
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
  await defineModules(db, '0', clueModules, 'system');
}
