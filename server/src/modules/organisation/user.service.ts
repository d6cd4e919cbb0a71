import { refusingDuplicates } from '../../core/db/helpers.js';
import type { z } from 'zod';
import {
  USER_MULTI_MAX,
  type EffectivePermission,
  type UserBrief,
  type UserRow,
  type memberQuery,
  type userCreateBody,
  type userPageQuery,
  type userUpdateBody,
} from '@app/contracts';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import { AppError, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { hashPassword } from '../../core/auth/password.js';
import { stripColumns } from '../../core/auth/columns.js';
import { permissionTree } from './permission.js';
import { UserRepository, type UserLinks } from './user.repository.js';
import { requireIds, type Db } from './shared.js';

/** Module of the user screen: its code names the controlled columns, its id the data permissions. */
const USER_MODULE_CODE = 'organisation.user';
const USER_MODULE_ID = 'organisation-user';

const orNull = (value: string | null | undefined) => (value ? value : null);

/** Users: the list (data scope + column permissions), CRUD, enable/disable, password reset, permissions. */
export class UserService {
  private readonly repo: UserRepository;

  constructor(private readonly deps: AppDeps) {
    this.repo = new UserRepository(deps.db);
  }

  async page(auth: AuthContext, query: z.infer<typeof userPageQuery>): Promise<{ Rows: UserRow[]; Total: number }> {
    const [scope, hidden] = await Promise.all([this.deps.dataScopes.of(auth, USER_MODULE_ID), this.deps.columns.hidden(auth, USER_MODULE_CODE)]);
    const { Rows, Total } = await this.repo.page(auth.tenantId, scope, { ...query, page: query.limit });
    return { Rows: stripColumns(Rows, hidden), Total };
  }

  async detail(auth: AuthContext, id: string): Promise<UserRow> {
    const row = await this.repo.detail(auth.tenantId, id);
    if (!row) throw notFound('organisation.userNotFound');
    return stripColumns([row], await this.deps.columns.hidden(auth, USER_MODULE_CODE))[0];
  }

  maintainers(auth: AuthContext, query: z.infer<typeof memberQuery>) {
    return this.repo.maintainers(auth.tenantId, { page: query.limit, size: query.size, keyword: query.keyword });
  }

  /** Users by id in the order asked; unknown ids (or other tenants' ids) are left out. */
  async multi(auth: AuthContext, idsText: string): Promise<UserBrief[]> {
    const ids = [
      ...new Set(
        idsText
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ];
    if (ids.length > USER_MULTI_MAX) throw new AppError('organisation.tooManyIds', { max: USER_MULTI_MAX });
    const rows = await this.repo.briefs(auth.tenantId, ids);
    const byId = new Map(rows.map((r) => [r.F_UserId, r]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  async permission(auth: AuthContext, id: string): Promise<EffectivePermission> {
    if (!(await this.repo.find(auth.tenantId, id))) throw notFound('organisation.userNotFound');
    return { menus: await permissionTree(this.deps.catalog, this.deps.db, await this.deps.grants.of(auth.tenantId, id)) };
  }

  private async checkRefs(trx: Db, auth: AuthContext, companyId: string | null | undefined, links: UserLinks): Promise<void> {
    if (companyId) await requireIds(trx, 'companies', auth.tenantId, [companyId], 'organisation.companyNotFound');
    await requireIds(trx, 'departments', auth.tenantId, links.departmentIds ?? [], 'organisation.unknownDepartments');
    await requireIds(trx, 'roles', auth.tenantId, links.roleIds ?? [], 'organisation.unknownRoles');
    await requireIds(trx, 'posts', auth.tenantId, links.postIds ?? [], 'organisation.unknownPosts');
  }

  async create(auth: AuthContext, body: z.infer<typeof userCreateBody>): Promise<string> {
    const id = newId();
    const passwordHash = await hashPassword(body.F_Password);
    await refusingDuplicates(
      async () => {
        await this.deps.db.transaction().execute(async (trx) => {
          const repo = new UserRepository(trx);
          if (await repo.accountTaken(auth.tenantId, body.F_Account)) throw new AppError('organisation.accountTaken', { account: body.F_Account }, 409);
          await this.checkRefs(trx, auth, body.F_CompanyId, body);
          await repo.insert(auth.tenantId, id, body.F_Account, passwordHash, {
            real_name: body.F_RealName,
            gender: body.F_Gender,
            company_id: body.F_CompanyId ?? null,
            description: body.F_Description,
            enabled: body.F_EnabledMark === 1,
            mobile: orNull(body.F_Mobile),
            email: orNull(body.F_Email),
          });
          await repo.replaceLinks(auth.tenantId, id, body);
        });
      },
      () => new AppError('organisation.accountTaken', { account: body.F_Account }, 409),
    );
    return id;
  }

  async update(auth: AuthContext, id: string, body: z.infer<typeof userUpdateBody>): Promise<void> {
    const disabling = body.F_EnabledMark === 0;
    if (disabling && id === auth.userId) throw new AppError('organisation.cannotDisableSelf');
    await this.deps.db.transaction().execute(async (trx) => {
      const repo = new UserRepository(trx);
      if (!(await repo.find(auth.tenantId, id))) throw notFound('organisation.userNotFound');
      await this.checkRefs(trx, auth, body.F_CompanyId, body);
      await repo.update(auth.tenantId, id, {
        real_name: body.F_RealName,
        gender: body.F_Gender,
        company_id: body.F_CompanyId ?? null,
        description: body.F_Description,
        ...(body.F_EnabledMark === undefined ? {} : { enabled: body.F_EnabledMark === 1 }),
        ...(body.F_Mobile === undefined ? {} : { mobile: orNull(body.F_Mobile) }),
        ...(body.F_Email === undefined ? {} : { email: orNull(body.F_Email) }),
      });
      await repo.replaceLinks(auth.tenantId, id, body);
      if (disabling) await repo.revokeSessions(auth.tenantId, id);
    });
    if (disabling) this.deps.sessions.forgetUser(id);
    this.deps.grants.invalidate(id);
  }

  async delete(auth: AuthContext, id: string): Promise<void> {
    if (id === auth.userId) throw new AppError('organisation.cannotDeleteSelf');
    await this.deps.db.transaction().execute(async (trx) => {
      const repo = new UserRepository(trx);
      if (!(await repo.find(auth.tenantId, id))) throw notFound('organisation.userNotFound');
      const stranded = await repo.tasksOnlyFor(auth.tenantId, id);
      if (stranded.length) {
        const tasks = stranded.map((task) => `${task.instance_name} · ${task.node_name}`).join(', ');
        throw new AppError(
          'organisation.userHasOpenTasks',
          { count: stranded.length, tasks },
          409,
          stranded.map((task) => task.id),
        );
      }
      await repo.delete(auth.tenantId, id);
    });
    this.deps.sessions.forgetUser(id);
    this.deps.grants.invalidate(id);
  }

  /** Disabling ends the user's sessions at once (revoked in the database, dropped from the session cache). */
  async setEnabled(auth: AuthContext, id: string, enabled: boolean): Promise<void> {
    if (!enabled && id === auth.userId) throw new AppError('organisation.cannotDisableSelf');
    await this.deps.db.transaction().execute(async (trx) => {
      const repo = new UserRepository(trx);
      if (!(await repo.find(auth.tenantId, id))) throw notFound('organisation.userNotFound');
      await repo.setEnabled(auth.tenantId, id, enabled);
      if (!enabled) await repo.revokeSessions(auth.tenantId, id);
    });
    if (!enabled) this.deps.sessions.forgetUser(id);
  }

  /** An administrator sets a new password; the user's sessions end and a lock-out is lifted. */
  async resetPassword(auth: AuthContext, id: string, newPassword: string): Promise<void> {
    const passwordHash = await hashPassword(newPassword);
    await this.deps.db.transaction().execute(async (trx) => {
      const repo = new UserRepository(trx);
      if (!(await repo.find(auth.tenantId, id))) throw notFound('organisation.userNotFound');
      await repo.setPassword(auth.tenantId, id, passwordHash);
      await repo.revokeSessions(auth.tenantId, id);
    });
    this.deps.sessions.forgetUser(id);
  }
}
