import { defineMessages, type KeysOf } from '../../core/i18n/index.js';

/** This module's server messages; en must have exactly the zh-CN keys (the compiler checks it). */
export const messages = defineMessages({
  'zh-CN': {
    'log.notFound': '日志不存在：{id}',
    'log.cleared': '清空成功',
  },
  en: {
    'log.notFound': 'Log entry not found: {id}',
    'log.cleared': 'Cleared',
  },
});

declare module '../../core/i18n/index.js' {
  interface MessageRegistry extends KeysOf<typeof messages> {}
}
