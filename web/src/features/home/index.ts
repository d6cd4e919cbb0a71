import { lazyWithTexts } from '../../lib/lazy';
import type { Feature } from '../../app/feature';

const Desktop = lazyWithTexts(() => import('./MyDesktopPage'), ['home']);
const HotFunc = lazyWithTexts(() => import('./HotFuncPage'), ['home']);

export const homeFeature: Feature = {
  name: 'home',
  routes: [
    { path: '/wel/index', page: lazyWithTexts(() => import('./HomePage'), ['home', 'oa']), titleKey: 'menu:home' },
    // The menu entry's address gets /index like every leaf (spec 2.4); the bare address is a sub-system's home page.
    { path: '/wel/hotFunc', page: HotFunc, titleKey: 'menu:hotFunctions' },
    { path: '/wel/hotFunc/index', page: HotFunc, titleKey: 'menu:hotFunctions' },
    { path: '/wel/myDesktop', page: Desktop, titleKey: 'menu:myDesktop' },
    { path: '/wel/myDesktop/index', page: Desktop, titleKey: 'menu:myDesktop' },
  ],
  menuKeys: ['home', 'hotFunctions', 'personal.desktop'],
  permissions: [],
  locales: import.meta.glob<Record<string, unknown>>('./locales/*/*.json', { import: 'default' }),
};
