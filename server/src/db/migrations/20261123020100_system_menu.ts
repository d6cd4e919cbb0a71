import type { Kysely } from 'kysely';
import { defineModules, type ModuleDefinition } from '../module-catalog.js';

const crud = [
  { enCode: 'list', fullName: '查询' },
  { enCode: 'add', fullName: '新增' },
  { enCode: 'edit', fullName: '编辑' },
  { enCode: 'delete', fullName: '删除' },
];

/** Menu entries of the dictionary, language and code-rule screens, under 系统管理. */
export const systemFeatureModules: ModuleDefinition[] = [
  {
    id: 'system-dictionary',
    enCode: 'system.dictionary',
    fullName: '数据字典',
    i18nKey: 'menu.dictionary',
    icon: 'BookOutlined',
    url: '/system/dictionary',
    sort: 20,
    buttons: crud,
  },
  {
    id: 'system-language',
    enCode: 'system.language',
    fullName: '多语言',
    i18nKey: 'menu.language',
    icon: 'GlobalOutlined',
    url: '/system/language',
    sort: 21,
    buttons: crud,
  },
  {
    id: 'system-code-rule',
    enCode: 'system.codeRule',
    fullName: '编码规则',
    i18nKey: 'menu.codeRule',
    icon: 'NumberOutlined',
    url: '/system/code-rule',
    sort: 22,
    buttons: crud,
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await defineModules(db, '0', systemFeatureModules, 'system');
}
