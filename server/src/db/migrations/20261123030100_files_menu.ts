import { sql, type Kysely } from 'kysely';
import { defineModules, grantToRole, type ModuleDefinition } from '../module-catalog.js';
import type { Database } from '../../core/db/schema.js';

/** 文件管理 under 办公自动化: everyone's own files. */
export const fileModules: ModuleDefinition[] = [
  {
    id: 'oa-files',
    enCode: 'oa.files',
    fullName: '文件管理',
    i18nKey: 'menu.files',
    icon: 'FolderOutlined',
    url: '/office-automation/files',
    sort: 4,
    buttons: [
      { enCode: 'list', fullName: '查询' },
      { enCode: 'add', fullName: '新增' },
      { enCode: 'edit', fullName: '编辑' },
      { enCode: 'delete', fullName: '删除' },
    ],
  },
];

/** A file manager is personal: staff and managers get all of its buttons over their own files. */
export const fileManagerItems = [{ type: 1, id: 'oa-files' }, ...['list', 'add', 'edit', 'delete'].map((button) => ({ type: 2, id: `oa-files:${button}` }))];

export async function up(db: Kysely<unknown>): Promise<void> {
  await defineModules(db, '0', fileModules, 'oa');
  const typed = db as Kysely<Database>;
  const roles = await typed
    .selectFrom('roles')
    .select(['id', 'tenant_id'])
    .where(sql<boolean>`en_code in ('staff', 'manager')`)
    .execute();
  for (const role of roles) await grantToRole(typed, role.tenant_id, role.id, fileManagerItems);
}
