import { sql } from 'kysely';
import type { z } from 'zod';
import type { DepartmentDetail, UserBrief, departmentBody } from '@app/contracts';
import { fetchPage, formatTime, tenantScoped } from '../../core/db/helpers.js';
import { exactAccountOrName, mark, userBriefSelection } from './queries.js';
import type { Db } from './organisation.repository.js';

type DepartmentValues = {
  company_id: string;
  parent_id: string;
  full_name: string;
  en_code: string;
  nature: string | null;
  sort_code: number;
  enabled: boolean;
  description: string;
  phone: string;
  manager_id: string | null;
};

export function departmentValues(body: z.infer<typeof departmentBody>): DepartmentValues {
  return {
    company_id: body.F_CompanyId,
    parent_id: body.F_ParentId,
    full_name: body.F_FullName,
    en_code: body.F_EnCode,
    nature: body.F_Nature ?? null,
    sort_code: body.F_SortCode,
    enabled: body.F_EnabledMark === 1,
    description: body.F_Description,
    phone: body.F_Phone,
    manager_id: body.F_ManagerId ?? null,
  };
}

export class DepartmentRepository {
  constructor(private readonly db: Db) {}

  findDetail(tenantId: string, id: string): Promise<DepartmentDetail | undefined> {
    return tenantScoped(this.db, 'departments', tenantId)
      .select([
        'departments.id as F_DepartmentId',
        'departments.company_id as F_CompanyId',
        'departments.parent_id as F_ParentId',
        'departments.full_name as F_FullName',
        'departments.en_code as F_EnCode',
        'departments.nature as F_Nature',
        'departments.sort_code as F_SortCode',
        mark('departments.enabled').as('F_EnabledMark'),
        'departments.description as F_Description',
        'departments.phone as F_Phone',
        'departments.manager_id as F_ManagerId',
        formatTime('departments.created_at').as('F_CreateDate'),
      ])
      .where('departments.id', '=', id)
      .executeTakeFirst();
  }

  find(tenantId: string, id: string) {
    return tenantScoped(this.db, 'departments', tenantId)
      .select(['departments.id', 'departments.company_id', 'departments.parent_id'])
      .where('departments.id', '=', id)
      .executeTakeFirst();
  }

  /** Members of the department, paged; keyword exact on account or real name. */
  members(tenantId: string, departmentId: string, filter: { page: number; size: number; keyword?: string }) {
    let query = tenantScoped(this.db, 'users', tenantId).where(({ exists, selectFrom }) =>
      exists(selectFrom('user_departments as ud').select('ud.user_id').whereRef('ud.user_id', '=', 'users.id').where('ud.department_id', '=', departmentId)),
    );
    if (filter.keyword) query = query.where(exactAccountOrName(filter.keyword));
    return fetchPage(query.select(userBriefSelection()).orderBy('users.created_at', 'desc').orderBy('users.id'), filter);
  }

  maintainers(tenantId: string, departmentId: string): Promise<UserBrief[]> {
    return tenantScoped(this.db, 'users', tenantId)
      .innerJoin('department_maintainers as dm', 'dm.user_id', 'users.id')
      .where('dm.department_id', '=', departmentId)
      .select(userBriefSelection())
      .orderBy('users.sort_code')
      .orderBy('users.account')
      .execute();
  }

  async insert(tenantId: string, id: string, values: DepartmentValues): Promise<void> {
    await this.db
      .insertInto('departments')
      .values({ id, tenant_id: tenantId, ...values })
      .execute();
  }

  async update(tenantId: string, id: string, values: DepartmentValues): Promise<void> {
    await this.db.updateTable('departments').set(values).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  }

  async dependents(tenantId: string, id: string) {
    const row = await sql<{ children: number; users: number; posts: number }>`
      select
        (select count(*)::int from departments where tenant_id = ${tenantId} and parent_id = ${id}) as children,
        (select count(*)::int from user_departments where tenant_id = ${tenantId} and department_id = ${id}) as users,
        (select count(*)::int from posts where tenant_id = ${tenantId} and department_id = ${id}) as posts`.execute(this.db);
    return row.rows[0];
  }

  async delete(tenantId: string, id: string): Promise<void> {
    await this.db.deleteFrom('special_posts').where('tenant_id', '=', tenantId).where('object_type', '=', 2).where('object_id', '=', id).execute();
    await this.db.deleteFrom('departments').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  }
}
