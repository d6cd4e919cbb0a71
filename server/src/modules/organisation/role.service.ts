import { refusingDuplicates } from '../../core/db/helpers.js';
import type { z } from 'zod';
import type { EffectivePermission, RoleBrief, RoleRow, UserBrief, roleBody, rolePageQuery } from '@app/contracts';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import { AppError, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { ADMIN_ROLE_CODE } from '../../db/module-catalog.js';
import { permissionTree, roleGrants } from './permission.js';
import { RoleRepository, type RoleValues } from './role.repository.js';
import { requireIds } from './shared.js';
import { OrganisationRepository } from './organisation.repository.js';

type Body = z.infer<typeof roleBody>;

const values = (body: Body): RoleValues => ({
  full_name: body.F_FullName,
  en_code: body.F_EnCode,
  enabled: body.F_EnabledMark === 1,
  sort_code: body.F_SortCode,
  description: body.F_Description,
});

/** Roles: CRUD, members and effective permissions. Every change of roles or members refreshes the grant cache. */
export class RoleService {
  private readonly repo: RoleRepository;

  constructor(private readonly deps: AppDeps) {
    this.repo = new RoleRepository(deps.db);
  }

  page(auth: AuthContext, query: z.infer<typeof rolePageQuery>) {
    return this.repo.page(auth.tenantId, { ...query, page: query.limit });
  }

  list(auth: AuthContext, keyword?: string): Promise<RoleBrief[]> {
    return this.repo.list(auth.tenantId, keyword);
  }

  async detail(auth: AuthContext, id: string): Promise<RoleRow> {
    const row = await this.repo.row(auth.tenantId, id);
    if (!row) throw notFound('organisation.roleNotFound');
    return row;
  }

  async members(auth: AuthContext, id: string): Promise<UserBrief[]> {
    if (!(await this.repo.find(auth.tenantId, id))) throw notFound('organisation.roleNotFound');
    return this.repo.members(auth.tenantId, id);
  }

  async permission(auth: AuthContext, id: string): Promise<EffectivePermission> {
    if (!(await this.repo.find(auth.tenantId, id))) throw notFound('organisation.roleNotFound');
    return { menus: await permissionTree(this.deps.catalog, this.deps.db, await roleGrants(this.deps.db, auth.tenantId, id)) };
  }

  private async guardCode<T>(code: string, run: () => Promise<T>): Promise<T> {
    return refusingDuplicates(
      () => run(),
      () => new AppError('organisation.roleCodeTaken', { code }, 409),
    );
  }

  async create(auth: AuthContext, body: Body): Promise<string> {
    const id = newId();
    await this.guardCode(body.F_EnCode, () =>
      this.deps.db.transaction().execute(async (trx) => {
        const repo = new RoleRepository(trx);
        if (await repo.codeTaken(auth.tenantId, body.F_EnCode)) throw new AppError('organisation.roleCodeTaken', { code: body.F_EnCode }, 409);
        await repo.insert(auth.tenantId, id, values(body));
      }),
    );
    return id;
  }

  async update(auth: AuthContext, id: string, body: Body): Promise<void> {
    await this.guardCode(body.F_EnCode, () =>
      this.deps.db.transaction().execute(async (trx) => {
        const repo = new RoleRepository(trx);
        const role = await repo.find(auth.tenantId, id);
        if (!role) throw notFound('organisation.roleNotFound');
        // The tenant's administrator role keeps its code and stays enabled, so nobody locks the tenant out.
        if (role.en_code === ADMIN_ROLE_CODE && (body.F_EnCode !== ADMIN_ROLE_CODE || body.F_EnabledMark !== 1))
          throw new AppError('organisation.adminRoleProtected');
        if (await repo.codeTaken(auth.tenantId, body.F_EnCode, id)) throw new AppError('organisation.roleCodeTaken', { code: body.F_EnCode }, 409);
        await repo.update(auth.tenantId, id, values(body));
      }),
    );
    this.deps.grants.invalidate();
  }

  async delete(auth: AuthContext, id: string): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      const repo = new RoleRepository(trx);
      const role = await repo.find(auth.tenantId, id);
      if (!role) throw notFound('organisation.roleNotFound');
      if (role.en_code === ADMIN_ROLE_CODE) throw new AppError('organisation.adminRoleProtected');
      const count = await repo.memberCount(auth.tenantId, id);
      if (count) throw new AppError('organisation.roleHasUsers', { count });
      await repo.delete(auth.tenantId, id);
    });
    this.deps.grants.invalidate();
  }

  /** The role's members become exactly `userIds`. */
  async setMembers(auth: AuthContext, roleId: string, userIds: string[]): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      if (!(await new RoleRepository(trx).find(auth.tenantId, roleId))) throw notFound('organisation.roleNotFound');
      await requireIds(trx, 'users', auth.tenantId, userIds, 'organisation.unknownUsers');
      await new OrganisationRepository(trx).replaceMembers('user_roles', 'role_id', auth.tenantId, roleId, userIds);
    });
    this.deps.grants.invalidate();
  }
}
