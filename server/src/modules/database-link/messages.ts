import { defineMessages, type KeysOf } from '../../core/i18n/index.js';

/** This module's server messages; en must have exactly the zh-CN keys (the compiler checks it). */
export const messages = defineMessages({
  'zh-CN': {
    'dataLink.notFound': '数据库连接不存在：{id}',
    'dataLink.taskReadOnly': '这个数据库连接只允许定时任务读取（SELECT）；写入需要有权限的人在数据库连接中允许',
    'dataLink.taskRowsRead': '读取 {rows} 行',
    'dataLink.taskRowsReadTruncated': '读取 {rows} 行（已达上限，其余未读取）',
    'dataLink.taskRowsChanged': '影响 {rows} 行',
    'dataLink.taskWritableSet': '已允许定时任务通过这个连接写入',
    'dataLink.taskWritableUnset': '定时任务只能通过这个连接读取',
    'dataLink.defaultReadOnly': '系统默认数据库连接不能修改或删除',
    'dataLink.aliasTaken': '连接名称已存在：{alias}',
    'dataLink.connected': '连接成功',
    'dataLink.connectFailed': '连接失败：{reason}',
    'dataLink.addressRefused': '不允许连接该地址：{host}',
    'dataLink.readOnly': '只能执行查询语句：{reason}',
    'dataLink.timeout': '查询超时（{seconds} 秒），已在数据库端取消',
    'dataLink.truncated': '结果超过 {max} 行，只显示前 {max} 行',
    'dataLink.queryFailed': '查询失败：{reason}',
    'dataLink.tooCostly': '查询估算代价 {cost} 超过上限 {max}，内置数据库无法中途取消查询，请缩小查询范围',
    'dataLink.functionRefused': '不允许在查询中调用函数：{name}',
    'dataLink.catalogRefused': '只能查询本租户的数据表：{name}',
    'dataLink.recursiveRefused': '内置数据库不支持递归查询（WITH RECURSIVE）',
    'dataLink.missingParam': '缺少查询参数：{name}',
    'dataLink.badParams': '查询参数必须是 JSON 对象：{reason}',
    'dataLink.tableNotFound': '数据表不存在：{table}',
    'dataLink.columnNotFound': '字段不存在：{column}',
    'dataLink.badCursor': '分页游标无效',
    'dataLink.needQueryRole': 'SQL Server 连接需要设置查询角色（只读数据库用户）才能执行自定义查询',
    'dataLink.defaultAlias': '本地数据库',
    'dataLink.passwordUndecryptable': '无法解密已保存的密码（JWT 密钥已更换？），请重新输入密码',
    'dataLink.roleEscapable':
      '查询角色 {role} 可以调用 set_config 切换回连接用户，无法限制查询范围。请数据库管理员执行：revoke execute on function pg_catalog.set_config(text, text, boolean) from public;（再授权给需要的用户）',
    'dataLink.roleNotConfining':
      '连接用户自身拥有权限（{grant}），查询角色 {role} 无法限制查询范围（MySQL/MariaDB 的角色权限与用户权限叠加）：请使用只被授予该角色、没有自身权限的连接用户',
  },
  en: {
    'dataLink.taskReadOnly': 'Scheduled tasks may only read (SELECT) through this database link; someone with the permission can allow writes on the link',
    'dataLink.taskRowsRead': 'Rows read: {rows}',
    'dataLink.taskRowsReadTruncated': 'Rows read: {rows} (the cap; the rest were not read)',
    'dataLink.taskRowsChanged': 'Rows changed: {rows}',
    'dataLink.taskWritableSet': 'Scheduled tasks may now write through this link',
    'dataLink.taskWritableUnset': 'Scheduled tasks may now only read through this link',
    'dataLink.notFound': 'Database link not found: {id}',
    'dataLink.defaultReadOnly': 'The default database link cannot be changed or deleted',
    'dataLink.aliasTaken': 'A link with this name already exists: {alias}',
    'dataLink.connected': 'Connected',
    'dataLink.connectFailed': 'Connection failed: {reason}',
    'dataLink.addressRefused': 'Connecting to this address is not allowed: {host}',
    'dataLink.readOnly': 'Only queries can run here: {reason}',
    'dataLink.timeout': 'The query ran over the time-out ({seconds} s) and was cancelled on the database',
    'dataLink.truncated': 'More than {max} rows; only the first {max} are shown',
    'dataLink.queryFailed': 'Query failed: {reason}',
    'dataLink.tooCostly': 'The estimated cost {cost} is above the limit {max}; the embedded database cannot cancel a running query, narrow it down',
    'dataLink.functionRefused': 'This function may not be called in a query: {name}',
    'dataLink.catalogRefused': "Only your own tenant's tables can be queried: {name}",
    'dataLink.recursiveRefused': 'The embedded database does not run recursive queries (WITH RECURSIVE)',
    'dataLink.missingParam': 'Missing query parameter: {name}',
    'dataLink.badParams': 'Query parameters must be a JSON object: {reason}',
    'dataLink.tableNotFound': 'Table not found: {table}',
    'dataLink.columnNotFound': 'Column not found: {column}',
    'dataLink.badCursor': 'Invalid page cursor',
    'dataLink.needQueryRole': 'A SQL Server link needs a query role (a read-only database user) to run custom queries',
    'dataLink.defaultAlias': 'Local database',
    'dataLink.passwordUndecryptable': 'The stored password cannot be decrypted (was the JWT secret changed?); enter the password again',
    'dataLink.roleEscapable':
      'The query role {role} can call set_config and switch back to the connecting user, so it cannot confine queries. A database administrator should run: revoke execute on function pg_catalog.set_config(text, text, boolean) from public; (and grant it to the users that need it)',
    'dataLink.roleNotConfining':
      "The link's user has rights of its own ({grant}), so the query role {role} cannot confine queries (MySQL/MariaDB add a role's rights to the user's): use a user that has only this role",
  },
});

declare module '../../core/i18n/index.js' {
  interface MessageRegistry extends KeysOf<typeof messages> {}
}
