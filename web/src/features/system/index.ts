import { lazyPage } from '../../app/lazy';
import type { Feature } from '../../app/feature';
import { systemPermissions } from './permissions';

export const systemFeature: Feature = {
  name: 'system',
  routes: [
    { path: '/system/online-user/index', page: lazyPage(() => import('./OnlineUsersPage')), titleKey: 'menu:onlineUser', menuCode: 'system.onlineUser' },
    { path: '/system/client-log/index', page: lazyPage(() => import('./ClientLogsPage')), titleKey: 'menu:clientLog', menuCode: 'system.clientLog' },
    { path: '/system/module/index', page: lazyPage(() => import('./ModulePage')), titleKey: 'menu:module', menuCode: 'system.module' },
    { path: '/system/tenant/index', page: lazyPage(() => import('./TenantPage')), titleKey: 'menu:tenant', menuCode: 'system.tenant' },
    { path: '/system/subsystem/index', page: lazyPage(() => import('./SubsystemPage')), titleKey: 'menu:subsystem', menuCode: 'system.subsystem' },
    { path: '/system/dictionary/index', page: lazyPage(() => import('./DictionaryPage')), titleKey: 'menu:dictionary', menuCode: 'system.dictionary' },
    { path: '/system/language/index', page: lazyPage(() => import('./LanguagePage')), titleKey: 'menu:language', menuCode: 'system.language' },
    { path: '/system/code-rule/index', page: lazyPage(() => import('./CodeRulePage')), titleKey: 'menu:codeRule', menuCode: 'system.codeRule' },
    { path: '/system/log/index', page: lazyPage(() => import('./LogPage')), titleKey: 'menu:log', menuCode: 'system.log' },
    { path: '/system/area/index', page: lazyPage(() => import('./AreaPage')), titleKey: 'menu:area', menuCode: 'system.area' },
  ],
  menuKeys: ['system', 'system.onlineUser', 'system.clientLog', 'system.module', 'system.tenant', 'system.subsystem', 'system.area', 'system.dictionary', 'system.language', 'system.codeRule', 'system.log'],
  permissions: Object.values(systemPermissions),
};
