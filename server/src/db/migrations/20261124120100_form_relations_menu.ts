import type { Kysely } from 'kysely';
import { defineModules, type ModuleDefinition } from '../module-catalog.js';

/** 快速开发 › 表单发布, 数据关联. Administrators only (defineModules grants admin roles). */
export const formRelationModules: ModuleDefinition[] = [
  {
    id: 'form-relation',
    enCode: 'forms.relation',
    fullName: '表单发布',
    i18nKey: 'menu.formRelation',
    icon: 'AppstoreAddOutlined',
    url: '/quick-development/form-relation',
    sort: 5,
    buttons: [
      { enCode: 'list', fullName: '查询' },
      { enCode: 'add', fullName: '新增' },
      { enCode: 'edit', fullName: '编辑' },
      { enCode: 'delete', fullName: '删除' },
    ],
  },
  {
    id: 'data-relation',
    enCode: 'forms.dataRelation',
    fullName: '数据关联',
    i18nKey: 'menu.dataRelation',
    icon: 'ApartmentOutlined',
    url: '/quick-development/data-relation',
    sort: 6,
    buttons: [
      { enCode: 'list', fullName: '查询' },
      { enCode: 'edit', fullName: '编辑' },
      { enCode: 'delete', fullName: '删除' },
    ],
  },
];

/**
 * The group published form pages go under by default (业务表单). A group shows only while one of its entries is
 * granted, so it stays out of the menu until a form is published and granted.
 */
export const formAppsGroup: ModuleDefinition[] = [
  { id: 'form-apps', enCode: 'forms.apps', fullName: '业务表单', i18nKey: 'menu.formApps', icon: 'ProfileOutlined', url: '', sort: 50, target: 'expand' },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await defineModules(db, '0', formRelationModules, 'quick-development');
  await defineModules(db, '0', formAppsGroup);
}
