import { defineMessages, type KeysOf } from '../../core/i18n/index.js';

/** This module's server messages; en must have exactly the zh-CN keys (the compiler checks it). */
export const messages = defineMessages({
  'zh-CN': {
    'codeRule.notFound': '编码规则不存在',
    'codeRule.codeExists': '编码规则编号 {code} 已存在',
    'codeRule.disabled': '编码规则已停用',
    'codeRule.noCompany': '当前用户没有所属公司，无法生成编码',
    'codeRule.noDepartment': '当前用户没有所属部门，无法生成编码',
  },
  en: {
    'codeRule.notFound': 'Code rule not found',
    'codeRule.codeExists': 'Code rule code {code} already exists',
    'codeRule.disabled': 'The code rule is disabled',
    'codeRule.noCompany': 'The current user has no company; the code cannot be generated',
    'codeRule.noDepartment': 'The current user has no department; the code cannot be generated',
  },
});

declare module '../../core/i18n/index.js' {
  interface MessageRegistry extends KeysOf<typeof messages> {}
}
