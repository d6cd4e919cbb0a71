import type { Kysely } from 'kysely';
import { defineModules, type ModuleDefinition } from '../module-catalog.js';

/**
 * The menu entries of the screens the foundation ships. Later features add their own entries
 * in their own migrations through the same `defineModules`.
 */
export const foundationModules: ModuleDefinition[] = [
  {
    id: 'home',
    enCode: 'home',
    fullName: '首页',
    i18nKey: 'menu.home',
    icon: 'HomeOutlined',
    url: '/wel/index',
    isCommon: true,
    isMenu: false,
    sort: 0,
  },
  {
    id: 'hot-functions',
    enCode: 'hotFunctions',
    fullName: '热门功能',
    i18nKey: 'menu.hotFunctions',
    icon: 'FireOutlined',
    url: '/wel/hotFunc',
    isCommon: true,
    isMenu: false,
    sort: 1,
  },
  {
    id: 'personal',
    enCode: 'personal',
    fullName: '个人中心',
    i18nKey: 'menu.personal',
    icon: 'UserOutlined',
    url: '/personal',
    sort: 10,
    children: [
      { id: 'personal-info', enCode: 'personal.info', fullName: '个人信息', i18nKey: 'menu.personalInfo', icon: 'IdcardOutlined', url: '/info', sort: 1 },
      {
        id: 'personal-setting',
        enCode: 'personal.setting',
        fullName: '个人设置',
        i18nKey: 'menu.personalSetting',
        icon: 'SettingOutlined',
        url: '/info/setting',
        sort: 2,
      },
      {
        id: 'personal-desktop',
        enCode: 'personal.desktop',
        fullName: '我的桌面',
        i18nKey: 'menu.myDesktop',
        icon: 'DesktopOutlined',
        url: '/wel/myDesktop',
        sort: 3,
      },
    ],
  },
  {
    id: 'system',
    enCode: 'system',
    fullName: '系统管理',
    i18nKey: 'menu.system',
    icon: 'SettingOutlined',
    url: '/system',
    sort: 90,
    children: [
      {
        id: 'system-online-user',
        enCode: 'system.onlineUser',
        fullName: '在线用户',
        i18nKey: 'menu.onlineUser',
        icon: 'TeamOutlined',
        url: '/system/online-user',
        sort: 1,
        buttons: [
          { enCode: 'list', fullName: '查询' },
          { enCode: 'forceLogout', fullName: '强制下线' },
        ],
      },
      {
        id: 'system-client-log',
        enCode: 'system.clientLog',
        fullName: '前端日志',
        i18nKey: 'menu.clientLog',
        icon: 'BugOutlined',
        url: '/system/client-log',
        sort: 2,
        buttons: [
          { enCode: 'list', fullName: '查询' },
          { enCode: 'clear', fullName: '清空' },
        ],
      },
    ],
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await defineModules(db, '0', foundationModules);
}
