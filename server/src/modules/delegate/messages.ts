import { defineMessages, type KeysOf } from '../../core/i18n/index.js';

/** This module's server messages; en must have exactly the zh-CN keys (the compiler checks it). */
export const messages = defineMessages({
  'zh-CN': {
    'delegate.userRequired': '请选择被委托人',
    'delegate.timeRequired': '请选择委托的开始时间和结束时间',
    'delegate.badTime': '时间格式不正确，应为 yyyy-MM-dd HH:mm:ss',
    'delegate.endBeforeStart': '结束时间必须晚于开始时间',
    'delegate.self': '不能委托给自己',
    'delegate.badUser': '被委托人不存在或已停用',
    'delegate.badDelegator': '委托人【{id}】不存在',
    'delegate.badScheme': '流程【{id}】不存在',
    'delegate.overlap': '该时间段内已有对相同流程的委托（{start} 至 {end}，委托给 {name}）',
    'delegate.notFound': '委托不存在或已被删除',
  },
  en: {
    'delegate.userRequired': 'Please choose the delegate',
    'delegate.timeRequired': 'Please choose the start and end time of the delegation',
    'delegate.badTime': 'Invalid time; expected yyyy-MM-dd HH:mm:ss',
    'delegate.endBeforeStart': 'The end time must be after the start time',
    'delegate.self': 'You cannot delegate to yourself',
    'delegate.badUser': 'The delegate does not exist or is disabled',
    'delegate.badDelegator': 'Delegator [{id}] does not exist',
    'delegate.badScheme': 'Process [{id}] does not exist',
    'delegate.overlap': 'A delegation for the same processes already covers this time ({start} to {end}, to {name})',
    'delegate.notFound': 'The delegation does not exist or was deleted',
  },
});

declare module '../../core/i18n/index.js' {
  interface MessageRegistry extends KeysOf<typeof messages> {}
}
