import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { NoticeDetail, NoticeRow } from '@app/contracts';
import type { Database } from '../../core/db/schema.js';
import type { NoticesTable } from './tables.js';
import { fetchPage, formatTime, containsPattern } from '../../core/db/helpers.js';

const columns = [
  'n.id as F_NoticeId',
  'n.full_head as F_FullHead',
  sql<string | null>`case when n.send_time is null then null else ${formatTime('n.send_time')} end`.as('F_SendTime'),
  'n.enabled as F_EnabledMark',
  'u.real_name as F_CreateUserName',
  formatTime('n.created_at').as('F_CreateDate'),
] as const;

/** The columns a notice's body sets. */
export type NoticeValues = Required<Pick<Insertable<NoticesTable>, 'full_head' | 'content' | 'send_time'>>;

export class NoticeRepository {
  readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  page(tenantId: string, f: { page: number; size: number; keyword?: string; status?: number }): Promise<{ Rows: NoticeRow[]; Total: number }> {
    let query = this.db.selectFrom('notices as n').where('n.tenant_id', '=', tenantId);
    if (f.keyword) query = query.where('n.full_head', 'ilike', containsPattern(f.keyword));
    if (f.status !== undefined) query = query.where('n.enabled', '=', f.status);
    return fetchPage(
      query
        .leftJoin('users as u', 'u.id', 'n.created_by')
        .select([...columns])
        .orderBy('n.created_at', 'desc')
        .orderBy('n.id', 'desc'),
      f,
    );
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

  /** A new notice, unpublished (publishing is a status change, which notifies). */
  async insert(trx: Transaction<Database>, tenantId: string, userId: string, id: string, values: NoticeValues): Promise<void> {
    await trx
      .insertInto('notices')
      .values({ id, tenant_id: tenantId, created_by: userId, ...values, enabled: 0 })
      .execute();
  }

  async update(trx: Transaction<Database>, tenantId: string, id: string, values: NoticeValues): Promise<boolean> {
    const result = await trx
      .updateTable('notices')
      .set({ ...values, updated_at: new Date() })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Removes the notice and the messages that announced it. */
  async remove(trx: Transaction<Database>, tenantId: string, id: string): Promise<boolean> {
    const result = await trx.deleteFrom('notices').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) return false;
    await trx.deleteFrom('messages').where('tenant_id', '=', tenantId).where('type', '=', 11).where('object_id', '=', id).execute();
    return true;
  }

  /** Locks the row and answers its current state. */
  lockForStatus(trx: Transaction<Database>, tenantId: string, id: string) {
    return trx
      .selectFrom('notices')
      .select(['enabled', 'full_head', 'content'])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  /** Publishes (1) or unpublishes (0); the first publication keeps its send time. */
  async setStatus(trx: Transaction<Database>, tenantId: string, id: string, status: number): Promise<void> {
    await trx
      .updateTable('notices')
      .set((eb) => ({ enabled: status, ...(status === 1 ? { send_time: eb.fn.coalesce('send_time', eb.fn<Date>('now')) } : {}) }))
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
  }
}
