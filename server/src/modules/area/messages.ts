import { defineMessages, type KeysOf } from '../../core/i18n/index.js';

/** This module's server messages; en must have exactly the zh-CN keys (the compiler checks it). */
export const messages = defineMessages({
  'zh-CN': {
    'area.notFound': '区域不存在',
    'area.parentNotFound': '上级区域不存在',
    'area.tooDeep': '区域最多三级（省、市、区县）',
    'area.idExists': '区域编码 {id} 已存在',
    'area.hasChildren': '该区域下还有下级区域，不能删除',
  },
  en: {
    'area.notFound': 'Area not found',
    'area.parentNotFound': 'Parent area not found',
    'area.tooDeep': 'Areas have at most three levels (province, city, district)',
    'area.idExists': 'Area code {id} already exists',
    'area.hasChildren': 'The area has child areas and cannot be deleted',
  },
});

declare module '../../core/i18n/index.js' {
  interface MessageRegistry extends KeysOf<typeof messages> {}
}
