import { sql } from 'kysely';
import type { Db, Trx } from './db.js';

/** Users, as the engine's candidate rules and pickers read them. */

export interface CandidateUser {
  id: string;
  account: string;
  realName: string;
}

/** What the candidate rules name, gathered by kind (candidates.ts gathers them). */
export interface CandidateQuery {
  tenantId: string;
  direct: string[];
  posts: string[];
  roles: string[];
  departments: string[];
  /** Users whose departments' managers are candidates. */
  leaderOf: string[];
}

/**
 * The enabled users the gathered rules name, unioned, in one query: direct ids, members of posts / roles /
 * departments, and the managers of the departments of `leaderOf`. Ordered by the users' sort code.
 */
export async function candidateUsers(db: Db, q: CandidateQuery): Promise<CandidateUser[]> {
  const list = (ids: string[]) => sql`${sql.val([...new Set(ids)])}::text[]`;
  const t = q.tenantId;
  const rows = await sql<{ id: string; account: string; real_name: string }>`
    select u.id, u.account, u.real_name from users u
    where u.tenant_id = ${t} and u.enabled = true and (
      u.id = any(${list(q.direct)})
      or exists (select 1 from user_posts p where p.tenant_id = ${t} and p.user_id = u.id and p.post_id = any(${list(q.posts)}))
      or exists (select 1 from user_roles r where r.tenant_id = ${t} and r.user_id = u.id and r.role_id = any(${list(q.roles)}))
      or exists (select 1 from user_departments d where d.tenant_id = ${t} and d.user_id = u.id and d.department_id = any(${list(q.departments)}))
      or u.id in (select d.manager_id from departments d join user_departments ud on ud.department_id = d.id and ud.tenant_id = ${t}
                  where d.tenant_id = ${t} and ud.user_id = any(${list(q.leaderOf)}))
    )
    order by u.sort_code, u.account`.execute(db);
  return rows.rows.map((r) => ({ id: r.id, account: r.account, realName: r.real_name }));
}

/** Enabled users of the tenant among `ids` (any order, no duplicates). */
export async function enabledUserRows(db: Db, tenantId: string, ids: string[]): Promise<CandidateUser[]> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'account', 'real_name'])
    .where('tenant_id', '=', tenantId)
    .where('enabled', '=', true)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return rows.map((r) => ({ id: r.id, account: r.account, realName: r.real_name }));
}

export async function realName(trx: Trx, userId: string): Promise<string | undefined> {
  return (await trx.selectFrom('users').select('real_name').where('id', '=', userId).executeTakeFirst())?.real_name;
}
