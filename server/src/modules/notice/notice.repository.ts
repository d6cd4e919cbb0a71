import { sql, type Kysely } from 'kysely';
import type { NoticeDetail, NoticeRow } from '@app/contracts';
import type { Database } from '../../core/db/schema.js';
import { fetchPage, formatTime, containsPattern } from '../../core/db/helpers.js';

const columns = [
  'n.id as F_NoticeId',
  'n.full_head as F_FullHead',
  sql<string | null>`case when n.send_time is null then null else ${formatTime('n.send_time')} end`.as('F_SendTime'),
  'n.enabled as F_EnabledMark',
  'u.real_name as F_CreateUserName',
  formatTime('n.created_at').as('F_CreateDate'),
] as const;

export class NoticeRepository {
  readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  page(tenantId: string, f: { page: number; size: number; keyword?: string; status?: number }): Promise<{ Rows: NoticeRow[]; Total: number }> {
    let query = this.db.selectFrom('notices as n').where('n.tenant_id', '=', tenantId);
    if (f.keyword) query = query.where('n.full_head', 'ilike', containsPattern(f.keyword));
    if (f.status !== undefined) query = query.where('n.enabled', '=', f.status);
    return fetchPage(query.leftJoin('users as u', 'u.id', 'n.created_by').select([...columns]).orderBy('n.created_at', 'desc').orderBy('n.id', 'desc'), f);
  }

  detail(tenantId: string, id: string): Promise<NoticeDetail | undefined> {
    return this.db
      .selectFrom('notices as n')
      .leftJoin('users as u', 'u.id', 'n.created_by')
      .where('n.tenant_id', '=', tenantId)
      .where('n.id', '=', id)
      .select([...columns, 'n.content as F_Content'])
      .executeTakeFirst();
  }
}
