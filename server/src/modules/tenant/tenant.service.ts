import { sql, type Kysely, type Transaction } from 'kysely';
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
import { fetchPage, formatTime } from '../../core/db/helpers.js';
import { AppError, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { hashPassword } from '../../core/auth/password.js';
import { ADMIN_ROLE_CODE, grantToRole } from '../../db/module-catalog.js';
import { requirePlatform } from './platform.js';

type Db = Kysely<Database> | Transaction<Database>;
const flag = (value: boolean) => (value ? 1 : 0) as 0 | 1;

/**
 * Tenants (spec 7, Tenants). Only platform (default-tenant) callers manage them. Disabling a tenant drops its
 * users' cached session checks in this process at once; other processes see it within the session-check
 * window (SESSION_CHECK_TTL_MS, 2 s) because the session guard checks tenants.enabled.
 */
export class TenantService {
  constructor(private readonly deps: AppDeps) {}

  private get db() {
    return this.deps.db;
  }

  async page(auth: AuthContext, query: z.output<typeof tenantQuery>): Promise<PageResult<TenantRow>> {
    await requirePlatform(this.db, auth);
    let q = this.db
      .selectFrom('tenants as t')
      .select((eb) => [
        't.id',
        't.code',
        't.name',
        't.enabled',
        't.is_default',
        't.contact',
        't.phone',
        't.description',
        formatTime('t.expires_at').as('expires'),
        formatTime('t.created_at').as('created'),
        eb
          .selectFrom('users as u')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('u.tenant_id', '=', 't.id')
          .as('users'),
      ])
      .orderBy('t.is_default', 'desc')
      .orderBy('t.created_at', 'desc')
      .orderBy('t.id');
    if (query.keyword) {
      const prefix = `${query.keyword.replace(/[\\%_]/g, '\\$&')}%`;
      q = q.where((eb) => eb.or([eb('t.code', 'like', prefix), eb('t.name', 'like', prefix)]));
    }
    if (query.enabled !== undefined) q = q.where('t.enabled', '=', query.enabled === 1);
    const page = await fetchPage(q, { page: query.limit, size: query.size });
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
    let q = db.selectFrom('tenants').select(['id', 'code', 'is_default', 'enabled']).where('id', '=', id);
    if (lock) q = q.forUpdate();
    const row = await q.executeTakeFirst();
    if (!row) throw notFound('tenant.notFound');
    return row;
  }

  private async checkCode(db: Db, code: string, selfId: string | null) {
    let q = db
      .selectFrom('tenants')
      .select('id')
      .where(sql`lower(code)`, '=', code.toLowerCase());
    if (selfId) q = q.where('id', '<>', selfId);
    if (await q.executeTakeFirst()) throw new AppError('tenant.codeExists', { code }, 409);
  }

  /** The requested entries plus their ancestors (a leaf without its group would not show). */
  private async withAncestors(db: Db, ids: string[]): Promise<string[]> {
    const rows = await db.selectFrom('modules').select(['id', 'parent_id']).execute();
    const parent = new Map(rows.map((r) => [r.id, r.parent_id]));
    const unknown = ids.filter((id) => !parent.has(id));
    if (unknown.length) throw new AppError('access.unknownItems', { ids: unknown.slice(0, 10).join(', ') }, 400);
    const out = new Set<string>();
    for (const id of ids) for (let cur: string | undefined = id, n = 0; cur && cur !== '0' && !out.has(cur) && n < 50; cur = parent.get(cur), n++) out.add(cur);
    return [...out];
  }

  /** Sets the tenant's entries and grants them (with their buttons, columns, forms) to the tenant's admin role. */
  private async setModules(trx: Db, tenantId: string, moduleIds: string[]) {
    const ids = await this.withAncestors(trx, moduleIds);
    await trx.deleteFrom('tenant_modules').where('tenant_id', '=', tenantId).execute();
    if (ids.length)
      await trx
        .insertInto('tenant_modules')
        .values(ids.map((id) => ({ tenant_id: tenantId, module_id: id })))
        .execute();
    const role = await trx.selectFrom('roles').select('id').where('tenant_id', '=', tenantId).where('en_code', '=', ADMIN_ROLE_CODE).executeTakeFirst();
    if (!role || ids.length === 0) return;
    const items = await sql<{ type: number; id: string }>`
      select 1 as type, id from modules where id in (${sql.join(ids)})
      union all select 2, id from module_buttons where module_id in (${sql.join(ids)})
      union all select 3, id from module_columns where module_id in (${sql.join(ids)})
      union all select 4, id from module_forms where module_id in (${sql.join(ids)})`.execute(trx);
    await grantToRole(trx as Kysely<Database>, tenantId, role.id, items.rows);
  }

  async create(auth: AuthContext, body: z.output<typeof tenantCreateBody>): Promise<string> {
    await requirePlatform(this.db, auth);
    const passwordHash = await hashPassword(body.adminPassword);
    const tenantId = newId();
    await this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext('tenant-code'))`.execute(trx);
      await this.checkCode(trx, body.F_EnCode, null);
      await trx
        .insertInto('tenants')
        .values({
          id: tenantId,
          code: body.F_EnCode,
          name: body.F_FullName,
          enabled: body.F_EnabledMark === 1,
          contact: body.F_Contact,
          phone: body.F_Phone,
          description: body.F_Description,
          expires_at: body.F_ExpireDate,
        })
        .execute();
      const companyId = newId();
      await trx
        .insertInto('companies')
        .values({ id: companyId, tenant_id: tenantId, full_name: body.F_FullName, short_name: body.F_FullName, en_code: body.F_EnCode, nature: null })
        .execute();
      const roleId = newId();
      await trx
        .insertInto('roles')
        .values({ id: roleId, tenant_id: tenantId, full_name: '系统管理员', en_code: ADMIN_ROLE_CODE, description: '租户管理员' })
        .execute();
      const userId = newId();
      await trx
        .insertInto('users')
        .values({
          id: userId,
          tenant_id: tenantId,
          account: body.adminAccount,
          real_name: body.adminRealName,
          password_hash: passwordHash,
          mobile: body.F_Phone || null,
          email: null,
          head_icon: null,
          company_id: companyId,
        })
        .execute();
      await trx.insertInto('user_roles').values({ tenant_id: tenantId, user_id: userId, role_id: roleId }).execute();
      await this.setModules(trx, tenantId, body.moduleIds);
    });
    this.deps.grants.invalidate();
    return tenantId;
  }

  async update(auth: AuthContext, id: string, body: z.output<typeof tenantUpdateBody>): Promise<void> {
    await requirePlatform(this.db, auth);
    await this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext('tenant-code'))`.execute(trx);
      const tenant = await this.tenant(trx, id, true);
      await this.checkCode(trx, body.F_EnCode, id);
      await trx
        .updateTable('tenants')
        .set({
          code: body.F_EnCode,
          name: body.F_FullName,
          contact: body.F_Contact,
          phone: body.F_Phone,
          description: body.F_Description,
          expires_at: body.F_ExpireDate,
        })
        .where('id', '=', id)
        .execute();
      if (!tenant.is_default) await this.setModules(trx, id, body.moduleIds);
    });
    this.deps.grants.invalidate();
  }

  private async forgetUsers(tenantId: string) {
    const users = await this.db.selectFrom('users').select('id').where('tenant_id', '=', tenantId).execute();
    for (const u of users) this.deps.sessions.forgetUser(u.id);
  }

  async setStatus(auth: AuthContext, id: string, status: 0 | 1): Promise<void> {
    await requirePlatform(this.db, auth);
    await this.db.transaction().execute(async (trx) => {
      const tenant = await this.tenant(trx, id, true);
      if (tenant.is_default && status === 0) throw new AppError('tenant.defaultLocked', {}, 400);
      await trx
        .updateTable('tenants')
        .set({ enabled: status === 1 })
        .where('id', '=', id)
        .execute();
    });
    if (status === 0) await this.forgetUsers(id);
  }

  /** Removes the tenant with everything it owns (one transaction). */
  async remove(auth: AuthContext, id: string): Promise<void> {
    await requirePlatform(this.db, auth);
    const users = await this.db.selectFrom('users').select('id').where('tenant_id', '=', id).execute();
    await this.db.transaction().execute(async (trx) => {
      const tenant = await this.tenant(trx, id, true);
      if (tenant.is_default) throw new AppError('tenant.defaultLocked', {}, 400);
      const tables = [
        'files',
        'file_folders',
        'sessions',
        'sms_codes',
        'login_logs',
        'client_logs',
        'authorizes',
        'data_authorizes',
        'department_maintainers',
        'special_posts',
        'user_roles',
        'user_departments',
        'user_posts',
        'posts',
        'users',
        'departments',
        'roles',
        'companies',
        'subsystems',
        'tenant_modules',
      ] as const;
      for (const table of tables) await sql`delete from ${sql.table(table)} where tenant_id = ${id}`.execute(trx);
      await trx.deleteFrom('tenants').where('id', '=', id).execute();
    });
    for (const u of users) this.deps.sessions.forgetUser(u.id);
    this.deps.grants.invalidate();
    // The rows are gone for good; objects left by a storage failure are unreachable and only cost space.
    await this.deps.storage.removePrefix(`${id}/`).catch((err: unknown) => this.deps.log.error({ err, tenantId: id }, "tenant's stored files not removed"));
  }

  async accountExists(auth: AuthContext, tenantId: string | undefined, account: string): Promise<boolean> {
    await requirePlatform(this.db, auth);
    const tenant = tenantId
      ? await this.tenant(this.db, tenantId)
      : await this.db.selectFrom('tenants').select(['id']).where('is_default', '=', true).executeTakeFirstOrThrow();
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where('tenant_id', '=', tenant.id)
      .where(sql`lower(account)`, '=', account.toLowerCase())
      .executeTakeFirst();
    return Boolean(row);
  }

  async users(auth: AuthContext, tenantId: string, query: z.output<typeof tenantUsersQuery>): Promise<PageResult<TenantUserRow>> {
    await requirePlatform(this.db, auth);
    await this.tenant(this.db, tenantId);
    let q = this.db
      .selectFrom('users as u')
      .select((eb) => [
        'u.id',
        'u.tenant_id',
        'u.account',
        'u.real_name',
        'u.mobile',
        'u.enabled',
        formatTime('u.created_at').as('created'),
        eb
          .exists(
            eb
              .selectFrom('user_roles as ur')
              .innerJoin('roles as r', 'r.id', 'ur.role_id')
              .select('ur.user_id')
              .whereRef('ur.user_id', '=', 'u.id')
              .where('r.en_code', '=', ADMIN_ROLE_CODE),
          )
          .as('is_admin'),
      ])
      .where('u.tenant_id', '=', tenantId)
      .orderBy('u.created_at', 'desc')
      .orderBy('u.id');
    if (query.keyword) {
      const prefix = `${query.keyword.replace(/[\\%_]/g, '\\$&')}%`;
      q = q.where((eb) => eb.or([eb('u.account', 'like', prefix), eb('u.real_name', 'like', prefix)]));
    }
    const page = await fetchPage(q, { page: query.limit, size: query.size });
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
      const exists = await trx
        .selectFrom('users')
        .select('id')
        .where('tenant_id', '=', body.F_TenantId)
        .where(sql`lower(account)`, '=', body.F_Account.toLowerCase())
        .executeTakeFirst();
      if (exists) throw new AppError('tenant.accountExists', { account: body.F_Account }, 409);
      const root = await trx
        .selectFrom('companies')
        .select('id')
        .where('tenant_id', '=', body.F_TenantId)
        .where('parent_id', '=', '0')
        .orderBy('sort_code')
        .orderBy('created_at')
        .executeTakeFirst();
      await trx
        .insertInto('users')
        .values({
          id: userId,
          tenant_id: body.F_TenantId,
          account: body.F_Account,
          real_name: body.F_RealName,
          password_hash: passwordHash,
          mobile: body.F_Mobile,
          email: null,
          head_icon: null,
          company_id: root?.id ?? null,
        })
        .execute();
      if (body.isAdmin) {
        const role = await trx
          .selectFrom('roles')
          .select('id')
          .where('tenant_id', '=', body.F_TenantId)
          .where('en_code', '=', ADMIN_ROLE_CODE)
          .executeTakeFirst();
        if (role) await trx.insertInto('user_roles').values({ tenant_id: body.F_TenantId, user_id: userId, role_id: role.id }).execute();
      }
    });
    return userId;
  }

  private async user(db: Db, id: string) {
    const row = await db.selectFrom('users').select(['id', 'tenant_id']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw notFound('tenant.userNotFound');
    return row;
  }

  async setUserEnabled(auth: AuthContext, id: string, enabled: boolean): Promise<void> {
    await requirePlatform(this.db, auth);
    if (id === auth.userId && !enabled) throw new AppError('tenant.notSelf', {}, 400);
    await this.db.transaction().execute(async (trx) => {
      await this.user(trx, id);
      await trx.updateTable('users').set({ enabled, updated_at: new Date() }).where('id', '=', id).execute();
      if (!enabled) await trx.updateTable('sessions').set({ revoked_at: new Date() }).where('user_id', '=', id).where('revoked_at', 'is', null).execute();
    });
    if (!enabled) this.deps.sessions.forgetUser(id);
  }

  async removeUser(auth: AuthContext, id: string): Promise<void> {
    await requirePlatform(this.db, auth);
    if (id === auth.userId) throw new AppError('tenant.notSelf', {}, 400);
    await this.db.transaction().execute(async (trx) => {
      const user = await this.user(trx, id);
      await trx.deleteFrom('authorizes').where('tenant_id', '=', user.tenant_id).where('object_type', '=', 2).where('object_id', '=', id).execute();
      await trx.deleteFrom('data_authorizes').where('tenant_id', '=', user.tenant_id).where('object_type', '=', 2).where('object_id', '=', id).execute();
      await trx.updateTable('login_logs').set({ user_id: null }).where('user_id', '=', id).execute();
      await trx.updateTable('client_logs').set({ user_id: null }).where('user_id', '=', id).execute();
      await trx.deleteFrom('users').where('id', '=', id).execute();
    });
    this.deps.sessions.forgetUser(id);
    this.deps.grants.invalidate(id);
  }
}
