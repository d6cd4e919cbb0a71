import { defineMessages, type KeysOf } from '../../core/i18n/index.js';

/** This module's server messages; en must have exactly the zh-CN keys (the compiler checks it). */
export const messages = defineMessages({
  'zh-CN': {
    'health.ok': '服务正常',
    'health.databaseDown': '数据库无响应，服务暂不可用',
    'health.shuttingDown': '服务正在停止',
    'health.metricsToken': '指标接口需要有效的 METRICS_TOKEN（Authorization: Bearer）',
    'health.metricsLoopbackOnly': '未配置 METRICS_TOKEN 时，指标接口只对本机直接访问开放',
  },
  en: {
    'health.ok': 'Service is up',
    'health.databaseDown': 'The database does not answer; the service is unavailable',
    'health.shuttingDown': 'The server is shutting down',
    'health.metricsToken': 'The metrics endpoint needs a valid METRICS_TOKEN (Authorization: Bearer)',
    'health.metricsLoopbackOnly': 'Without METRICS_TOKEN the metrics endpoint answers direct local callers only',
  },
});

declare module '../../core/i18n/index.js' {
  interface MessageRegistry extends KeysOf<typeof messages> {}
}
