import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../core/db/schema.js';

/**
 * The delegates in force at `at` for the given users and scheme, in one query: user id → delegate user id.
 * A delegation counts when it is enabled, start_at <= at < end_at, its scheme list is empty or holds `schemeId`,
 * and the delegate is an enabled user of the tenant. The newest delegation (created last) wins. No chains: a
 * delegate's own delegation is not followed (the caller uses the answer once).
 */
export async function activeDelegates(
  trx: Kysely<Database> | Transaction<Database>,
  tenantId: string,
  userIds: string[],
  schemeId: string,
  at: Date,
): Promise<Map<string, string>> {
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
