import { lazyPage } from '../../app/lazy';
import type { Feature } from '../../app/feature';
import { fileManagerPermissions } from './permissions';

export const fileManagerFeature: Feature = {
  name: 'files',
  routes: [{ path: '/office-automation/files/index', page: lazyPage(() => import('./FileManagerPage')), titleKey: 'menu:files', menuCode: 'oa.files' }],
  menuKeys: ['oa.files'],
  permissions: Object.values(fileManagerPermissions),
};
