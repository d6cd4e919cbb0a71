import { lazyPage } from '../../app/lazy';
import type { Feature } from '../../app/feature';
import { oaPermissions } from './permissions';

export const oaFeature: Feature = {
  name: 'oa',
  routes: [
    { path: '/office-automation/news/index', page: lazyPage(() => import('./NewsPage')), titleKey: 'menu:news', menuCode: 'oa.news' },
    // Any signed-in user of the tenant may read a published item (the bell opens it).
    { path: '/office-automation/news/detail/*', page: lazyPage(() => import('./NewsDetailPage')), titleKey: 'menu:newsDetail' },
    { path: '/office-automation/notice/index', page: lazyPage(() => import('./NoticePage')), titleKey: 'menu:notice', menuCode: 'oa.notice' },
    { path: '/office-automation/schedule/index', page: lazyPage(() => import('./SchedulePage')), titleKey: 'menu:schedule', menuCode: 'oa.schedule' },
  ],
  menuKeys: ['oa', 'oa.news', 'oa.notice', 'oa.schedule'],
  permissions: Object.values(oaPermissions),
};
