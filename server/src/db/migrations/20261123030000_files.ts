import { sql, type Kysely } from 'kysely';

/**
 * stored files and the folders that group them (docs/files-design.md).
 * kind 1 = attachment folder (created by the first upload, reused by later ones), kind 2 = file-manager folder.
 * A file with folder_id null sits at its owner's file-manager root. deleted_at set = in the trash.
 */
const statements = [
  `create table file_folders (
    id text primary key,
    tenant_id text not null references tenants(id) on delete cascade,
    owner_id text not null,
    kind smallint not null,
    parent_id text references file_folders(id) on delete cascade,
    name text not null default '',
    deleted_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create index file_folders_owner_parent on file_folders (tenant_id, owner_id, parent_id) where kind = 2`,
  `create table files (
    id text primary key,
    tenant_id text not null references tenants(id) on delete cascade,
    folder_id text references file_folders(id) on delete cascade,
    owner_id text not null,
    file_name text not null,
    extension text not null default '',
    mime_type text not null,
    size bigint not null,
    storage_key text not null,
    remark text not null default '',
    deleted_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create index files_folder_time on files (folder_id, created_at)`,
  `create index files_tenant_owner on files (tenant_id, owner_id, folder_id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
