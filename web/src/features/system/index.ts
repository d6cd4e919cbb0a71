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
    { path: '/system/area/index', page: lazyPage(() => import('./AreaPage')), titleKey: 'menu:area', menuCode: 'system.area' },
  ],
  menuKeys: ['system', 'system.onlineUser', 'system.clientLog', 'system.module', 'system.tenant', 'system.subsystem', 'system.area'],
  permissions: Object.values(systemPermissions),
};
