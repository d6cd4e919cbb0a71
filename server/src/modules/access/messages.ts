import { defineMessages, type KeysOf } from '../../core/i18n/index.js';

/** This module's server messages; en must have exactly the zh-CN keys (the compiler checks it). */
export const messages = defineMessages({
  'zh-CN': {
    'access.platformOnly': '只有平台（默认租户）的用户可以执行此操作',
    'access.moduleNotFound': '菜单不存在',
    'access.parentModuleNotFound': '上级菜单不存在',
    'access.parentOtherSystem': '上级菜单属于其他系统',
    'access.systemNotFound': '所属系统不存在',
    'access.moduleUnderItself': '菜单不能移到自身或其下级菜单之下',
    'access.moduleHasChildren': '该菜单下还有下级菜单，不能删除',
    'access.moduleCodeExists': '菜单编码 {code} 已存在',
    'access.itemCodeDuplicate': '{kind}编码 {code} 重复',
    'access.itemNotOfModule': '{kind} {id} 不属于该菜单',
    'access.objectNotFound': '授权对象不存在',
    'access.unknownItems': '授权项不存在或不可授权：{ids}',
    'access.unknownDepartments': '部门不存在：{ids}',
    'access.appFunctionNotFound': '移动应用功能不存在',
    'access.granted': '授权成功',
  },
  en: {
    'access.platformOnly': 'Only users of the platform (default) tenant may do this',
    'access.moduleNotFound': 'Menu entry not found',
    'access.parentModuleNotFound': 'Parent menu entry not found',
    'access.parentOtherSystem': 'The parent menu entry belongs to another system',
    'access.systemNotFound': 'System not found',
    'access.moduleUnderItself': 'A menu entry cannot move under itself or one of its descendants',
    'access.moduleHasChildren': 'The menu entry has child entries and cannot be deleted',
    'access.moduleCodeExists': 'Menu code {code} already exists',
    'access.itemCodeDuplicate': 'Duplicate {kind} code {code}',
    'access.itemNotOfModule': '{kind} {id} does not belong to this menu entry',
    'access.objectNotFound': 'Role or user not found',
    'access.unknownItems': 'Unknown or not grantable items: {ids}',
    'access.unknownDepartments': 'Unknown departments: {ids}',
    'access.appFunctionNotFound': 'App function not found',
    'access.granted': 'Permissions saved',
  },
});

declare module '../../core/i18n/index.js' {
  interface MessageRegistry extends KeysOf<typeof messages> {}
}
