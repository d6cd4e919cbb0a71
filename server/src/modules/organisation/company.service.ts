import type { z } from 'zod';
import type { CompanyDetail, CompanyNode, DepartmentNode, OrgNode, UserBrief, companyBody, memberQuery } from '@app/contracts';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import { AppError, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { CompanyRepository, companyValues } from './company.repository.js';
import { buildTree } from './shared.js';
import { OrganisationRepository } from './organisation.repository.js';

/** Companies: the tree, the org trees pickers use, and company CRUD. */
export class CompanyService {
  private readonly repo: CompanyRepository;

  constructor(private readonly deps: AppDeps) {
    this.repo = new CompanyRepository(deps.db);
  }

  async tree(auth: AuthContext): Promise<CompanyNode[]> {
    return buildTree(
      await this.repo.all(auth.tenantId),
      (n) => n.F_CompanyId,
      (n) => n.F_ParentId,
    );
  }

  /** Companies with their sub-companies and department trees; with users, department nodes list their members. */
  async orgTree(auth: AuthContext, withUsers: boolean): Promise<OrgNode[]> {
    const [companies, departments, members] = await Promise.all([
      this.repo.all(auth.tenantId),
      this.repo.departments(auth.tenantId),
      withUsers ? this.repo.departmentMembers(auth.tenantId) : Promise.resolve([]),
    ]);
    const usersOf = new Map<string, UserBrief[]>();
    for (const { departmentId, ...user } of members) usersOf.set(departmentId, [...(usersOf.get(departmentId) ?? []), user]);
    const companyNodes: OrgNode[] = companies.map((c) => ({
      id: c.F_CompanyId,
      parentId: c.F_ParentId,
      title: c.F_FullName,
      type: 'company',
      companyId: c.F_CompanyId,
      children: [],
    }));
    const byCompany = new Map(companyNodes.map((n) => [n.id, n]));
    const departmentNodes: OrgNode[] = departments.map((d) => ({
      id: d.F_DepartmentId,
      parentId: d.F_ParentId,
      title: d.F_FullName,
      type: 'department',
      companyId: d.F_CompanyId,
      ...(withUsers ? { users: (usersOf.get(d.F_DepartmentId) ?? []).map((u) => ({ ...u, F_DepartmentName: d.F_FullName })) } : {}),
      children: [],
    }));
    const byDepartment = new Map(departmentNodes.map((n) => [n.id, n]));
    const companyRoots = buildTree(
      companyNodes,
      (n) => n.id,
      (n) => n.parentId,
    );
    // Departments go under their parent department, or (top level) after the sub-companies of their company.
    for (const node of departmentNodes) {
      const parent = byDepartment.get(node.parentId) ?? byCompany.get(node.companyId);
      if (parent && parent !== node) parent.children.push(node);
    }
    return companyRoots;
  }

  async departmentTree(auth: AuthContext, companyId: string): Promise<DepartmentNode[]> {
    if (!(await this.repo.exists(auth.tenantId, companyId))) throw notFound('organisation.companyNotFound');
    return buildTree(
      await this.repo.departments(auth.tenantId, companyId),
      (n) => n.F_DepartmentId,
      (n) => n.F_ParentId,
    );
  }

  async users(auth: AuthContext, companyId: string, query: z.infer<typeof memberQuery>) {
    if (!(await this.repo.exists(auth.tenantId, companyId))) throw notFound('organisation.companyNotFound');
    return this.repo.users(auth.tenantId, companyId, { page: query.limit, size: query.size, keyword: query.keyword });
  }

  async detail(auth: AuthContext, id: string): Promise<CompanyDetail> {
    const row = await this.repo.findDetail(auth.tenantId, id);
    if (!row) throw notFound('organisation.companyNotFound');
    return row;
  }

  async create(auth: AuthContext, body: z.infer<typeof companyBody>): Promise<string> {
    const id = newId();
    await this.deps.db.transaction().execute(async (trx) => {
      const repo = new CompanyRepository(trx);
      if (body.F_ParentId !== '0' && !(await repo.exists(auth.tenantId, body.F_ParentId))) throw new AppError('organisation.parentCompanyNotFound');
      await repo.insert(auth.tenantId, id, companyValues(body));
    });
    return id;
  }

  async update(auth: AuthContext, id: string, body: z.infer<typeof companyBody>): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      const repo = new CompanyRepository(trx);
      if (!(await repo.exists(auth.tenantId, id))) throw notFound('organisation.companyNotFound');
      if (body.F_ParentId !== '0') {
        if (!(await repo.exists(auth.tenantId, body.F_ParentId))) throw new AppError('organisation.parentCompanyNotFound');
        if (await new OrganisationRepository(trx).isSelfOrDescendant('companies', auth.tenantId, id, body.F_ParentId))
          throw new AppError('organisation.companyUnderItself');
      }
      await repo.update(auth.tenantId, id, companyValues(body));
    });
  }

  async delete(auth: AuthContext, id: string): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      const repo = new CompanyRepository(trx);
      if (!(await repo.exists(auth.tenantId, id))) throw notFound('organisation.companyNotFound');
      const dependents = await repo.dependents(auth.tenantId, id);
      if (dependents.children) throw new AppError('organisation.companyHasChildren');
      if (dependents.departments) throw new AppError('organisation.companyHasDepartments');
      if (dependents.users) throw new AppError('organisation.companyHasUsers');
      if (dependents.posts) throw new AppError('organisation.companyHasPosts');
      await repo.delete(auth.tenantId, id);
    });
  }
}
