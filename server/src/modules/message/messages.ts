import { defineMessages, type KeysOf } from '../../core/i18n/index.js';

/** This module's server messages; en must have exactly the zh-CN keys (the compiler checks it). */
export const messages = defineMessages({
  'zh-CN': {
    'message.notFound': '消息不存在：{id}',
    'message.read': '设置消息已读成功',
    'message.alreadyRead': '此条消息已读',
    'message.allRead': '全部设置消息已读成功',
    'message.nothingUnread': '没有更多消息需要设置已读了',
    'message.readFailed': '设置消息已读失败',
    'message.readAllFailed': '全部设置消息已读失败',
  },
  en: {
    'message.notFound': 'Message not found: {id}',
    'message.read': 'Message marked as read',
    'message.alreadyRead': 'This message has already been read',
    'message.allRead': 'All messages marked as read',
    'message.nothingUnread': 'No more messages to mark as read',
    'message.readFailed': 'Failed to mark the message as read',
    'message.readAllFailed': 'Failed to mark all messages as read',
  },
});

declare module '../../core/i18n/index.js' {
  interface MessageRegistry extends KeysOf<typeof messages> {}
}
