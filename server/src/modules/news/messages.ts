import { defineMessages, type KeysOf } from '../../core/i18n/index.js';

/** This module's server messages; en must have exactly the zh-CN keys (the compiler checks it). */
export const messages = defineMessages({
  'zh-CN': {
    'news.notFound': '新闻不存在：{id}',
    'news.published': '发布成功',
    'news.unpublished': '已取消发布',
    'news.badAttachmentFolder': '附件文件夹不存在：{id}',
  },
  en: {
    'news.notFound': 'News item not found: {id}',
    'news.published': 'Published',
    'news.unpublished': 'Unpublished',
    'news.badAttachmentFolder': 'Attachment folder not found: {id}',
  },
});

declare module '../../core/i18n/index.js' {
  interface MessageRegistry extends KeysOf<typeof messages> {}
}
