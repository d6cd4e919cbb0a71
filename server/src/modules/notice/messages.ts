import { defineMessages, type KeysOf } from '../../core/i18n/index.js';

/** This module's server messages; en must have exactly the zh-CN keys (the compiler checks it). */
export const messages = defineMessages({
  'zh-CN': {
    'notice.notFound': '通知公告不存在：{id}',
    'notice.published': '发布成功',
    'notice.unpublished': '已取消发布',
  },
  en: {
    'notice.notFound': 'Notice not found: {id}',
    'notice.published': 'Published',
    'notice.unpublished': 'Unpublished',
  },
});

declare module '../../core/i18n/index.js' {
  interface MessageRegistry extends KeysOf<typeof messages> {}
}
