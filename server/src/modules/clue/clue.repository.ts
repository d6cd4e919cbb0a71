import { sql, type Kysely } from 'kysely';
import type { ClueRow } from '@app/contracts';
import type { Database } from '../../core/db/schema.js';
import { containsPattern, fetchPage, formatTime } from '../../core/db/helpers.js';

export interface NewClue {
  id: string;
  tenantId: string;
  name: string;
  phone: string;
  email: string;
  company: string;
  message: string;
  ip: string | null;
  userAgent: string | null;
}

export interface ClueFilter {
  page: number;
  size: number;
  keyword?: string;
  handled?: number;
  from?: Date;
  to?: Date;
}

/** Leads left on the sign-in page: all SQL of the feature. */
export class ClueRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(c: NewClue): Promise<void> {
    await this.db
      .insertInto('clues')
      .values({
        id: c.id,
        tenant_id: c.tenantId,
        name: c.name,
        phone: c.phone,
        email: c.email,
        company: c.company,
        message: c.message,
        ip: c.ip,
        user_agent: c.userAgent,
      })
      .execute();
  }

  page(tenantId: string, f: ClueFilter): Promise<{ Rows: ClueRow[]; Total: number }> {
    let query = this.db.selectFrom('clues as c').where('c.tenant_id', '=', tenantId);
    if (f.keyword) {
      const pattern = containsPattern(f.keyword);
      query = query.where((eb) =>
        eb.or([eb('c.name', 'ilike', pattern), eb('c.phone', 'ilike', pattern), eb('c.email', 'ilike', pattern), eb('c.company', 'ilike', pattern)]),
      );
    }
    if (f.handled !== undefined) query = query.where('c.handled', '=', f.handled);
    if (f.from) query = query.where('c.created_at', '>=', f.from);
    if (f.to) query = query.where('c.created_at', '<', f.to);
    return fetchPage(
      query
        .leftJoin('users as u', 'u.id', 'c.handled_by')
        .select([
          'c.id as F_Id',
          'c.name as F_Name',
          'c.phone as F_Phone',
          'c.email as F_Email',
          'c.company as F_Company',
          'c.message as F_Message',
          'c.ip as F_IPAddress',
          'c.handled as F_Handled',
          'u.real_name as F_HandledUserName',
          sql<string | null>`case when c.handled_at is null then null else ${formatTime('c.handled_at')} end`.as('F_HandledDate'),
          formatTime('c.created_at').as('F_CreateDate'),
        ])
        .orderBy('c.created_at', 'desc')
        .orderBy('c.id', 'desc'),
      f,
    );
  }

  /** Marks handled (by whom, when); false when the tenant has no such lead. Marking twice keeps the first. */
  async markHandled(tenantId: string, id: string, userId: string): Promise<boolean> {
    const result = await this.db
      .updateTable('clues')
      .set((eb) => ({ handled: 1, handled_by: eb.fn.coalesce('handled_by', eb.val(userId)), handled_at: eb.fn.coalesce('handled_at', eb.fn<Date>('now')) }))
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async remove(tenantId: string, id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('clues').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** The tenant a sign-in page names by its code, or the default tenant when it names none. */
  findTenant(code: string) {
    const query = this.db.selectFrom('tenants').select(['id', 'enabled']);
    return (code ? query.where('code', '=', code) : query.where('is_default', '=', true)).executeTakeFirst();
  }
}
