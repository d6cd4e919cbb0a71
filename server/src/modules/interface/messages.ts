import { defineMessages, type KeysOf } from '../../core/i18n/index.js';

/** This module's server messages; en must have exactly the zh-CN keys (the compiler checks it). */
export const messages = defineMessages({
  'zh-CN': {
    'interface.taskCalled': 'HTTP {status}，用时 {ms} 毫秒',
    'interface.taskHttpFailed': '接口返回 HTTP {status}：{body}',
    'interface.notFound': '接口不存在：{id}',
    'interface.codeExists': '接口编号已存在：{code}',
    'interface.badUrl': '接口地址只能是 http:// 或 https:// 地址：{url}',
    'interface.badHeader': '不允许设置这个请求头：{name}',
    'interface.tooManyRedirects': '重定向次数过多（最多 {max} 次）',
    'interface.timeout': '接口调用超时（{ms} 毫秒）',
    'interface.callFailed': '接口调用失败：{detail}',
    'interface.called': '调用完成，状态码 {status}',
  },
  en: {
    'interface.taskCalled': 'HTTP {status} in {ms} ms',
    'interface.taskHttpFailed': 'The interface answered HTTP {status}: {body}',
    'interface.notFound': 'Interface not found: {id}',
    'interface.codeExists': 'An interface with this code already exists: {code}',
    'interface.badUrl': 'An interface address must be an http:// or https:// address: {url}',
    'interface.badHeader': 'This request header cannot be set: {name}',
    'interface.tooManyRedirects': 'Too many redirects (at most {max})',
    'interface.timeout': 'The interface call timed out ({ms} ms)',
    'interface.callFailed': 'The interface call failed: {detail}',
    'interface.called': 'Called, status {status}',
  },
});

declare module '../../core/i18n/index.js' {
  interface MessageRegistry extends KeysOf<typeof messages> {}
}
