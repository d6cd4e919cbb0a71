import { sql, type Kysely, type Transaction } from 'kysely';
import type { NewsDetail, NewsRow } from '@app/contracts';
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
  attachments: string;
}

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

  detail(tenantId: string, id: string): Promise<NewsDetail | undefined> {
    return this.db
      .selectFrom('news as n')
      .where('n.tenant_id', '=', tenantId)
      .where('n.id', '=', id)
      .select([
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
        'n.attachments as F_Attachments',
        formatTime('n.created_at').as('F_CreateDate'),
      ])
      .executeTakeFirst();
  }

  async insert(tenantId: string, userId: string, id: string, values: NewsValues): Promise<void> {
    await this.db.insertInto('news').values({ id, tenant_id: tenantId, created_by: userId, ...values }).execute();
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
}
