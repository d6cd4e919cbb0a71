import { defineMessages, type KeysOf } from '../../core/i18n/index.js';

/** This module's server messages; en must have exactly the zh-CN keys (the compiler checks it). */
export const messages = defineMessages({
  'zh-CN': {
    'language.notFound': '语言类型不存在',
    'language.codeExists': '语言编码 {code} 已存在',
    'language.mainLanguage': '主语言不能删除、停用或修改编码',
    'language.unknown': '语言类型 {code} 不存在',
    'language.mapNotFound': '多语言映射不存在',
    'language.objectNotFound': '要翻译的对象不存在',
  },
  en: {
    'language.notFound': 'Language type not found',
    'language.codeExists': 'Language code {code} already exists',
    'language.mainLanguage': 'The main language cannot be deleted, disabled or recoded',
    'language.unknown': 'Language type {code} does not exist',
    'language.mapNotFound': 'Translation mapping not found',
    'language.objectNotFound': 'The object to translate was not found',
  },
});

declare module '../../core/i18n/index.js' {
  interface MessageRegistry extends KeysOf<typeof messages> {}
}
