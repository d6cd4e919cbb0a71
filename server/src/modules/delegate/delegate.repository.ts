import { sql, type Kysely, type Transaction } from 'kysely';
import type { DelegateRow } from '@app/contracts';
import type { Database } from '../../core/db/schema.js';
import { containsPattern, fetchPage, formatTime } from '../../core/db/helpers.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface DelegateValues {
  user_id: string;
  delegate_user_id: string;
  scheme_ids: string[];
  start_at: Date;
  end_at: Date;
  enabled: boolean;
  description: string;
}

/** The only Kysely code of delegations (wf_delegates). */
export class DelegateRepository {
  constructor(readonly db: Kysely<Database>) {}

  private rows(db: Db, tenantId: string) {
    return db
      .selectFrom('wf_delegates as d')
      .leftJoin('users as du', (join) => join.onRef('du.id', '=', 'd.user_id').on('du.tenant_id', '=', tenantId))
      .leftJoin('users as dg', (join) => join.onRef('dg.id', '=', 'd.delegate_user_id').on('dg.tenant_id', '=', tenantId))
      .where('d.tenant_id', '=', tenantId)
      .select([
        'd.id as F_Id',
        'd.user_id as F_UserId',
        sql<string>`coalesce(du.real_name, '')`.as('F_UserName'),
        'd.delegate_user_id as F_DelegateUserId',
        sql<string>`coalesce(dg.real_name, '')`.as('F_DelegateUserName'),
        sql<string[]>`d.scheme_ids`.as('F_SchemeIds'),
        sql<string[]>`coalesce((select jsonb_agg(s.name order by s.name) from wf_schemes s
          where s.tenant_id = d.tenant_id and s.id in (select jsonb_array_elements_text(d.scheme_ids))), '[]'::jsonb)`.as('F_SchemeNames'),
        formatTime('d.start_at').as('F_StartTime'),
        formatTime('d.end_at').as('F_EndTime'),
        sql<0 | 1>`case when d.enabled then 1 else 0 end`.as('F_EnabledMark'),
        'd.description as F_Description',
        formatTime('d.created_at').as('F_CreateDate'),
      ]);
  }

  page(tenantId: string, f: { page: number; size: number; keyword?: string; userId?: string }): Promise<{ Rows: DelegateRow[]; Total: number }> {
    let query = this.rows(this.db, tenantId);
    if (f.userId) query = query.where('d.user_id', '=', f.userId);
    if (f.keyword) {
      const like = containsPattern(f.keyword);
      query = query.where((eb) => eb.or([eb('dg.real_name', 'ilike', like), eb('dg.account', 'ilike', like)]));
    }
    return fetchPage(query.orderBy('d.start_at', 'desc').orderBy('d.id', 'desc'), f);
  }

  owner(db: Db, tenantId: string, id: string): Promise<{ user_id: string } | undefined> {
    return db.selectFrom('wf_delegates').select('user_id').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  }

  /** Locks the delegator's user row: saves of one user's delegations run one after another (overlap check). */
  async lockUser(db: Db, tenantId: string, userId: string): Promise<boolean> {
    const row = await db.selectFrom('users').select('id').where('tenant_id', '=', tenantId).where('id', '=', userId).forUpdate().executeTakeFirst();
    return row !== undefined;
  }

  /** An enabled user of the tenant? */
  async enabledUser(db: Db, tenantId: string, userId: string): Promise<boolean> {
    const row = await db
      .selectFrom('users')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', userId)
      .where('enabled', '=', true)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The ids among `schemeIds` that are not workflow schemes of the tenant. */
  async unknownSchemes(db: Db, tenantId: string, schemeIds: string[]): Promise<string[]> {
    if (schemeIds.length === 0) return [];
    const found = await db.selectFrom('wf_schemes').select('id').where('tenant_id', '=', tenantId).where('id', 'in', schemeIds).execute();
    const known = new Set(found.map((r) => r.id));
    return schemeIds.filter((id) => !known.has(id));
  }

  /** An enabled delegation of the user overlapping [start, end) for at least one common scheme (empty list: all). */
  overlapping(db: Db, tenantId: string, v: DelegateValues, exceptId?: string) {
    let query = this.rows(db, tenantId)
      .where('d.user_id', '=', v.user_id)
      .where('d.enabled', '=', true)
      .where('d.start_at', '<', v.end_at)
      .where('d.end_at', '>', v.start_at);
    if (exceptId) query = query.where('d.id', '<>', exceptId);
    if (v.scheme_ids.length > 0) {
      query = query.where(
        sql<boolean>`(jsonb_array_length(d.scheme_ids) = 0 or exists (select 1 from jsonb_array_elements_text(d.scheme_ids) e(v) where e.v in (${sql.join(v.scheme_ids)})))`,
      );
    }
    return query.orderBy('d.start_at').limit(1).executeTakeFirst();
  }

  async insert(db: Db, row: DelegateValues & { id: string; tenant_id: string; created_by: string }): Promise<void> {
    await db
      .insertInto('wf_delegates')
      .values({ ...row, scheme_ids: JSON.stringify(row.scheme_ids) })
      .execute();
  }

  async update(db: Db, tenantId: string, id: string, v: DelegateValues): Promise<boolean> {
    const result = await db
      .updateTable('wf_delegates')
      .set({ ...v, scheme_ids: JSON.stringify(v.scheme_ids), updated_at: new Date() })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async remove(db: Db, tenantId: string, id: string): Promise<boolean> {
    const result = await db.deleteFrom('wf_delegates').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}

/**
 * The delegates in force at `at` for the given users and scheme, in one query: user id → delegate user id.
 * A delegation counts when it is enabled, start_at <= at < end_at, its scheme list is empty or holds `schemeId`,
 * and the delegate is an enabled user of the tenant. The newest delegation (created last) wins. No chains: a
 * delegate's own delegation is not followed (the caller uses the answer once).
 */
export async function activeDelegates(trx: Db, tenantId: string, userIds: string[], schemeId: string, at: Date): Promise<Map<string, string>> {
  const result = new Map<string, string>();
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return result;
  const rows = await trx
    .selectFrom('wf_delegates as d')
    .innerJoin('users as u', (join) => join.onRef('u.id', '=', 'd.delegate_user_id').on('u.tenant_id', '=', tenantId))
    .distinctOn('d.user_id')
    .select(['d.user_id', 'd.delegate_user_id'])
    .where('d.tenant_id', '=', tenantId)
    .where('d.user_id', 'in', ids)
    .where('d.enabled', '=', true)
    .where('d.start_at', '<=', at)
    .where('d.end_at', '>', at)
    .where('u.enabled', '=', true)
    .whereRef('d.delegate_user_id', '<>', 'd.user_id')
    .where((eb) => eb.or([eb(sql`jsonb_array_length(d.scheme_ids)`, '=', 0), eb(sql`d.scheme_ids`, '@>', sql`jsonb_build_array(${schemeId}::text)`)]))
    .orderBy('d.user_id')
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .execute();
  for (const row of rows) result.set(row.user_id, row.delegate_user_id);
  return result;
}
