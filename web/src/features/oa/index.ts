import { lazyWithTexts } from '../../lib/lazy';
import type { Feature } from '../../app/feature';
import { oaPermissions } from './permissions';

export const oaFeature: Feature = {
  name: 'oa',
  routes: [
    { path: '/office-automation/news/index', page: lazyWithTexts(() => import('./NewsPage'), ['files', 'oa']), titleKey: 'menu:news', menuCode: 'oa.news' },
    // Any signed-in user of the tenant may read a published item (the bell opens it).
    { path: '/office-automation/news/detail/*', page: lazyWithTexts(() => import('./NewsDetailPage'), ['files', 'oa']), titleKey: 'menu:newsDetail' },
    { path: '/office-automation/notice/index', page: lazyWithTexts(() => import('./NoticePage'), ['oa']), titleKey: 'menu:notice', menuCode: 'oa.notice' },
    {
      path: '/office-automation/schedule/index',
      page: lazyWithTexts(() => import('./SchedulePage'), ['oa', 'pickers']),
      titleKey: 'menu:schedule',
      menuCode: 'oa.schedule',
    },
  ],
  menuKeys: ['oa', 'oa.news', 'oa.notice', 'oa.schedule'],
  permissions: Object.values(oaPermissions),
};
