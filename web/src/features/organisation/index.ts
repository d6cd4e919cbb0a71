import { lazyWithTexts } from '../../lib/lazy';
import type { Feature } from '../../app/feature';
import { orgPermissions } from './permissions';

export const organisationFeature: Feature = {
  name: 'organisation',
  routes: [
    {
      path: '/organisation/company/index',
      page: lazyWithTexts(() => import('./CompanyPage'), ['organisation', 'pickers']),
      titleKey: 'menu:company',
      menuCode: 'organisation.company',
    },
    {
      path: '/organisation/department/index',
      page: lazyWithTexts(() => import('./DepartmentPage'), ['organisation', 'pickers']),
      titleKey: 'menu:department',
      menuCode: 'organisation.department',
    },
    {
      path: '/organisation/post/index',
      page: lazyWithTexts(() => import('./PostPage'), ['organisation', 'pickers']),
      titleKey: 'menu:post',
      menuCode: 'organisation.post',
    },
    {
      path: '/organisation/role/index',
      page: lazyWithTexts(() => import('./RolePage'), ['organisation', 'pickers']),
      titleKey: 'menu:role',
      menuCode: 'organisation.role',
    },
    {
      path: '/organisation/user/index',
      page: lazyWithTexts(() => import('./UserPage'), ['organisation', 'pickers']),
      titleKey: 'menu:user',
      menuCode: 'organisation.user',
    },
  ],
  menuKeys: ['organisation', 'organisation.company', 'organisation.department', 'organisation.post', 'organisation.role', 'organisation.user'],
  permissions: Object.values(orgPermissions),
  locales: import.meta.glob<Record<string, unknown>>('./locales/*/*.json', { import: 'default' }),
};
