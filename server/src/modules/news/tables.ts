import type { ColumnType, Generated } from 'kysely';
import type { DefaultTimestamp, NullableTimestamp } from '../../core/db/schema.js';

export interface NewsTable {
  id: string;
  tenant_id: string;
  type_id: Generated<number>;
  category_id: Generated<string>;
  full_head: string;
  author_name: Generated<string>;
  compile_name: Generated<string>;
  source_name: Generated<string>;
  source_address: Generated<string>;
  release_time: NullableTimestamp;
  content: Generated<string>;
  attachments: ColumnType<{ F_FileName: string; url: string }[], string | undefined, string>;
  /** The attachment folder (file_folders kind 1) of the upload field; null = none. */
  attachment_folder_id: string | null;
  enabled: Generated<number>;
  created_by: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

declare module '../../core/db/schema.js' {
  interface Database {
    news: NewsTable;
  }
}
