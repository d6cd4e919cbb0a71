import type { Kysely } from 'kysely';
import { defineModules, type ModuleDefinition } from '../module-catalog.js';

const crud = (extra: { enCode: string; fullName: string }[] = []) => [
  { enCode: 'list', fullName: '查询' },
  { enCode: 'add', fullName: '新增' },
  { enCode: 'edit', fullName: '编辑' },
  { enCode: 'delete', fullName: '删除' },
  ...extra,
];

/** Menu entries of the organisation and system screens, with their buttons and columns. */
export const organisationModules: ModuleDefinition[] = [
  {
    id: 'organisation',
    enCode: 'organisation',
    fullName: '组织架构',
    i18nKey: 'menu.organisation',
    icon: 'ApartmentOutlined',
    url: '/organisation',
    sort: 20,
    children: [
      {
        id: 'organisation-company',
        enCode: 'organisation.company',
        fullName: '公司管理',
        i18nKey: 'menu.company',
        icon: 'BankOutlined',
        url: '/organisation/company',
        sort: 1,
        buttons: crud([{ enCode: 'specialPost', fullName: '特殊岗位' }]),
      },
      {
        id: 'organisation-department',
        enCode: 'organisation.department',
        fullName: '部门管理',
        i18nKey: 'menu.department',
        icon: 'ClusterOutlined',
        url: '/organisation/department',
        sort: 2,
        buttons: crud([
          { enCode: 'maintainers', fullName: '维护人员' },
          { enCode: 'specialPost', fullName: '特殊岗位' },
        ]),
      },
      {
        id: 'organisation-post',
        enCode: 'organisation.post',
        fullName: '岗位管理',
        i18nKey: 'menu.post',
        icon: 'SolutionOutlined',
        url: '/organisation/post',
        sort: 3,
        buttons: crud([{ enCode: 'users', fullName: '岗位人员' }]),
      },
      {
        id: 'organisation-role',
        enCode: 'organisation.role',
        fullName: '角色管理',
        i18nKey: 'menu.role',
        icon: 'SafetyCertificateOutlined',
        url: '/organisation/role',
        sort: 4,
        buttons: crud([
          { enCode: 'users', fullName: '角色人员' },
          { enCode: 'authorize', fullName: '功能授权' },
          { enCode: 'dataAuthorize', fullName: '数据权限' },
        ]),
      },
      {
        id: 'organisation-user',
        enCode: 'organisation.user',
        fullName: '用户管理',
        i18nKey: 'menu.user',
        icon: 'UserOutlined',
        url: '/organisation/user',
        sort: 5,
        buttons: crud([
          { enCode: 'enable', fullName: '启用/禁用' },
          { enCode: 'resetPassword', fullName: '重置密码' },
          { enCode: 'permission', fullName: '查看权限' },
          { enCode: 'authorize', fullName: '用户授权' },
        ]),
        columns: [
          { enCode: 'F_Mobile', fullName: '手机号' },
          { enCode: 'F_Email', fullName: '邮箱' },
        ],
      },
    ],
  },
];

/** Entries added under 系统管理 (created by the foundation). */
export const systemModules: ModuleDefinition[] = [
  {
    id: 'system-module',
    enCode: 'system.module',
    fullName: '菜单管理',
    i18nKey: 'menu.module',
    icon: 'MenuOutlined',
    url: '/system/module',
    sort: 10,
    buttons: crud(),
  },
  {
    id: 'system-tenant',
    enCode: 'system.tenant',
    fullName: '租户管理',
    i18nKey: 'menu.tenant',
    icon: 'CrownOutlined',
    url: '/system/tenant',
    sort: 11,
    buttons: crud([
      { enCode: 'status', fullName: '启用/停用' },
      { enCode: 'users', fullName: '租户用户' },
    ]),
  },
  {
    id: 'system-subsystem',
    enCode: 'system.subsystem',
    fullName: '子系统',
    i18nKey: 'menu.subsystem',
    icon: 'AppstoreOutlined',
    url: '/system/subsystem',
    sort: 12,
    buttons: crud(),
  },
  {
    id: 'system-area',
    enCode: 'system.area',
    fullName: '行政区域',
    i18nKey: 'menu.area',
    icon: 'EnvironmentOutlined',
    url: '/system/area',
    sort: 13,
    buttons: crud(),
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await defineModules(db, '0', organisationModules);
  await defineModules(db, '0', systemModules, 'system');
}
