import { sql } from 'kysely';
import type { z } from 'zod';
import type { CompanyDetail, CompanyNode, DepartmentNode, UserBrief, companyBody } from '@app/contracts';
import { fetchPage, formatTime, tenantScoped } from '../../core/db/helpers.js';
import { exactAccountOrName, mark, userBriefSelection } from './queries.js';
import type { Db } from './organisation.repository.js';

type CompanyValues = {
  parent_id: string;
  full_name: string;
  short_name: string;
  en_code: string;
  nature: string | null;
  sort_code: number;
  enabled: boolean;
  description: string;
  phone: string;
  address: string;
};

export function companyValues(body: z.infer<typeof companyBody>): CompanyValues {
  return {
    parent_id: body.F_ParentId,
    full_name: body.F_FullName,
    short_name: body.F_CompanyName,
    en_code: body.F_EnCode,
    nature: body.F_Nature ?? null,
    sort_code: body.F_SortCode,
    enabled: body.F_EnabledMark === 1,
    description: body.F_Description,
    phone: body.F_Phone,
    address: body.F_Address,
  };
}

export class CompanyRepository {
  constructor(private readonly db: Db) {}

  /** Every company of the tenant, in tree order (sort code, then name). */
  async all(tenantId: string): Promise<CompanyNode[]> {
    const rows = await tenantScoped(this.db, 'companies', tenantId)
      .select([
        'companies.id as F_CompanyId',
        'companies.parent_id as F_ParentId',
        'companies.full_name as F_FullName',
        'companies.short_name as F_CompanyName',
        'companies.en_code as F_EnCode',
        'companies.nature as F_Nature',
        'companies.sort_code as F_SortCode',
        mark('companies.enabled').as('F_EnabledMark'),
      ])
      .orderBy('companies.sort_code')
      .orderBy('companies.full_name')
      .execute();
    return rows.map((r) => ({ ...r, children: [] }));
  }

  /** Departments of the tenant (or of one company), in tree order. */
  async departments(tenantId: string, companyId?: string): Promise<DepartmentNode[]> {
    let query = tenantScoped(this.db, 'departments', tenantId).select([
      'departments.id as F_DepartmentId',
      'departments.company_id as F_CompanyId',
      'departments.parent_id as F_ParentId',
      'departments.full_name as F_FullName',
      'departments.en_code as F_EnCode',
      'departments.nature as F_Nature',
      'departments.sort_code as F_SortCode',
      mark('departments.enabled').as('F_EnabledMark'),
    ]);
    if (companyId) query = query.where('departments.company_id', '=', companyId);
    const rows = await query.orderBy('departments.sort_code').orderBy('departments.full_name').execute();
    return rows.map((r) => ({ ...r, children: [] }));
  }

  /** (department id, user) pairs of the tenant, for the org tree with users. */
  async departmentMembers(tenantId: string): Promise<(UserBrief & { departmentId: string })[]> {
    return tenantScoped(this.db, 'users', tenantId)
      .innerJoin('user_departments as ud', 'ud.user_id', 'users.id')
      .select(userBriefSelection())
      .select('ud.department_id as departmentId')
      .orderBy('users.sort_code')
      .orderBy('users.account')
      .execute();
  }

  findDetail(tenantId: string, id: string): Promise<CompanyDetail | undefined> {
    return tenantScoped(this.db, 'companies', tenantId)
      .select([
        'companies.id as F_CompanyId',
        'companies.parent_id as F_ParentId',
        'companies.full_name as F_FullName',
        'companies.short_name as F_CompanyName',
        'companies.en_code as F_EnCode',
        'companies.nature as F_Nature',
        'companies.sort_code as F_SortCode',
        mark('companies.enabled').as('F_EnabledMark'),
        'companies.description as F_Description',
        'companies.phone as F_Phone',
        'companies.address as F_Address',
        formatTime('companies.created_at').as('F_CreateDate'),
      ])
      .where('companies.id', '=', id)
      .executeTakeFirst();
  }

  async exists(tenantId: string, id: string): Promise<boolean> {
    return !!(await tenantScoped(this.db, 'companies', tenantId).select('companies.id').where('companies.id', '=', id).executeTakeFirst());
  }

  /** Users whose company is this one; keyword exact on account or real name. */
  users(tenantId: string, companyId: string, filter: { page: number; size: number; keyword?: string }) {
    let query = tenantScoped(this.db, 'users', tenantId).where('users.company_id', '=', companyId);
    if (filter.keyword) query = query.where(exactAccountOrName(filter.keyword));
    return fetchPage(query.select(userBriefSelection()).orderBy('users.created_at', 'desc').orderBy('users.id'), filter);
  }

  async insert(tenantId: string, id: string, values: CompanyValues): Promise<void> {
    await this.db
      .insertInto('companies')
      .values({ id, tenant_id: tenantId, ...values })
      .execute();
  }

  async update(tenantId: string, id: string, values: CompanyValues): Promise<void> {
    await this.db.updateTable('companies').set(values).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  }

  /** What still hangs on the company: sub-companies, departments, users, posts. */
  async dependents(tenantId: string, id: string) {
    const row = await sql<{ children: number; departments: number; users: number; posts: number }>`
      select
        (select count(*)::int from companies where tenant_id = ${tenantId} and parent_id = ${id}) as children,
        (select count(*)::int from departments where tenant_id = ${tenantId} and company_id = ${id}) as departments,
        (select count(*)::int from users where tenant_id = ${tenantId} and company_id = ${id}) as users,
        (select count(*)::int from posts where tenant_id = ${tenantId} and company_id = ${id}) as posts`.execute(this.db);
    return row.rows[0];
  }

  async delete(tenantId: string, id: string): Promise<void> {
    await this.db.deleteFrom('special_posts').where('tenant_id', '=', tenantId).where('object_type', '=', 1).where('object_id', '=', id).execute();
    await this.db.deleteFrom('companies').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  }
}
