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
  /** Departments whose managers are candidates (departmentHead). */
  headsOf: string[];
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
      or u.id in (select d.manager_id from departments d where d.tenant_id = ${t} and d.id = any(${list(q.headsOf)}))
    )
    order by u.sort_code, u.account`.execute(db);
  return rows.rows.map((r) => ({ id: r.id, account: r.account, realName: r.real_name }));
}

/** One enabled manager on the way up from one of a user's departments (depth 0: the department itself). */
export interface ChainManager extends CandidateUser {
  /** The user's department the walk started from. */
  root: string;
  depth: number;
}

/** How far up a department walk goes: deeper trees are unusual, and a parent cycle must not loop forever. */
const MAX_DEPARTMENT_DEPTH = 50;

/**
 * The enabled managers of each of the user's departments and of all the departments above it (by parent id), one
 * row per department that has one, ordered by the starting department's sort code, then by depth.
 */
export async function managerChains(db: Db, tenantId: string, userId: string): Promise<ChainManager[]> {
  const t = tenantId;
  const rows = await sql<{ root: string; depth: number; id: string; account: string; real_name: string }>`
    with recursive chain(root, root_sort, id, parent_id, manager_id, depth) as (
      select d.id, d.sort_code, d.id, d.parent_id, d.manager_id, 0 from departments d
        join user_departments ud on ud.department_id = d.id and ud.tenant_id = ${t}
        where d.tenant_id = ${t} and ud.user_id = ${userId}
      union all
      select c.root, c.root_sort, p.id, p.parent_id, p.manager_id, c.depth + 1 from chain c
        join departments p on p.id = c.parent_id and p.tenant_id = ${t}
        where c.depth < ${MAX_DEPARTMENT_DEPTH}
    )
    select c.root, c.depth, u.id, u.account, u.real_name from chain c
      join users u on u.id = c.manager_id and u.tenant_id = ${t} and u.enabled = true
    order by c.root_sort, c.root, c.depth`.execute(db);
  return rows.rows.map((r) => ({ root: r.root, depth: Number(r.depth), id: r.id, account: r.account, realName: r.real_name }));
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
