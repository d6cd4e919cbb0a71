import { lazyWithTexts } from '../../lib/lazy';
import type { Feature } from '../../app/feature';
import { systemPermissions } from './permissions';

export const systemFeature: Feature = {
  name: 'system',
  routes: [
    {
      path: '/system/online-user/index',
      page: lazyWithTexts(() => import('./OnlineUsersPage'), ['system']),
      titleKey: 'menu:onlineUser',
      menuCode: 'system.onlineUser',
    },
    {
      path: '/system/client-log/index',
      page: lazyWithTexts(() => import('./ClientLogsPage'), ['system']),
      titleKey: 'menu:clientLog',
      menuCode: 'system.clientLog',
    },
    { path: '/system/module/index', page: lazyWithTexts(() => import('./ModulePage'), ['system']), titleKey: 'menu:module', menuCode: 'system.module' },
    { path: '/system/tenant/index', page: lazyWithTexts(() => import('./TenantPage'), ['system']), titleKey: 'menu:tenant', menuCode: 'system.tenant' },
    {
      path: '/system/subsystem/index',
      page: lazyWithTexts(() => import('./SubsystemPage'), ['system']),
      titleKey: 'menu:subsystem',
      menuCode: 'system.subsystem',
    },
    {
      path: '/system/dictionary/index',
      page: lazyWithTexts(() => import('./DictionaryPage'), ['admin', 'pickers']),
      titleKey: 'menu:dictionary',
      menuCode: 'system.dictionary',
    },
    { path: '/system/language/index', page: lazyWithTexts(() => import('./LanguagePage'), ['admin']), titleKey: 'menu:language', menuCode: 'system.language' },
    { path: '/system/code-rule/index', page: lazyWithTexts(() => import('./CodeRulePage'), ['admin']), titleKey: 'menu:codeRule', menuCode: 'system.codeRule' },
    { path: '/system/log/index', page: lazyWithTexts(() => import('./LogPage'), ['admin']), titleKey: 'menu:log', menuCode: 'system.log' },
    { path: '/system/area/index', page: lazyWithTexts(() => import('./AreaPage'), ['pickers', 'system']), titleKey: 'menu:area', menuCode: 'system.area' },
  ],
  menuKeys: [
    'system',
    'system.onlineUser',
    'system.clientLog',
    'system.module',
    'system.tenant',
    'system.subsystem',
    'system.area',
    'system.dictionary',
    'system.language',
    'system.codeRule',
    'system.log',
  ],
  permissions: Object.values(systemPermissions),
  locales: import.meta.glob<Record<string, unknown>>('./locales/*/*.json', { import: 'default' }),
};
