import type { Generated } from 'kysely';
import type { DefaultTimestamp } from '../../core/db/schema.js';

/** Modules/database-link: named connections to external databases (password encrypted, never returned). */
export interface DatabaseLinksTable {
  id: string;
  tenant_id: string;
  alias: string;
  db_type: string;
  host: string;
  port: number;
  database_name: string;
  schema_name: Generated<string>;
  user_name: Generated<string>;
  /** AES-256-GCM, see modules/database-link/password-cipher.ts; '' = no password. */
  password_cipher: Generated<string>;
  query_role: Generated<string>;
  /** 1: scheduled SQL tasks may write through the link. */
  task_writable: Generated<number>;
  group_name: Generated<string>;
  description: Generated<string>;
  sort_code: Generated<number>;
  created_by: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

declare module '../../core/db/schema.js' {
  interface Database {
    database_links: DatabaseLinksTable;
  }
}
