import { defineMessages, type KeysOf } from '../../core/i18n/index.js';

/** This module's server messages; en must have exactly the zh-CN keys (the compiler checks it). */
export const messages = defineMessages({
  'zh-CN': {
    'clue.added': '提交成功，我们会尽快与您联系',
    'clue.handled': '已标记为已处理',
    'clue.notFound': '线索不存在：{id}',
    'clue.badName': '请填写姓名（不超过 50 个字）',
    'clue.badPhone': '请填写正确的电话号码（6–20 位，可含 +、- 和空格）',
    'clue.badEmail': '请填写正确的电子邮箱（不超过 100 个字符）',
    'clue.badCompany': '公司名称不能超过 100 个字',
    'clue.badMessage': '留言不能超过 1000 个字',
    'clue.contactNeeded': '请至少填写电话或电子邮箱中的一项',
  },
  en: {
    'clue.added': 'Thank you, we will contact you soon',
    'clue.handled': 'Marked as handled',
    'clue.notFound': 'Lead not found: {id}',
    'clue.badName': 'Enter your name (at most 50 characters)',
    'clue.badPhone': 'Enter a valid phone number (6 to 20 characters: digits, +, - and spaces)',
    'clue.badEmail': 'Enter a valid e-mail address (at most 100 characters)',
    'clue.badCompany': 'The company name can be at most 100 characters',
    'clue.badMessage': 'The message can be at most 1000 characters',
    'clue.contactNeeded': 'Enter a phone number or an e-mail address',
  },
});

declare module '../../core/i18n/index.js' {
  interface MessageRegistry extends KeysOf<typeof messages> {}
}
