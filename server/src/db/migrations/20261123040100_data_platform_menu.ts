import type { Kysely } from 'kysely';
import { defineModules, type ModuleDefinition } from '../module-catalog.js';

const crud = [
  { enCode: 'list', fullName: '查询' },
  { enCode: 'add', fullName: '新增' },
  { enCode: 'edit', fullName: '编辑' },
  { enCode: 'delete', fullName: '删除' },
];

/** 快速开发 › 数据管理 and 系统管理 › 接口管理. Administrators only (defineModules grants admin roles). */
export const dataModules: ModuleDefinition[] = [
  {
    id: 'quick-development',
    enCode: 'data',
    fullName: '快速开发',
    i18nKey: 'menu.quickDevelopment',
    icon: 'ToolOutlined',
    url: '/quick-development',
    sort: 60,
    children: [
      {
        id: 'data-link',
        enCode: 'data.link',
        fullName: '数据库连接',
        i18nKey: 'menu.databaseLink',
        icon: 'DatabaseOutlined',
        url: '/quick-development/database-link',
        sort: 1,
        buttons: [...crud, { enCode: 'query', fullName: 'SQL 查询' }, { enCode: 'design', fullName: '表设计' }],
      },
      {
        id: 'data-source',
        enCode: 'data.source',
        fullName: '数据源',
        i18nKey: 'menu.dataSource',
        icon: 'ClusterOutlined',
        url: '/quick-development/data-source',
        sort: 2,
        buttons: crud,
      },
      {
        id: 'data-field',
        enCode: 'data.field',
        fullName: '常用字段',
        i18nKey: 'menu.databaseField',
        icon: 'ProfileOutlined',
        url: '/quick-development/database-field',
        sort: 3,
        buttons: crud,
      },
    ],
  },
];

export const interfaceModules: ModuleDefinition[] = [
  {
    id: 'system-interface',
    enCode: 'system.interface',
    fullName: '接口管理',
    i18nKey: 'menu.interface',
    icon: 'LinkOutlined',
    url: '/system/interface',
    sort: 24,
    buttons: [...crud, { enCode: 'test', fullName: '测试' }],
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await defineModules(db, '0', dataModules);
  await defineModules(db, '0', interfaceModules, 'system');
}
