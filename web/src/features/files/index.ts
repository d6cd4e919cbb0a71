import { lazyWithTexts } from '../../lib/lazy';
import type { Feature } from '../../app/feature';
import { fileManagerPermissions } from './permissions';

export const fileManagerFeature: Feature = {
  name: 'files',
  routes: [
    {
      path: '/office-automation/files/index',
      page: lazyWithTexts(() => import('./FileManagerPage'), ['fileManager', 'files']),
      titleKey: 'menu:files',
      menuCode: 'oa.files',
    },
  ],
  menuKeys: ['oa.files'],
  permissions: Object.values(fileManagerPermissions),
  locales: import.meta.glob<Record<string, unknown>>('./locales/*/*.json', { import: 'default' }),
};
