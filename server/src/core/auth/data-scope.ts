import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../db/schema.js';
import type { AuthContext } from '../deps.js';

/** Data scopes of data_authorizes.scope (administration spec, data permissions). */
export const DataScopeKind = {
  own: 1,
  ownDepartment: 2,
  departmentAndBelow: 3,
  ownCompany: 4,
  all: 5,
  custom: 6,
} as const;

/**
 * The rows a caller may see in one module: everything in the tenant, or the union of their own rows,
 * rows of some departments and rows of some companies. With several roles the widest wins; with no data
 * permission configured for the module the caller sees all the tenant's rows.
 */
export type DataScope = { all: true } | { all: false; userIds: string[]; departmentIds: string[]; companyIds: string[] };

export class DataScopeService {
  constructor(private readonly db: Kysely<Database>) {}

  async of(auth: AuthContext, moduleId: string): Promise<DataScope> {
    const rules = await sql<{ scope: number; department_ids: string[] }>`
      select d.scope, d.department_ids from data_authorizes d
      where d.tenant_id = ${auth.tenantId} and d.module_id = ${moduleId}
        and ((d.object_type = 2 and d.object_id = ${auth.userId})
          or (d.object_type = 1 and d.object_id in (
            select ur.role_id from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = ${auth.userId} and r.enabled)))`.execute(this.db);
    if (rules.rows.length === 0 || rules.rows.some((r) => r.scope === DataScopeKind.all)) return { all: true };
    const scopes = new Set(rules.rows.map((r) => r.scope));
    const scope = { all: false as const, userIds: [] as string[], departmentIds: [] as string[], companyIds: [] as string[] };
    if (scopes.has(DataScopeKind.own)) scope.userIds.push(auth.userId);
    if (scopes.has(DataScopeKind.ownCompany)) {
      const me = await this.db.selectFrom('users').select('company_id').where('id', '=', auth.userId).executeTakeFirst();
      if (me?.company_id) scope.companyIds.push(me.company_id);
    }
    if (scopes.has(DataScopeKind.ownDepartment) || scopes.has(DataScopeKind.departmentAndBelow)) {
      const mine = await this.db.selectFrom('user_departments').select('department_id').where('user_id', '=', auth.userId).execute();
      const ids = mine.map((d) => d.department_id);
      scope.departmentIds.push(...ids);
      if (scopes.has(DataScopeKind.departmentAndBelow) && ids.length) {
        const below = await sql<{ id: string }>`
          with recursive tree as (
            select id from departments where tenant_id = ${auth.tenantId} and parent_id in (${sql.join(ids)})
            union select d.id from departments d join tree on d.parent_id = tree.id where d.tenant_id = ${auth.tenantId})
          select id from tree`.execute(this.db);
        scope.departmentIds.push(...below.rows.map((r) => r.id));
      }
    }
    for (const rule of rules.rows) if (rule.scope === DataScopeKind.custom) scope.departmentIds.push(...rule.department_ids);
    scope.departmentIds = [...new Set(scope.departmentIds)];
    return scope;
  }
}

/**
 * The SQL condition of a scope, for a query whose rows have an owner, a company and departments.
 * `departmentsOf` says whether a row belongs to one of the given departments.
 */
export function inDataScope<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  scope: DataScope,
  refs: {
    owner: Expression<string>;
    company: Expression<string | null>;
    departmentsOf: (departmentIds: string[]) => Expression<SqlBool>;
  },
): Expression<SqlBool> {
  if (scope.all) return sql<SqlBool>`true`;
  const parts: Expression<SqlBool>[] = [];
  if (scope.userIds.length) parts.push(sql<SqlBool>`${refs.owner} in (${sql.join(scope.userIds)})`);
  if (scope.companyIds.length) parts.push(sql<SqlBool>`${refs.company} in (${sql.join(scope.companyIds)})`);
  if (scope.departmentIds.length) parts.push(refs.departmentsOf(scope.departmentIds));
  return parts.length ? eb.or(parts) : sql<SqlBool>`false`;
}
