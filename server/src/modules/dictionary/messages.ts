import { defineMessages, type KeysOf } from '../../core/i18n/index.js';

/** This module's server messages; en must have exactly the zh-CN keys (the compiler checks it). */
export const messages = defineMessages({
  'zh-CN': {
    'dictionary.typeNotFound': '字典分类不存在',
    'dictionary.parentNotFound': '上级字典分类不存在',
    'dictionary.typeUnderItself': '字典分类不能移到自身或其下级之下',
    'dictionary.codeExists': '字典编号 {code} 已存在',
    'dictionary.inUse': '该字典分类已被使用（还有字典项或下级分类），不能删除',
    'dictionary.itemNotFound': '字典项不存在',
    'dictionary.parentItemNotFound': '上级字典项不存在或不属于该字典',
    'dictionary.itemUnderItself': '字典项不能移到自身或其下级之下',
    'dictionary.itemHasChildren': '该字典项下还有下级字典项，不能删除',
    'dictionary.valueExists': '字典值 {value} 已存在',
    'dictionary.notTree': '该字典不是树形字典，不能设置上级字典项',
  },
  en: {
    'dictionary.typeNotFound': 'Dictionary type not found',
    'dictionary.parentNotFound': 'Parent dictionary type not found',
    'dictionary.typeUnderItself': 'A dictionary type cannot move under itself or its descendants',
    'dictionary.codeExists': 'Dictionary code {code} already exists',
    'dictionary.inUse': 'The dictionary type is in use (it still has items or child types) and cannot be deleted',
    'dictionary.itemNotFound': 'Dictionary item not found',
    'dictionary.parentItemNotFound': 'Parent item not found in this dictionary',
    'dictionary.itemUnderItself': 'A dictionary item cannot move under itself or its descendants',
    'dictionary.itemHasChildren': 'The dictionary item still has child items and cannot be deleted',
    'dictionary.valueExists': 'Dictionary value {value} already exists',
    'dictionary.notTree': 'This dictionary is not a tree; items cannot have a parent',
  },
});

declare module '../../core/i18n/index.js' {
  interface MessageRegistry extends KeysOf<typeof messages> {}
}
