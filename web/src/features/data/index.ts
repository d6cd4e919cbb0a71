import { lazyPage } from '../../app/lazy';
import type { Feature } from '../../app/feature';
import { dataPermissions } from './permissions';

export const dataFeature: Feature = {
  name: 'data',
  routes: [
    { path: '/quick-development/database-link/index', page: lazyPage(() => import('./DatabaseLinkPage')), titleKey: 'menu:databaseLink', menuCode: 'data.link' },
    { path: '/quick-development/data-source/index', page: lazyPage(() => import('./DataSourcePage')), titleKey: 'menu:dataSource', menuCode: 'data.source' },
    { path: '/quick-development/database-field/index', page: lazyPage(() => import('./DatabaseFieldPage')), titleKey: 'menu:databaseField', menuCode: 'data.field' },
    { path: '/system/interface/index', page: lazyPage(() => import('./InterfacePage')), titleKey: 'menu:interface', menuCode: 'system.interface' },
  ],
  menuKeys: ['data', 'data.link', 'data.source', 'data.field', 'system.interface'],
  permissions: Object.values(dataPermissions),
};
