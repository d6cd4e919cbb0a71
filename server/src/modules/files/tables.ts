import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../core/db/schema.js';

/** Files: kind 1 attachment folder, 2 file-manager folder. */
export interface FileFoldersTable {
  id: string;
  tenant_id: string;
  owner_id: string;
  kind: number;
  parent_id: string | null;
  name: Generated<string>;
  deleted_at: Timestamp | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

/** Files: folder_id null = the owner's file-manager root; size is bigint (a string from the driver). */
export interface FilesTable {
  id: string;
  tenant_id: string;
  folder_id: string | null;
  owner_id: string;
  file_name: string;
  extension: Generated<string>;
  mime_type: string;
  size: ColumnType<string, number | string, number | string>;
  storage_key: string;
  remark: Generated<string>;
  deleted_at: Timestamp | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

declare module '../../core/db/schema.js' {
  interface Database {
    file_folders: FileFoldersTable;
    files: FilesTable;
  }
}
