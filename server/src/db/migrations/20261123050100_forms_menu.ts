import type { Kysely } from 'kysely';
import { defineModules, type ModuleDefinition } from '../module-catalog.js';

/** 快速开发 › 表单设计. Administrators only (defineModules grants admin roles). */
export const formModules: ModuleDefinition[] = [
  {
    id: 'form-design',
    enCode: 'forms.scheme',
    fullName: '表单设计',
    i18nKey: 'menu.formDesign',
    icon: 'FormOutlined',
    url: '/quick-development/form-design',
    sort: 4,
    buttons: [
      { enCode: 'list', fullName: '查询' },
      { enCode: 'add', fullName: '新增' },
      { enCode: 'edit', fullName: '编辑' },
      { enCode: 'delete', fullName: '删除' },
      { enCode: 'enable', fullName: '启用/默认' },
      { enCode: 'history', fullName: '历史版本' },
      { enCode: 'data', fullName: '填写数据' },
    ],
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await defineModules(db, '0', formModules, 'quick-development');
}
