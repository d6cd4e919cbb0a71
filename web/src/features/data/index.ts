import { lazyWithTexts } from '../../lib/lazy';
import type { Feature } from '../../app/feature';
import { dataPermissions } from './permissions';

export const dataFeature: Feature = {
  name: 'data',
  routes: [
    {
      path: '/quick-development/database-link/index',
      page: lazyWithTexts(() => import('./DatabaseLinkPage'), ['data']),
      titleKey: 'menu:databaseLink',
      menuCode: 'data.link',
    },
    {
      path: '/quick-development/data-source/index',
      page: lazyWithTexts(() => import('./DataSourcePage'), ['data']),
      titleKey: 'menu:dataSource',
      menuCode: 'data.source',
    },
    {
      path: '/quick-development/database-field/index',
      page: lazyWithTexts(() => import('./DatabaseFieldPage'), ['data']),
      titleKey: 'menu:databaseField',
      menuCode: 'data.field',
    },
    {
      path: '/system/interface/index',
      page: lazyWithTexts(() => import('./InterfacePage'), ['data']),
      titleKey: 'menu:interface',
      menuCode: 'system.interface',
    },
  ],
  menuKeys: ['data', 'data.link', 'data.source', 'data.field', 'system.interface'],
  permissions: Object.values(dataPermissions),
};
