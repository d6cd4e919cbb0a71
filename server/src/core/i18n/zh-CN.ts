/** Server messages in Chinese, the default language. Keys must match en.ts (a test checks it). */
import { accessZhCN } from './access.js';
import { organisationZhCN } from './organisation.js';
import { oaZhCN } from './oa.js';
import { filesZhCN } from './files.js';
import { dataLinkZhCN } from './data-link.js';
import { dataDesignZhCN } from './data-design.js';
import { dataSourceZhCN } from './data-source.js';
import { interfaceZhCN } from './interface.js';
import { formsZhCN } from './forms.js';
import { formRelationZhCN } from './form-relation.js';
import { publishedListZhCN } from './published-list.js';
import { formPrintZhCN } from './form-print.js';
import { workflowEngineZhCN } from './workflow-engine.js';
import { workflowSchemeZhCN } from './workflow-scheme.js';
import { workflowTaskZhCN } from './workflow-task.js';
import { stampZhCN } from './stamp.js';
import { systemZhCN } from './system.js';
import { healthZhCN } from './health.js';

const coreZhCN = {
  'common.ok': '操作成功',
  'common.fetched': '获取成功',
  'common.added': '新增成功',
  'common.updated': '更新成功',
  'common.deleted': '删除成功',
  'error.validation': '参数错误：{detail}',
  'error.notFound': '接口不存在：{method} {url}',
  'error.internal': '服务器内部错误，请联系管理员（请求编号 {requestId}）',
  'error.unauthorized': '登录已过期，请重新登录',
  'error.forbidden': '没有权限执行此操作（{permission}）',
  'error.bodyTooLarge': '请求内容过大',
  'error.badJson': '请求内容不是有效的 JSON',
  'error.unsupportedMedia': '不支持的请求内容类型：{type}',
  'error.nulCharacter': '参数错误：{field} 含有空字符（\\u0000），无法保存',
  'error.tooDeep': '参数错误：{field} 嵌套超过 {max} 层',
  'error.badUrl': '请求地址的百分号编码无效',
  'error.uriTooLong': '请求地址过长',
  'error.headersTooLarge': '请求地址或请求头过长',
  'error.badRequest': '请求格式错误',
  'error.badIdempotencyKey': 'Idempotency-Key 格式错误：应为 8 到 100 位字母、数字、- 或 _',
  'error.idempotencyKeyReused': '此 Idempotency-Key 已用于另一项操作',
  'error.requestTimeout': '请求超时',
  'error.tooManyRequests': '请求过于频繁，请 {seconds} 秒后再试',
  'auth.badCredentials': '账号或密码错误',
  'auth.remainingAttempts': '账号或密码错误，还可尝试 {remaining} 次',
  'auth.tooManyFailures': '账号或密码错误次数过多，请 {minutes} 分钟后再试',
  'auth.accountDisabled': '账号已被禁用，请联系管理员',
  'auth.tenantNotFound': '租户编码不存在',
  'auth.tenantDisabled': '租户已停用',
  'auth.loginSuccess': '登录成功',
  'auth.smsTooFrequent': '验证码发送过于频繁，请 {seconds} 秒后再试',
  'auth.smsSent': '验证码已发送',
  'auth.smsInvalid': '验证码错误或已过期',
  'auth.loggedOut': '已退出登录',
  'auth.oldPasswordWrong': '原密码错误',
  'auth.passwordSame': '新密码不能与原密码相同',
  'auth.passwordChanged': '密码修改成功，请重新登录',
  'auth.notSelf': '只能修改自己的账号信息',
  'user.notFound': '用户不存在',
  'session.notFound': '会话不存在或已下线',
  'session.cannotKickSelf': '不能强制下线当前会话',
  'clientLog.saved': '日志已上报',
  'clientLog.cleared': '日志已清空',
} as const;

/** Core messages plus each feature's own file (so features never edit one shared file). */
export const zhCN = {
  ...coreZhCN,
  ...organisationZhCN,
  ...accessZhCN,
  ...systemZhCN,
  ...oaZhCN,
  ...filesZhCN,
  ...dataLinkZhCN,
  ...dataDesignZhCN,
  ...dataSourceZhCN,
  ...interfaceZhCN,
  ...formsZhCN,
  ...formRelationZhCN,
  ...publishedListZhCN,
  ...formPrintZhCN,
  ...workflowEngineZhCN,
  ...workflowSchemeZhCN,
  ...workflowTaskZhCN,
  ...stampZhCN,
  ...healthZhCN,
};

export type MessageKey = keyof typeof zhCN;
