import type { Kysely, Transaction } from 'kysely';
import type {
  PageResult,
  TenantRow,
  TenantUserRow,
  tenantCreateBody,
  tenantQuery,
  tenantUpdateBody,
  tenantUserCreateBody,
  tenantUsersQuery,
} from '@app/contracts';
import type { z } from 'zod';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import type { Database } from '../../core/db/schema.js';
import { AppError, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { hashPassword } from '../../core/auth/password.js';
import { grantToRole } from '../../db/module-catalog.js';
import { requirePlatform } from './platform.js';
import { TenantRepository } from './tenant.repository.js';

type Db = Kysely<Database> | Transaction<Database>;
const flag = (value: boolean) => (value ? 1 : 0) as 0 | 1;

/**
 * Tenants (spec 7, Tenants). Only platform (default-tenant) callers manage them. Disabling a tenant drops its
 * users' cached session checks in this process at once; other processes see it within the session-check
 * window (SESSION_CHECK_TTL_MS, 2 s) because the session guard checks tenants.enabled.
 */
export class TenantService {
  private readonly repo: TenantRepository;

  constructor(private readonly deps: AppDeps) {
    this.repo = new TenantRepository(deps.db);
  }

  private get db() {
    return this.deps.db;
  }

  async page(auth: AuthContext, query: z.output<typeof tenantQuery>): Promise<PageResult<TenantRow>> {
    await requirePlatform(this.db, auth);
    const page = await this.repo.page({
      keyword: query.keyword,
      enabled: query.enabled === undefined ? undefined : query.enabled === 1,
      page: query.limit,
      size: query.size,
    });
    return {
      Total: page.Total,
      Rows: page.Rows.map((r) => ({
        F_TenantId: r.id,
        F_EnCode: r.code,
        F_FullName: r.name,
        F_EnabledMark: flag(r.enabled),
        F_IsDefault: flag(r.is_default),
        F_Contact: r.contact,
        F_Phone: r.phone,
        F_Description: r.description,
        F_ExpireDate: (r.expires as string | null) ?? null,
        F_CreateDate: r.created,
        F_UserCount: r.users ?? 0,
      })),
    };
  }

  private async tenant(db: Db, id: string, lock = false) {
    const row = await this.repo.tenant(db, id, lock);
    if (!row) throw notFound('tenant.notFound');
    return row;
  }

  private async checkCode(db: Db, code: string, selfId: string | null) {
    if (await this.repo.codeTaken(db, code, selfId)) throw new AppError('tenant.codeExists', { code }, 409);
  }

  /** The requested entries plus their ancestors (a leaf without its group would not show). */
  private async withAncestors(db: Db, ids: string[]): Promise<string[]> {
    const parent = await this.repo.moduleParents(db);
    const unknown = ids.filter((id) => !parent.has(id));
    if (unknown.length) throw new AppError('access.unknownItems', { ids: unknown.slice(0, 10).join(', ') }, 400);
    const out = new Set<string>();
    for (const id of ids) for (let cur: string | undefined = id, n = 0; cur && cur !== '0' && !out.has(cur) && n < 50; cur = parent.get(cur), n++) out.add(cur);
    return [...out];
  }

  /** Sets the tenant's entries and grants them (with their buttons, columns, forms) to the tenant's admin role. */
  private async setModules(trx: Db, tenantId: string, moduleIds: string[]) {
    const ids = await this.withAncestors(trx, moduleIds);
    await this.repo.replaceModules(trx, tenantId, ids);
    const roleId = await this.repo.adminRoleId(trx, tenantId);
    if (!roleId || ids.length === 0) return;
    await grantToRole(trx as Kysely<Database>, tenantId, roleId, await this.repo.menuItemsOf(trx, ids));
  }

  async create(auth: AuthContext, body: z.output<typeof tenantCreateBody>): Promise<string> {
    await requirePlatform(this.db, auth);
    const passwordHash = await hashPassword(body.adminPassword);
    const tenantId = newId();
    await this.db.transaction().execute(async (trx) => {
      await this.repo.lockCodes(trx);
      await this.checkCode(trx, body.F_EnCode, null);
      await this.repo.insertTenant(trx, tenantId, {
        code: body.F_EnCode,
        name: body.F_FullName,
        enabled: body.F_EnabledMark === 1,
        contact: body.F_Contact,
        phone: body.F_Phone,
        description: body.F_Description,
        expires_at: body.F_ExpireDate,
      });
      const companyId = newId();
      await this.repo.insertCompany(trx, companyId, tenantId, body.F_FullName, body.F_EnCode);
      const roleId = newId();
      await this.repo.insertAdminRole(trx, roleId, tenantId);
      const userId = newId();
      await this.repo.insertUser(trx, {
        id: userId,
        tenantId,
        account: body.adminAccount,
        realName: body.adminRealName,
        passwordHash,
        mobile: body.F_Phone || null,
        companyId,
      });
      await this.repo.addUserRole(trx, tenantId, userId, roleId);
      await this.setModules(trx, tenantId, body.moduleIds);
    });
    this.deps.grants.invalidate();
    return tenantId;
  }

  async update(auth: AuthContext, id: string, body: z.output<typeof tenantUpdateBody>): Promise<void> {
    await requirePlatform(this.db, auth);
    await this.db.transaction().execute(async (trx) => {
      await this.repo.lockCodes(trx);
      const tenant = await this.tenant(trx, id, true);
      await this.checkCode(trx, body.F_EnCode, id);
      await this.repo.updateTenant(trx, id, {
        code: body.F_EnCode,
        name: body.F_FullName,
        contact: body.F_Contact,
        phone: body.F_Phone,
        description: body.F_Description,
        expires_at: body.F_ExpireDate,
      });
      if (!tenant.is_default) await this.setModules(trx, id, body.moduleIds);
    });
    this.deps.grants.invalidate();
  }

  private async forgetUsers(tenantId: string) {
    for (const id of await this.repo.userIds(tenantId)) this.deps.sessions.forgetUser(id);
  }

  async setStatus(auth: AuthContext, id: string, status: 0 | 1): Promise<void> {
    await requirePlatform(this.db, auth);
    await this.db.transaction().execute(async (trx) => {
      const tenant = await this.tenant(trx, id, true);
      if (tenant.is_default && status === 0) throw new AppError('tenant.defaultLocked', {}, 400);
      await this.repo.updateTenant(trx, id, { enabled: status === 1 });
    });
    if (status === 0) await this.forgetUsers(id);
  }

  /** Removes the tenant with everything it owns (one transaction). */
  async remove(auth: AuthContext, id: string): Promise<void> {
    await requirePlatform(this.db, auth);
    const users = await this.repo.userIds(id);
    await this.db.transaction().execute(async (trx) => {
      const tenant = await this.tenant(trx, id, true);
      if (tenant.is_default) throw new AppError('tenant.defaultLocked', {}, 400);
      await this.repo.removeTenant(trx, id);
    });
    for (const userId of users) this.deps.sessions.forgetUser(userId);
    this.deps.grants.invalidate();
    // The rows are gone for good; objects left by a storage failure are unreachable and only cost space.
    await this.deps.storage.removePrefix(`${id}/`).catch((err: unknown) => this.deps.log.error({ err, tenantId: id }, "tenant's stored files not removed"));
  }

  async accountExists(auth: AuthContext, tenantId: string | undefined, account: string): Promise<boolean> {
    await requirePlatform(this.db, auth);
    const tenant = tenantId ? (await this.tenant(this.db, tenantId)).id : await this.repo.defaultTenantId();
    return this.repo.accountTaken(this.db, tenant, account);
  }

  async users(auth: AuthContext, tenantId: string, query: z.output<typeof tenantUsersQuery>): Promise<PageResult<TenantUserRow>> {
    await requirePlatform(this.db, auth);
    await this.tenant(this.db, tenantId);
    const page = await this.repo.users(tenantId, { keyword: query.keyword, page: query.limit, size: query.size });
    return {
      Total: page.Total,
      Rows: page.Rows.map((r) => ({
        F_UserId: r.id,
        F_TenantId: r.tenant_id,
        F_Account: r.account,
        F_RealName: r.real_name,
        F_Mobile: r.mobile,
        F_EnabledMark: flag(r.enabled),
        F_IsAdmin: flag(Boolean(r.is_admin)),
        F_CreateDate: r.created,
      })),
    };
  }

  async addUser(auth: AuthContext, body: z.output<typeof tenantUserCreateBody>): Promise<string> {
    await requirePlatform(this.db, auth);
    const passwordHash = await hashPassword(body.F_Password);
    const userId = newId();
    await this.db.transaction().execute(async (trx) => {
      await this.tenant(trx, body.F_TenantId, true);
      if (await this.repo.accountTaken(trx, body.F_TenantId, body.F_Account)) throw new AppError('tenant.accountExists', { account: body.F_Account }, 409);
      await this.repo.insertUser(trx, {
        id: userId,
        tenantId: body.F_TenantId,
        account: body.F_Account,
        realName: body.F_RealName,
        passwordHash,
        mobile: body.F_Mobile,
        companyId: await this.repo.rootCompanyId(trx, body.F_TenantId),
      });
      if (body.isAdmin) {
        const roleId = await this.repo.adminRoleId(trx, body.F_TenantId);
        if (roleId) await this.repo.addUserRole(trx, body.F_TenantId, userId, roleId);
      }
    });
    return userId;
  }

  private async user(db: Db, id: string) {
    const row = await this.repo.lockUser(db, id);
    if (!row) throw notFound('tenant.userNotFound');
    return row;
  }

  async setUserEnabled(auth: AuthContext, id: string, enabled: boolean): Promise<void> {
    await requirePlatform(this.db, auth);
    if (id === auth.userId && !enabled) throw new AppError('tenant.notSelf', {}, 400);
    await this.db.transaction().execute(async (trx) => {
      await this.user(trx, id);
      await this.repo.setUserEnabled(trx, id, enabled);
    });
    if (!enabled) this.deps.sessions.forgetUser(id);
  }

  async removeUser(auth: AuthContext, id: string): Promise<void> {
    await requirePlatform(this.db, auth);
    if (id === auth.userId) throw new AppError('tenant.notSelf', {}, 400);
    await this.db.transaction().execute(async (trx) => {
      const user = await this.user(trx, id);
      await this.repo.removeUser(trx, user.tenant_id, id);
    });
    this.deps.sessions.forgetUser(id);
    this.deps.grants.invalidate(id);
  }
}
