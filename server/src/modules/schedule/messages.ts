import { defineMessages, type KeysOf } from '../../core/i18n/index.js';

/** This module's server messages; en must have exactly the zh-CN keys (the compiler checks it). */
export const messages = defineMessages({
  'zh-CN': {
    'schedule.notFound': '日程不存在：{id}',
    'schedule.badParticipant': '参与人不存在：{id}',
  },
  en: {
    'schedule.notFound': 'Schedule event not found: {id}',
    'schedule.badParticipant': 'Participant not found: {id}',
  },
});

declare module '../../core/i18n/index.js' {
  interface MessageRegistry extends KeysOf<typeof messages> {}
}
