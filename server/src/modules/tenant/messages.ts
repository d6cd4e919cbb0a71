import { defineMessages, type KeysOf } from '../../core/i18n/index.js';

/** This module's server messages; en must have exactly the zh-CN keys (the compiler checks it). */
export const messages = defineMessages({
  'zh-CN': {
    'tenant.notFound': '租户不存在',
    'tenant.codeExists': '租户编码 {code} 已存在',
    'tenant.defaultLocked': '默认租户不能停用或删除',
    'tenant.noRootCompany': '租户没有根公司',
    'tenant.accountExists': '账号 {account} 在该租户中已存在',
    'tenant.userNotFound': '租户用户不存在',
    'tenant.notSelf': '不能停用或删除当前登录的账号',
  },
  en: {
    'tenant.notFound': 'Tenant not found',
    'tenant.codeExists': 'Tenant code {code} already exists',
    'tenant.defaultLocked': 'The default tenant cannot be disabled or deleted',
    'tenant.noRootCompany': 'The tenant has no root company',
    'tenant.accountExists': 'Account {account} already exists in this tenant',
    'tenant.userNotFound': 'Tenant user not found',
    'tenant.notSelf': 'You cannot disable or delete your own account',
  },
});

declare module '../../core/i18n/index.js' {
  interface MessageRegistry extends KeysOf<typeof messages> {}
}
