/** Messages of the operator endpoints (health, metrics, backup): zh-CN and en, same keys (a test compares them). */
export const healthZhCN = {
  'health.ok': '服务正常',
  'health.databaseDown': '数据库无响应，服务暂不可用',
  'health.shuttingDown': '服务正在停止',
  'health.metricsToken': '指标接口需要有效的 METRICS_TOKEN（Authorization: Bearer）',
  'health.metricsLoopbackOnly': '未配置 METRICS_TOKEN 时，指标接口只对本机直接访问开放',
  'backup.signature': '备份请求的签名无效或已过期（请在服务器上使用 npm run backup）',
  'backup.usePgDump': '本服务器使用 PostgreSQL：请用 npm run backup（pg_dump）备份数据库',
} as const;

export const healthEn: Record<keyof typeof healthZhCN, string> = {
  'health.ok': 'Service is up',
  'health.databaseDown': 'The database does not answer; the service is unavailable',
  'health.shuttingDown': 'The server is shutting down',
  'health.metricsToken': 'The metrics endpoint needs a valid METRICS_TOKEN (Authorization: Bearer)',
  'health.metricsLoopbackOnly': 'Without METRICS_TOKEN the metrics endpoint answers direct local callers only',
  'backup.signature': 'The backup request has no valid signature or it has expired (use npm run backup on the server)',
  'backup.usePgDump': 'This server runs on PostgreSQL: back the database up with npm run backup (pg_dump)',
};
