import { lazyPage } from '../../app/lazy';
import type { Feature } from '../../app/feature';

const Desktop = lazyPage(() => import('./MyDesktopPage'));

export const homeFeature: Feature = {
  name: 'home',
  routes: [
    { path: '/wel/index', page: lazyPage(() => import('./HomePage')), titleKey: 'menu:home' },
    { path: '/wel/hotFunc', page: lazyPage(() => import('./HotFuncPage')), titleKey: 'menu:hotFunctions' },
    { path: '/wel/myDesktop', page: Desktop, titleKey: 'menu:myDesktop' },
    { path: '/wel/myDesktop/index', page: Desktop, titleKey: 'menu:myDesktop' },
  ],
  menuKeys: ['home', 'hotFunctions', 'personal.desktop'],
  permissions: [],
};
