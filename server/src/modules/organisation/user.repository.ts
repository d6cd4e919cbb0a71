import { sql } from 'kysely';
import type { MaintenanceUserRow, UserBrief, UserRow } from '@app/contracts';
import { fetchPage, formatTime, tenantScoped } from '../../core/db/helpers.js';
import { inDataScope, type DataScope } from '../../core/auth/data-scope.js';
import { prefixPattern, userBriefSelection } from './queries.js';
import type { Db } from './organisation.repository.js';

export interface UserFilter {
  page: number;
  size: number;
  keyword?: string;
  companyId?: string;
  departmentId?: string;
  enabled?: 0 | 1;
}

export type UserValues = {
  real_name: string;
  gender: number;
  company_id: string | null;
  description: string;
  enabled?: boolean;
  mobile?: string | null;
  email?: string | null;
};

export type UserLinks = { departmentIds?: string[]; roleIds?: string[]; postIds?: string[] };

export class UserRepository {
  constructor(private readonly db: Db) {}

  /** UserRow columns: departments, roles and posts are aggregated per row in the same query (no query per row). */
  private rows(tenantId: string) {
    return tenantScoped(this.db, 'users', tenantId)
      .leftJoin('companies as c', 'c.id', 'users.company_id')
      .select(userBriefSelection())
      .select([
        'users.mobile as F_Mobile',
        'users.email as F_Email',
        sql<UserRow['F_Company']>`case when c.id is null then null else json_build_object('F_CompanyId', c.id, 'F_FullName', c.full_name) end`.as('F_Company'),
        sql<UserRow['F_Department']>`coalesce((
          select json_agg(json_build_object('F_DepartmentId', d.id, 'F_FullName', d.full_name) order by d.sort_code, d.id)
          from user_departments ud join departments d on d.id = ud.department_id where ud.user_id = users.id), '[]'::json)`.as('F_Department'),
        sql<UserRow['F_Roles']>`coalesce((
          select json_agg(json_build_object('F_RoleId', r.id, 'F_FullName', r.full_name) order by r.sort_code, r.id)
          from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = users.id), '[]'::json)`.as('F_Roles'),
        sql<UserRow['F_Posts']>`coalesce((
          select json_agg(json_build_object('F_PostId', p.id, 'F_Name', p.name) order by p.sort_code, p.id)
          from user_posts up join posts p on p.id = up.post_id where up.user_id = users.id), '[]'::json)`.as('F_Posts'),
        'users.description as F_Description',
        formatTime('users.created_at').as('F_CreateDate'),
      ]);
  }

  /**
   * The user list within the caller's data scope. Keyword: a prefix of the account (lower case) or the real name,
   * or an exact mobile.
   *
   * The page is found on the users table alone (filters and order use its indexes), and only the rows of that
   * page get their departments, roles and posts aggregated: a deep page costs the same as the first.
   */
  async page(tenantId: string, scope: DataScope, filter: UserFilter) {
    // Membership tests are written as `users.id in (...)`, so the planner can start from user_departments' index.
    const inDepartments = (ids: string[]) =>
      sql<boolean>`users.id in (select ud.user_id from user_departments ud where ud.department_id in (${sql.join(ids)}))`;
    let matching = tenantScoped(this.db, 'users', tenantId).where((eb) =>
      inDataScope(eb, scope, { owner: eb.ref('users.id'), company: eb.ref('users.company_id'), departmentsOf: inDepartments }),
    );
    if (filter.keyword) {
      const pattern = prefixPattern(filter.keyword);
      const keyword = filter.keyword;
      matching = matching.where(
        sql<boolean>`(lower(users.account) like ${pattern.toLowerCase()} or users.real_name like ${pattern} or users.mobile = ${keyword})`,
      );
    }
    if (filter.companyId) matching = matching.where('users.company_id', '=', filter.companyId);
    if (filter.departmentId) matching = matching.where(inDepartments([filter.departmentId]));
    if (filter.enabled !== undefined) matching = matching.where('users.enabled', '=', filter.enabled === 1);

    const pageIds = matching
      .select('users.id')
      .orderBy('users.created_at', 'desc')
      .orderBy('users.id')
      .limit(filter.size)
      .offset((filter.page - 1) * filter.size);
    const [Rows, count] = await Promise.all([
      this.rows(tenantId).where('users.id', 'in', pageIds).orderBy('users.created_at', 'desc').orderBy('users.id').execute(),
      matching.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
    ]);
    return { Rows, Total: count.total };
  }

  detail(tenantId: string, id: string): Promise<UserRow | undefined> {
    return this.rows(tenantId).where('users.id', '=', id).executeTakeFirst();
  }

  /** Users who maintain at least one department, with those departments. */
  maintainers(tenantId: string, filter: { page: number; size: number; keyword?: string }) {
    let query = tenantScoped(this.db, 'users', tenantId).where(({ exists, selectFrom }) =>
      exists(selectFrom('department_maintainers as dm').select('dm.user_id').whereRef('dm.user_id', '=', 'users.id')),
    );
    if (filter.keyword) {
      const pattern = prefixPattern(filter.keyword);
      query = query.where(sql<boolean>`(lower(users.account) like ${pattern.toLowerCase()} or users.real_name like ${pattern})`);
    }
    return fetchPage(
      query
        .select(userBriefSelection())
        .select(
          sql<MaintenanceUserRow['F_MaintainedDepartments']>`coalesce((
            select json_agg(json_build_object('F_DepartmentId', d.id, 'F_FullName', d.full_name) order by d.sort_code, d.id)
            from department_maintainers dm join departments d on d.id = dm.department_id where dm.user_id = users.id), '[]'::json)`.as(
            'F_MaintainedDepartments',
          ),
        )
        .orderBy('users.created_at', 'desc')
        .orderBy('users.id'),
      filter,
    );
  }

  briefs(tenantId: string, ids: string[]): Promise<UserBrief[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return tenantScoped(this.db, 'users', tenantId).select(userBriefSelection()).where('users.id', 'in', ids).execute();
  }

  find(tenantId: string, id: string) {
    return tenantScoped(this.db, 'users', tenantId).select(['users.id', 'users.enabled']).where('users.id', '=', id).executeTakeFirst();
  }

  async accountTaken(tenantId: string, account: string): Promise<boolean> {
    const row = await tenantScoped(this.db, 'users', tenantId)
      .select('users.id')
      .where(sql<boolean>`lower(users.account) = lower(${account})`)
      .executeTakeFirst();
    return !!row;
  }

  async insert(tenantId: string, id: string, account: string, passwordHash: string, values: UserValues): Promise<void> {
    await this.db
      .insertInto('users')
      .values({ id, tenant_id: tenantId, account, password_hash: passwordHash, ...values, mobile: values.mobile ?? null, email: values.email ?? null })
      .execute();
  }

  async update(tenantId: string, id: string, values: UserValues): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ ...values, updated_at: sql<Date>`now()` })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
  }

  /** Replaces the user's departments, roles and posts that are given (absent lists are kept). */
  async replaceLinks(tenantId: string, userId: string, links: UserLinks): Promise<void> {
    const sets = [
      ['user_departments', 'department_id', links.departmentIds],
      ['user_roles', 'role_id', links.roleIds],
      ['user_posts', 'post_id', links.postIds],
    ] as const;
    for (const [table, column, ids] of sets) {
      if (!ids) continue;
      await sql`delete from ${sql.table(table)} where tenant_id = ${tenantId} and user_id = ${userId}`.execute(this.db);
      const unique = [...new Set(ids)];
      if (unique.length) {
        await sql`insert into ${sql.table(table)} (tenant_id, user_id, ${sql.ref(column)})
          values ${sql.join(unique.map((id) => sql`(${tenantId}, ${userId}, ${id})`))}`.execute(this.db);
      }
    }
  }

  async setEnabled(tenantId: string, id: string, enabled: boolean): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ enabled, updated_at: sql<Date>`now()` })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
  }

  async setPassword(tenantId: string, id: string, passwordHash: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: sql<Date>`now()` })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
  }

  /** Ends every live session of the user. */
  async revokeSessions(tenantId: string, id: string): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: sql<Date>`now()` })
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /**
   * Open tasks only this user can act on: they are among its users (or its assignee) and no other enabled user is.
   * Deleting such a user would leave those processes waiting for nobody.
   */
  async tasksOnlyFor(tenantId: string, userId: string, limit = 20) {
    return this.db
      .selectFrom('wf_tasks as t')
      .innerJoin('wf_instances as i', 'i.id', 't.instance_id')
      .select(['t.id', 't.node_name', 'i.name as instance_name'])
      .where('t.tenant_id', '=', tenantId)
      .where('t.state', '=', 'open')
      .where((eb) =>
        eb.or([
          eb('t.assignee_id', '=', userId),
          eb.exists(
            eb
              .selectFrom('wf_task_users as mine')
              .select('mine.task_id')
              .whereRef('mine.task_id', '=', 't.id')
              .where('mine.user_id', '=', userId)
              .where('mine.open', '=', true),
          ),
        ]),
      )
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('wf_task_users as other')
              .innerJoin('users as u', 'u.id', 'other.user_id')
              .select('other.task_id')
              .whereRef('other.task_id', '=', 't.id')
              .where('other.user_id', '!=', userId)
              .where('other.open', '=', true)
              .where('u.enabled', '=', true),
          ),
        ),
      )
      .orderBy('t.created_at')
      .limit(limit)
      .execute();
  }

  /** The user with their own grants and data permissions (links and sessions go by cascade). */
  async delete(tenantId: string, id: string): Promise<void> {
    await this.db.deleteFrom('authorizes').where('tenant_id', '=', tenantId).where('object_type', '=', 2).where('object_id', '=', id).execute();
    await this.db.deleteFrom('data_authorizes').where('tenant_id', '=', tenantId).where('object_type', '=', 2).where('object_id', '=', id).execute();
    await this.db.updateTable('departments').set({ manager_id: null }).where('tenant_id', '=', tenantId).where('manager_id', '=', id).execute();
    await this.db.deleteFrom('users').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  }
}
