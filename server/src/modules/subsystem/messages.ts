import { defineMessages, type KeysOf } from '../../core/i18n/index.js';

/** This module's server messages; en must have exactly the zh-CN keys (the compiler checks it). */
export const messages = defineMessages({
  'zh-CN': {
    'subsystem.notFound': '子系统不存在',
    'subsystem.hasModules': '该子系统下还有菜单，不能删除',
  },
  en: {
    'subsystem.notFound': 'Sub-system not found',
    'subsystem.hasModules': 'The sub-system still has menu entries and cannot be deleted',
  },
});

declare module '../../core/i18n/index.js' {
  interface MessageRegistry extends KeysOf<typeof messages> {}
}
