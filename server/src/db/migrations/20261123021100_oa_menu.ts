import { sql, type Kysely } from 'kysely';
import { defineModules, grantToRole, type ModuleDefinition } from '../module-catalog.js';
import type { Database } from '../../core/db/schema.js';

const buttons = (extra: { enCode: string; fullName: string }[] = []) => [
  { enCode: 'list', fullName: '查询' },
  { enCode: 'add', fullName: '新增' },
  { enCode: 'edit', fullName: '编辑' },
  { enCode: 'delete', fullName: '删除' },
  ...extra,
];

/** Office automation: news, notices, schedule. */
export const oaModules: ModuleDefinition[] = [
  {
    id: 'oa',
    enCode: 'oa',
    fullName: '办公自动化',
    i18nKey: 'menu.oa',
    icon: 'CoffeeOutlined',
    url: '/office-automation',
    sort: 30,
    children: [
      {
        id: 'oa-news',
        enCode: 'oa.news',
        fullName: '新闻中心',
        i18nKey: 'menu.news',
        icon: 'ReadOutlined',
        url: '/office-automation/news',
        sort: 1,
        buttons: buttons([{ enCode: 'publish', fullName: '发布' }]),
      },
      {
        id: 'oa-notice',
        enCode: 'oa.notice',
        fullName: '通知公告',
        i18nKey: 'menu.notice',
        icon: 'NotificationOutlined',
        url: '/office-automation/notice',
        sort: 2,
        buttons: buttons([{ enCode: 'publish', fullName: '发布' }]),
      },
      {
        id: 'oa-schedule',
        enCode: 'oa.schedule',
        fullName: '日程管理',
        i18nKey: 'menu.schedule',
        icon: 'CalendarOutlined',
        url: '/office-automation/schedule',
        sort: 3,
        buttons: buttons(),
      },
    ],
  },
];

/** 系统日志 under 系统管理. */
export const logModules: ModuleDefinition[] = [
  {
    id: 'system-log',
    enCode: 'system.log',
    fullName: '系统日志',
    i18nKey: 'menu.log',
    icon: 'FileSearchOutlined',
    url: '/system/log',
    sort: 23,
    buttons: [
      { enCode: 'list', fullName: '查询' },
      { enCode: 'delete', fullName: '删除' },
      { enCode: 'clear', fullName: '清空' },
    ],
  },
];

/**
 * What staff and managers get: the OA group, reading news and notices, and their own schedule
 * (a schedule is personal: everyone adds, edits and deletes their own events).
 */
export const oaReaderItems: { type: number; id: string }[] = [
  { type: 1, id: 'oa' },
  ...['oa-news', 'oa-notice', 'oa-schedule'].flatMap((id) => [
    { type: 1, id },
    { type: 2, id: `${id}:list` },
  ]),
  ...['add', 'edit', 'delete'].map((button) => ({ type: 2, id: `oa-schedule:${button}` })),
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await defineModules(db, '0', oaModules);
  await defineModules(db, '0', logModules, 'system');
  const typed = db as Kysely<Database>;
  const roles = await typed
    .selectFrom('roles')
    .select(['id', 'tenant_id'])
    .where(sql<boolean>`en_code in ('staff', 'manager')`)
    .execute();
  for (const role of roles) await grantToRole(typed, role.tenant_id, role.id, oaReaderItems);
}
