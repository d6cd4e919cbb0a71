import { defineMessages, type KeysOf } from '../../core/i18n/index.js';

/** This module's server messages; en must have exactly the zh-CN keys (the compiler checks it). */
export const messages = defineMessages({
  'zh-CN': {
    'log.taskCleared': '删除 {rows} 条 {days} 天以前的日志',
    'log.notFound': '日志不存在：{id}',
    'log.cleared': '清空成功',
  },
  en: {
    'log.taskCleared': 'Log entries older than {days} days deleted: {rows}',
    'log.notFound': 'Log entry not found: {id}',
    'log.cleared': 'Cleared',
  },
});

declare module '../../core/i18n/index.js' {
  interface MessageRegistry extends KeysOf<typeof messages> {}
}
