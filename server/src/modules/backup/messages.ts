import { defineMessages, type KeysOf } from '../../core/i18n/index.js';

/** This module's server messages; en must have exactly the zh-CN keys (the compiler checks it). */
export const messages = defineMessages({
  'zh-CN': {
    'backup.signature': '备份请求的签名无效或已过期（请在服务器上使用 npm run backup）',
    'backup.usePgDump': '本服务器使用 PostgreSQL：请用 npm run backup（pg_dump）备份数据库',
  },
  en: {
    'backup.signature': 'The backup request has no valid signature or it has expired (use npm run backup on the server)',
    'backup.usePgDump': 'This server runs on PostgreSQL: back the database up with npm run backup (pg_dump)',
  },
});

declare module '../../core/i18n/index.js' {
  interface MessageRegistry extends KeysOf<typeof messages> {}
}
