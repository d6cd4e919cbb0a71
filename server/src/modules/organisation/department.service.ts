import type { z } from 'zod';
import type { DepartmentDetail, UserBrief, departmentBody, memberQuery } from '@app/contracts';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import { AppError, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { CompanyRepository } from './company.repository.js';
import { DepartmentRepository, departmentValues } from './department.repository.js';
import { requireIds, type Db } from './shared.js';
import { OrganisationRepository } from './organisation.repository.js';

type Body = z.infer<typeof departmentBody>;

/** Departments: CRUD, members and maintainers. */
export class DepartmentService {
  private readonly repo: DepartmentRepository;

  constructor(private readonly deps: AppDeps) {
    this.repo = new DepartmentRepository(deps.db);
  }

  async detail(auth: AuthContext, id: string): Promise<DepartmentDetail> {
    const row = await this.repo.findDetail(auth.tenantId, id);
    if (!row) throw notFound('organisation.departmentNotFound');
    return row;
  }

  async members(auth: AuthContext, id: string, query: z.infer<typeof memberQuery>) {
    await this.mustExist(this.repo, auth, id);
    return this.repo.members(auth.tenantId, id, { page: query.limit, size: query.size, keyword: query.keyword });
  }

  async maintainers(auth: AuthContext, id: string): Promise<UserBrief[]> {
    await this.mustExist(this.repo, auth, id);
    return this.repo.maintainers(auth.tenantId, id);
  }

  private async mustExist(repo: DepartmentRepository, auth: AuthContext, id: string) {
    const row = await repo.find(auth.tenantId, id);
    if (!row) throw notFound('organisation.departmentNotFound');
    return row;
  }

  /** Company, parent (same company, not itself or below) and manager of a body. */
  private async checkBody(trx: Db, repo: DepartmentRepository, auth: AuthContext, body: Body, id?: string): Promise<void> {
    if (!(await new CompanyRepository(trx).exists(auth.tenantId, body.F_CompanyId))) throw new AppError('organisation.companyNotFound');
    if (body.F_ParentId !== '0') {
      if (id && (await new OrganisationRepository(trx).isSelfOrDescendant('departments', auth.tenantId, id, body.F_ParentId)))
        throw new AppError('organisation.departmentUnderItself');
      const parent = await repo.find(auth.tenantId, body.F_ParentId);
      if (!parent || parent.company_id !== body.F_CompanyId) throw new AppError('organisation.parentDepartmentNotFound');
    }
    if (body.F_ManagerId) await requireIds(trx, 'users', auth.tenantId, [body.F_ManagerId], 'organisation.managerNotFound');
  }

  async create(auth: AuthContext, body: Body): Promise<string> {
    const id = newId();
    await this.deps.db.transaction().execute(async (trx) => {
      const repo = new DepartmentRepository(trx);
      await this.checkBody(trx, repo, auth, body);
      await repo.insert(auth.tenantId, id, departmentValues(body));
    });
    return id;
  }

  async update(auth: AuthContext, id: string, body: Body): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      const repo = new DepartmentRepository(trx);
      const current = await this.mustExist(repo, auth, id);
      await this.checkBody(trx, repo, auth, body, id);
      if (current.company_id !== body.F_CompanyId && (await repo.dependents(auth.tenantId, id)).children)
        throw new AppError('organisation.departmentCompanyChange');
      await repo.update(auth.tenantId, id, departmentValues(body));
    });
  }

  async delete(auth: AuthContext, id: string): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      const repo = new DepartmentRepository(trx);
      await this.mustExist(repo, auth, id);
      const dependents = await repo.dependents(auth.tenantId, id);
      if (dependents.children) throw new AppError('organisation.departmentHasChildren');
      if (dependents.users) throw new AppError('organisation.departmentHasUsers');
      if (dependents.posts) throw new AppError('organisation.departmentHasPosts');
      await repo.delete(auth.tenantId, id);
    });
  }

  /** The department's members become exactly `userIds`. */
  async setMembers(auth: AuthContext, departmentId: string, userIds: string[]): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      await this.mustExist(new DepartmentRepository(trx), auth, departmentId);
      await requireIds(trx, 'users', auth.tenantId, userIds, 'organisation.unknownUsers');
      await new OrganisationRepository(trx).replaceMembers('user_departments', 'department_id', auth.tenantId, departmentId, userIds);
    });
  }

  /** The department's maintainers become exactly `userIds`. */
  async setMaintainers(auth: AuthContext, departmentId: string, userIds: string[]): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      await this.mustExist(new DepartmentRepository(trx), auth, departmentId);
      await requireIds(trx, 'users', auth.tenantId, userIds, 'organisation.unknownUsers');
      await new OrganisationRepository(trx).replaceMembers('department_maintainers', 'department_id', auth.tenantId, departmentId, userIds);
    });
  }
}
