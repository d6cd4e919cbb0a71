import { lazyPage } from '../../app/lazy';
import type { Feature } from '../../app/feature';
import { orgPermissions } from './permissions';

export const organisationFeature: Feature = {
  name: 'organisation',
  routes: [
    { path: '/organisation/company/index', page: lazyPage(() => import('./CompanyPage')), titleKey: 'menu:company', menuCode: 'organisation.company' },
    { path: '/organisation/department/index', page: lazyPage(() => import('./DepartmentPage')), titleKey: 'menu:department', menuCode: 'organisation.department' },
    { path: '/organisation/post/index', page: lazyPage(() => import('./PostPage')), titleKey: 'menu:post', menuCode: 'organisation.post' },
    { path: '/organisation/role/index', page: lazyPage(() => import('./RolePage')), titleKey: 'menu:role', menuCode: 'organisation.role' },
    { path: '/organisation/user/index', page: lazyPage(() => import('./UserPage')), titleKey: 'menu:user', menuCode: 'organisation.user' },
  ],
  menuKeys: ['organisation', 'organisation.company', 'organisation.department', 'organisation.post', 'organisation.role', 'organisation.user'],
  permissions: Object.values(orgPermissions),
};
