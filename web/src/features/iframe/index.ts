import { lazyWithTexts } from '../../lib/lazy';
import type { Feature } from '../../app/feature';

export const iframeFeature: Feature = {
  name: 'iframe',
  routes: [{ path: '/myiframe/*', page: lazyWithTexts(() => import('./IframePage')), titleKey: 'common:embedded' }],
  menuKeys: [],
  permissions: [],
};
