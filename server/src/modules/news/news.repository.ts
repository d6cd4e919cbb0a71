import { sql, type Kysely, type Transaction } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Attachment, NewsDetail, NewsRow } from '@app/contracts';
import type { Database } from '../../core/db/schema.js';
import { fetchPage, formatTime, containsPattern } from '../../core/db/helpers.js';

export interface NewsValues {
  type_id: number;
  category_id: string;
  full_head: string;
  author_name: string;
  compile_name: string;
  source_name: string;
  source_address: string;
  release_time: Date | null;
  content: string;
  /** Absent = leave the stored legacy list as it is (an edit from the upload-field form). */
  attachments?: string;
  /** Absent = leave the folder as it is. */
  attachment_folder_id?: string | null;
}

/** The detail as stored: legacy entries plus the attachment folder's live files, not yet signed. */
export type NewsDetailRow = Omit<NewsDetail, 'F_Attachments'> & {
  legacy: Attachment[];
  folderFiles: { id: string; name: string; extension: string }[];
};

export class NewsRepository {
  readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  page(tenantId: string, f: { page: number; size: number; keyword?: string; category?: string; status?: number }): Promise<{ Rows: NewsRow[]; Total: number }> {
    let query = this.db.selectFrom('news as n').where('n.tenant_id', '=', tenantId);
    if (f.keyword) query = query.where('n.full_head', 'ilike', containsPattern(f.keyword));
    if (f.category) query = query.where('n.category_id', '=', f.category);
    if (f.status !== undefined) query = query.where('n.enabled', '=', f.status);
    return fetchPage(
      query
        .leftJoin('users as u', 'u.id', 'n.created_by')
        .select([
          'n.id as F_NewsId',
          'n.type_id as F_TypeId',
          'n.category_id as F_CategoryId',
          'n.full_head as F_FullHead',
          'n.author_name as F_AuthorName',
          'n.compile_name as F_CompileName',
          'n.source_name as F_SourceName',
          sql<string | null>`case when n.release_time is null then null else ${formatTime('n.release_time')} end`.as('F_ReleaseTime'),
          'n.enabled as F_EnabledMark',
          'u.real_name as F_CreateUserName',
          formatTime('n.created_at').as('F_CreateDate'),
        ])
        .orderBy('n.created_at', 'desc')
        .orderBy('n.id', 'desc'),
      f,
    );
  }

  /** One read: the item with its folder's live files (oldest first). */
  detail(tenantId: string, id: string): Promise<NewsDetailRow | undefined> {
    return this.db
      .selectFrom('news as n')
      .where('n.tenant_id', '=', tenantId)
      .where('n.id', '=', id)
      .select((eb) => [
        'n.id as F_NewsId',
        'n.type_id as F_TypeId',
        'n.category_id as F_CategoryId',
        'n.full_head as F_FullHead',
        'n.author_name as F_AuthorName',
        'n.compile_name as F_CompileName',
        'n.source_name as F_SourceName',
        'n.source_address as F_SourceAddress',
        sql<string | null>`case when n.release_time is null then null else ${formatTime('n.release_time')} end`.as('F_ReleaseTime'),
        'n.content as F_NewsContent',
        'n.enabled as F_EnabledMark',
        'n.attachment_folder_id as F_FolderId',
        'n.attachments as legacy',
        formatTime('n.created_at').as('F_CreateDate'),
        jsonArrayFrom(
          eb
            .selectFrom('files as f')
            .select(['f.id', 'f.file_name as name', 'f.extension'])
            .whereRef('f.folder_id', '=', 'n.attachment_folder_id')
            .whereRef('f.tenant_id', '=', 'n.tenant_id')
            .where('f.deleted_at', 'is', null)
            .orderBy('f.created_at')
            .orderBy('f.id'),
        ).as('folderFiles'),
      ])
      .executeTakeFirst();
  }

  /** An attachment folder (kind 1) of the tenant: the only kind a news item may point at. */
  async isAttachmentFolder(tenantId: string, folderId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('file_folders')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', folderId)
      .where('kind', '=', 1)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return !!row;
  }

  async insert(tenantId: string, userId: string, id: string, values: NewsValues): Promise<void> {
    await this.db
      .insertInto('news')
      .values({ id, tenant_id: tenantId, created_by: userId, ...values })
      .execute();
  }

  async update(tenantId: string, id: string, values: NewsValues): Promise<boolean> {
    const result = await this.db
      .updateTable('news')
      .set({ ...values, updated_at: new Date() })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Removes the item and the messages that announced it. */
  async remove(tenantId: string, id: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx.deleteFrom('news').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) return false;
      await trx.deleteFrom('messages').where('tenant_id', '=', tenantId).where('type', '=', 10).where('object_id', '=', id).execute();
      return true;
    });
  }

  /** Locks the row and answers its current state (inside a transaction). */
  lockForStatus(trx: Transaction<Database>, tenantId: string, id: string) {
    return trx
      .selectFrom('news')
      .select(['id', 'enabled', 'full_head', 'content'])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  /** Publishes (1) or unpublishes (0); the first publication keeps its release time. */
  async setStatus(trx: Transaction<Database>, tenantId: string, id: string, status: number): Promise<void> {
    await trx
      .updateTable('news')
      .set((eb) => ({
        enabled: status,
        updated_at: new Date(),
        ...(status === 1 ? { release_time: eb.fn.coalesce('release_time', eb.fn<Date>('now')) } : {}),
      }))
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
  }
}
