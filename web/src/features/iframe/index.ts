import { lazyPage } from '../../app/lazy';
import type { Feature } from '../../app/feature';

export const iframeFeature: Feature = {
  name: 'iframe',
  routes: [{ path: '/myiframe/*', page: lazyPage(() => import('./IframePage')), titleKey: 'common:embedded' }],
  menuKeys: [],
  permissions: [],
};
