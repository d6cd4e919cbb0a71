import { lazyWithTexts } from '../../lib/lazy';
import type { Feature } from '../../app/feature';

const Setting = lazyWithTexts(() => import('./SettingPage'), ['info']);

export const infoFeature: Feature = {
  name: 'info',
  routes: [
    { path: '/info/index', page: lazyWithTexts(() => import('./InfoPage'), ['info']), titleKey: 'menu:personalInfo' },
    { path: '/info/setting', page: Setting, titleKey: 'menu:personalSetting' },
    { path: '/info/setting/index', page: Setting, titleKey: 'menu:personalSetting' },
  ],
  menuKeys: ['personal.info', 'personal.setting'],
  permissions: [],
  locales: import.meta.glob<Record<string, unknown>>('./locales/*/*.json', { import: 'default' }),
};
