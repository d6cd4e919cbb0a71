import type { Kysely } from 'kysely';
import type { Database } from '../../core/db/schema.js';
import { formatTime } from '../../core/db/helpers.js';
import { ADMIN_ROLE_CODE } from '../../db/module-catalog.js';

/** A file row as the attachment calls show it (before its links are added). */
export interface FileRow {
  id: string;
  folder_id: string;
  file_name: string;
  extension: string;
  mime_type: string;
  size: string;
  remark: string;
  created: string;
  owner_id: string;
  owner_name: string;
}

export interface NewFile {
  id: string;
  folder_id: string | null;
  file_name: string;
  extension: string;
  mime_type: string;
  size: number;
  storage_key: string;
}

/** The only code of the files module that touches the database. */
export class FilesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private rows(tenantId: string) {
    return this.db
      .selectFrom('files as f')
      .leftJoin('users as u', 'u.id', 'f.owner_id')
      .where('f.tenant_id', '=', tenantId)
      .where('f.deleted_at', 'is', null)
      .select((eb) => [
        'f.id',
        eb.fn.coalesce('f.folder_id', eb.val('')).as('folder_id'),
        'f.file_name',
        'f.extension',
        'f.mime_type',
        'f.size',
        'f.remark',
        formatTime('f.created_at').as('created'),
        'f.owner_id',
        eb.fn.coalesce('u.real_name', eb.val('')).as('owner_name'),
      ]);
  }

  /** An attachment folder (kind 1) of the tenant. */
  async attachmentFolderExists(tenantId: string, folderId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('file_folders')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', folderId)
      .where('kind', '=', 1)
      .executeTakeFirst();
    return Boolean(row);
  }

  /** A live file-manager folder (kind 2) of this user. */
  async ownFolderExists(tenantId: string, ownerId: string, folderId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('file_folders')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('owner_id', '=', ownerId)
      .where('id', '=', folderId)
      .where('kind', '=', 2)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Boolean(row);
  }

  /** One upload's rows, all or none: the new attachment folder (if any) and every file. */
  async insertUpload(tenantId: string, ownerId: string, newFolderId: string | null, files: NewFile[], remark: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if (newFolderId)
        await trx
          .insertInto('file_folders')
          .values({ id: newFolderId, tenant_id: tenantId, owner_id: ownerId, kind: 1, parent_id: null, deleted_at: null })
          .execute();
      await trx
        .insertInto('files')
        .values(files.map((f) => ({ ...f, tenant_id: tenantId, owner_id: ownerId, remark, deleted_at: null })))
        .execute();
    });
  }

  byIds(tenantId: string, ids: string[]): Promise<FileRow[]> {
    return this.rows(tenantId).where('f.id', 'in', ids).orderBy('f.created_at').orderBy('f.id').execute();
  }

  /** The live files of an attachment folder, oldest first. */
  inAttachmentFolder(tenantId: string, folderId: string): Promise<FileRow[]> {
    return this.rows(tenantId).where('f.folder_id', '=', folderId).orderBy('f.created_at').orderBy('f.id').execute();
  }

  /** One live file of an attachment folder (file-manager files are private to their owner and not reached here). */
  attachment(tenantId: string, id: string): Promise<(FileRow & { storage_key: string }) | undefined> {
    return this.rows(tenantId)
      .innerJoin('file_folders as d', 'd.id', 'f.folder_id')
      .where('d.kind', '=', 1)
      .where('f.id', '=', id)
      .select('f.storage_key')
      .executeTakeFirst();
  }

  async deleteFile(tenantId: string, id: string): Promise<void> {
    await this.db.deleteFrom('files').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  }

  async isTenantAdmin(tenantId: string, userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('user_roles as ur')
      .innerJoin('roles as r', 'r.id', 'ur.role_id')
      .select('ur.user_id')
      .where('ur.tenant_id', '=', tenantId)
      .where('ur.user_id', '=', userId)
      .where('r.tenant_id', '=', tenantId)
      .where('r.en_code', '=', ADMIN_ROLE_CODE)
      .executeTakeFirst();
    return Boolean(row);
  }

  /** What the signed byte route needs; the signature has already proved the id, so no tenant filter. */
  servable(id: string) {
    return this.db
      .selectFrom('files')
      .select(['file_name', 'mime_type', 'size', 'storage_key'])
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }
}
