import { lazyPage } from '../../app/lazy';
import type { Feature } from '../../app/feature';
import { systemPermissions } from './permissions';

export const systemFeature: Feature = {
  name: 'system',
  routes: [
    { path: '/system/online-user/index', page: lazyPage(() => import('./OnlineUsersPage')), titleKey: 'menu:onlineUser', menuCode: 'system.onlineUser' },
    { path: '/system/client-log/index', page: lazyPage(() => import('./ClientLogsPage')), titleKey: 'menu:clientLog', menuCode: 'system.clientLog' },
  ],
  menuKeys: ['system', 'system.onlineUser', 'system.clientLog'],
  permissions: Object.values(systemPermissions),
};
