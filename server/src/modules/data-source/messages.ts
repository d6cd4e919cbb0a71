import { defineMessages, type KeysOf } from '../../core/i18n/index.js';

/** This module's server messages; en must have exactly the zh-CN keys (the compiler checks it). */
export const messages = defineMessages({
  'zh-CN': {
    'dataSource.notFound': '数据源不存在：{id}',
    'dataSource.codeExists': '数据源编号已存在：{code}',
    'dataSource.linkNotFound': '数据库连接不存在：{id}',
    'dataSource.sqlInvalid': '数据源 SQL 执行失败：{detail}',
    'dataSource.unknownParam': '数据源没有这个参数：{name}',
    'dataSource.unknownField': '查询结果中没有这个字段：{field}',
    'dataSource.treeFields': '请先设置主键字段和父级字段（查询结果中的列）',
  },
  en: {
    'dataSource.notFound': 'Data source not found: {id}',
    'dataSource.codeExists': 'A data source with this code already exists: {code}',
    'dataSource.linkNotFound': 'Database link not found: {id}',
    'dataSource.sqlInvalid': 'The data source SQL failed: {detail}',
    'dataSource.unknownParam': 'The data source has no parameter named {name}',
    'dataSource.unknownField': 'The query result has no column named {field}',
    'dataSource.treeFields': 'Set the id field and the parent field (columns of the result) first',
  },
});

declare module '../../core/i18n/index.js' {
  interface MessageRegistry extends KeysOf<typeof messages> {}
}
