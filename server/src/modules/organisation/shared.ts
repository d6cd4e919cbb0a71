import { sql, type Expression, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../core/db/schema.js';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import { AppError, forbidden } from '../../core/errors.js';
import type { MessageKey } from '../../core/i18n/index.js';
import type { PermissionKey } from '@app/contracts';

export type Db = Kysely<Database>;

/** Links nodes to their parents (by id); a node whose parent is not in the list is a root. Keeps the input order. */
export function buildTree<T extends { children: T[] }>(nodes: T[], idOf: (n: T) => string, parentOf: (n: T) => string): T[] {
  const byId = new Map(nodes.map((n) => [idOf(n), n]));
  const roots: T[] = [];
  for (const node of nodes) {
    const parent = byId.get(parentOf(node));
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** 1 when the boolean column is true, else 0. */
export function mark(column: string): RawBuilder<0 | 1> {
  return sql<0 | 1>`(case when ${sql.ref(column)} then 1 else 0 end)`;
}

type IdTable = 'companies' | 'departments' | 'posts' | 'roles' | 'users';

/** The given ids that are not rows of the tenant's table. */
export async function missingIds(db: Db, table: IdTable, tenantId: string, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await sql<{ id: string }>`select id from ${sql.table(table)} where tenant_id = ${tenantId} and id in (${sql.join(unique)})`.execute(db);
  const found = new Set(rows.rows.map((r) => r.id));
  return unique.filter((id) => !found.has(id));
}

/** 400 naming the unknown ids (at most 5 shown) unless every id is a row of the tenant's table. */
export async function requireIds(db: Db, table: IdTable, tenantId: string, ids: string[], key: MessageKey): Promise<void> {
  const missing = await missingIds(db, table, tenantId, ids);
  if (missing.length) throw new AppError(key, { ids: missing.slice(0, 5).join(', ') + (missing.length > 5 ? ' …' : '') });
}

/** Whether `candidate` is `id` itself or one of its descendants in a parent_id tree of the tenant. */
export async function isSelfOrDescendant(
  db: Db,
  table: 'companies' | 'departments' | 'posts',
  tenantId: string,
  id: string,
  candidate: string,
): Promise<boolean> {
  if (id === candidate) return true;
  const t = sql.table(table);
  const rows = await sql<{ id: string }>`
    with recursive sub as (
      select id from ${t} where tenant_id = ${tenantId} and parent_id = ${id}
      union select c.id from ${t} c join sub on c.parent_id = sub.id where c.tenant_id = ${tenantId})
    select id from sub where id = ${candidate} limit 1`.execute(db);
  return rows.rows.length > 0;
}

/**
 * Makes the users linked to one object (department, role, post) exactly `userIds`: removes the others and adds the new ones.
 */
export async function replaceMembers(
  trx: Db,
  table: 'user_departments' | 'user_roles' | 'user_posts' | 'department_maintainers',
  column: 'department_id' | 'role_id' | 'post_id',
  tenantId: string,
  objectId: string,
  userIds: string[],
): Promise<void> {
  const unique = [...new Set(userIds)];
  const t = sql.table(table);
  const c = sql.ref(column);
  if (unique.length) {
    await sql`delete from ${t} where tenant_id = ${tenantId} and ${c} = ${objectId} and user_id not in (${sql.join(unique)})`.execute(trx);
    await sql`insert into ${t} (tenant_id, user_id, ${c})
      select ${tenantId}, v.u, ${objectId} from (values ${sql.join(unique.map((u) => sql`(${u})`))}) as v(u)
      on conflict do nothing`.execute(trx);
  } else {
    await sql`delete from ${t} where tenant_id = ${tenantId} and ${c} = ${objectId}`.execute(trx);
  }
}

/** The UserBrief columns of a query over `users`. */
export function userBriefSelection(table = 'users') {
  const ref = (col: string) => sql.ref(`${table}.${col}`);
  return [
    sql<string>`${ref('id')}`.as('F_UserId'),
    sql<string>`${ref('account')}`.as('F_Account'),
    sql<string>`${ref('real_name')}`.as('F_RealName'),
    sql<number>`${ref('gender')}`.as('F_Gender'),
    sql<string | null>`${ref('head_icon')}`.as('F_HeadIcon'),
    mark(`${table}.enabled`).as('F_EnabledMark'),
    sql<string | null>`${ref('company_id')}`.as('F_CompanyId'),
    sql<string>`coalesce((select d.full_name from user_departments ud join departments d on d.id = ud.department_id
      where ud.user_id = ${ref('id')} order by d.sort_code, d.id limit 1), '')`.as('F_DepartmentName'),
  ] as const;
}

/** `lower(account) = lower(keyword) or real_name = keyword` (the pickers' exact match). */
export function exactAccountOrName(keyword: string, table = 'users'): Expression<boolean> {
  return sql<boolean>`(lower(${sql.ref(`${table}.account`)}) = lower(${keyword}) or ${sql.ref(`${table}.real_name`)} = ${keyword})`;
}

/** `x%` for LIKE, with the keyword's own wildcards escaped. */
export function prefixPattern(keyword: string): string {
  return `${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** For routes whose button depends on the body or query (special posts of a company or a department). */
export async function requirePermission(deps: AppDeps, auth: AuthContext, permission: PermissionKey): Promise<void> {
  const grants = await deps.grants.of(auth.tenantId, auth.userId);
  if (!grants.permissions.has(permission)) throw forbidden(permission);
}
