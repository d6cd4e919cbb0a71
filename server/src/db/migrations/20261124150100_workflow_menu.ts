import { sql, type Kysely } from 'kysely';
import type { Database } from '../../core/db/schema.js';
import { defineModules, grantToRole, type ModuleDefinition } from '../module-catalog.js';

/**
 * 工作流程: design, relations, launch, tasks, monitor, delegation, stamps. The entries carry the permission
 * keys the API checks; they stay out of the menu (isMenu false) until their screens land.
 */
export const workflowModules: ModuleDefinition[] = [
  {
    id: 'workflow',
    enCode: 'workflow',
    fullName: '工作流程',
    i18nKey: 'menu.workflow',
    icon: 'ApartmentOutlined',
    url: '',
    sort: 40,
    isMenu: false,
    target: 'expand',
    children: [
      {
        id: 'workflow-launch',
        enCode: 'workflow.launch',
        fullName: '发起流程',
        i18nKey: 'menu.workflowLaunch',
        icon: 'SendOutlined',
        url: '/workflow/launch',
        sort: 1,
        isMenu: false,
      },
      {
        id: 'workflow-process',
        enCode: 'workflow.process',
        fullName: '我的任务',
        i18nKey: 'menu.workflowProcess',
        icon: 'CarryOutOutlined',
        url: '/workflow/process',
        sort: 2,
        isMenu: false,
      },
      {
        id: 'workflow-delegate',
        enCode: 'workflow.delegate',
        fullName: '流程委托',
        i18nKey: 'menu.workflowDelegate',
        icon: 'UserSwitchOutlined',
        url: '/workflow/delegate',
        sort: 3,
        isMenu: false,
        buttons: [
          { enCode: 'list', fullName: '查询' },
          { enCode: 'add', fullName: '新增' },
          { enCode: 'edit', fullName: '编辑' },
          { enCode: 'delete', fullName: '删除' },
        ],
      },
      {
        id: 'workflow-scheme',
        enCode: 'workflow.scheme',
        fullName: '流程设计',
        i18nKey: 'menu.workflowScheme',
        icon: 'NodeIndexOutlined',
        url: '/workflow/scheme',
        sort: 4,
        isMenu: false,
        buttons: [
          { enCode: 'list', fullName: '查询' },
          { enCode: 'add', fullName: '新增' },
          { enCode: 'edit', fullName: '编辑' },
          { enCode: 'delete', fullName: '删除' },
          { enCode: 'enable', fullName: '启用/停用' },
          { enCode: 'version', fullName: '版本变更' },
        ],
      },
      {
        id: 'workflow-relation',
        enCode: 'workflow.relation',
        fullName: '流程关联',
        i18nKey: 'menu.workflowRelation',
        icon: 'LinkOutlined',
        url: '/workflow/relation',
        sort: 5,
        isMenu: false,
        buttons: [
          { enCode: 'list', fullName: '查询' },
          { enCode: 'add', fullName: '新增' },
          { enCode: 'edit', fullName: '编辑' },
          { enCode: 'delete', fullName: '删除' },
        ],
      },
      {
        id: 'workflow-monitor',
        enCode: 'workflow.monitor',
        fullName: '流程监控',
        i18nKey: 'menu.workflowMonitor',
        icon: 'MonitorOutlined',
        url: '/workflow/monitor',
        sort: 6,
        isMenu: false,
        buttons: [
          { enCode: 'list', fullName: '查询' },
          { enCode: 'suspend', fullName: '挂起/恢复' },
          { enCode: 'assign', fullName: '指派' },
        ],
      },
      {
        id: 'workflow-stamp',
        enCode: 'workflow.stamp',
        fullName: '电子签章',
        i18nKey: 'menu.workflowStamp',
        icon: 'SafetyCertificateOutlined',
        url: '/workflow/stamp',
        sort: 7,
        isMenu: false,
        buttons: [
          { enCode: 'list', fullName: '查询' },
          { enCode: 'add', fullName: '新增' },
          { enCode: 'edit', fullName: '编辑' },
          { enCode: 'delete', fullName: '删除' },
          { enCode: 'enable', fullName: '启用/停用' },
          { enCode: 'member', fullName: '成员' },
        ],
      },
    ],
  },
];

/** What every staff member and manager gets: launch, their tasks, their own delegations. */
export const workflowUserItems = [
  { type: 1, id: 'workflow' },
  { type: 1, id: 'workflow-launch' },
  { type: 1, id: 'workflow-process' },
  { type: 1, id: 'workflow-delegate' },
  ...['list', 'add', 'edit', 'delete'].map((button) => ({ type: 2, id: `workflow-delegate:${button}` })),
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await defineModules(db, '0', workflowModules);
  const typed = db as Kysely<Database>;
  const roles = await typed
    .selectFrom('roles')
    .select(['id', 'tenant_id'])
    .where(sql<boolean>`en_code in ('staff', 'manager')`)
    .execute();
  for (const role of roles) await grantToRole(typed, role.tenant_id, role.id, workflowUserItems);
}
