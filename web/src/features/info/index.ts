import { lazyPage } from '../../app/lazy';
import type { Feature } from '../../app/feature';

const Setting = lazyPage(() => import('./SettingPage'));

export const infoFeature: Feature = {
  name: 'info',
  routes: [
    { path: '/info/index', page: lazyPage(() => import('./InfoPage')), titleKey: 'menu:personalInfo' },
    { path: '/info/setting', page: Setting, titleKey: 'menu:personalSetting' },
    { path: '/info/setting/index', page: Setting, titleKey: 'menu:personalSetting' },
  ],
  menuKeys: ['personal.info', 'personal.setting'],
  permissions: [],
};
