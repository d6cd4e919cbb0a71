import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../core/db/schema.js';
import { containsPattern, fetchPage, formatTime } from '../../core/db/helpers.js';
import { ADMIN_ROLE_CODE } from '../../db/module-catalog.js';
import { menuItemRows } from '../../core/auth/module-catalog.js';

type Db = Kysely<Database> | Transaction<Database>;
/** Prefix match with the keyword's wildcards escaped (the lists search from the start of codes and names). */
const prefixPattern = (keyword: string) => containsPattern(keyword).slice(1);

/** A tenant's writable columns. */
export interface TenantValues {
  code: string;
  name: string;
  contact: string;
  phone: string;
  description: string;
  expires_at: string | null;
}

/** A user as the platform administration creates it. */
export interface NewTenantUser {
  id: string;
  tenantId: string;
  account: string;
  realName: string;
  passwordHash: string;
  mobile: string | null;
  companyId: string | null;
}

/** Rows a tenant owns, deleted with it (children before parents). */
const TENANT_TABLES = [
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

/** Tenants, their menu entries, administrators and users, as the platform manages them: all SQL of the feature. */
export class TenantRepository {
  constructor(readonly db: Kysely<Database>) {}

  page(filter: { keyword?: string; enabled?: boolean; page: number; size: number }) {
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
    if (filter.keyword) {
      const prefix = prefixPattern(filter.keyword);
      q = q.where((eb) => eb.or([eb('t.code', 'like', prefix), eb('t.name', 'like', prefix)]));
    }
    if (filter.enabled !== undefined) q = q.where('t.enabled', '=', filter.enabled);
    return fetchPage(q, { page: filter.page, size: filter.size });
  }

  tenant(db: Db, id: string, lock = false) {
    let q = db.selectFrom('tenants').select(['id', 'code', 'is_default', 'enabled']).where('id', '=', id);
    if (lock) q = q.forUpdate();
    return q.executeTakeFirst();
  }

  defaultTenantId(): Promise<string> {
    return this.db
      .selectFrom('tenants')
      .select(['id'])
      .where('is_default', '=', true)
      .executeTakeFirstOrThrow()
      .then((r) => r.id);
  }

  async codeTaken(db: Db, code: string, selfId: string | null): Promise<boolean> {
    let q = db
      .selectFrom('tenants')
      .select('id')
      .where(sql`lower(code)`, '=', code.toLowerCase());
    if (selfId) q = q.where('id', '<>', selfId);
    return !!(await q.executeTakeFirst());
  }

  /** Serialises tenant code changes across processes (codes are unique ignoring case). */
  async lockCodes(trx: Transaction<Database>): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtext('tenant-code'))`.execute(trx);
  }

  /** Every menu entry's parent, by id. */
  async moduleParents(db: Db): Promise<Map<string, string>> {
    const rows = await db.selectFrom('modules').select(['id', 'parent_id']).execute();
    return new Map(rows.map((r) => [r.id, r.parent_id]));
  }

  async replaceModules(trx: Db, tenantId: string, moduleIds: string[]): Promise<void> {
    await trx.deleteFrom('tenant_modules').where('tenant_id', '=', tenantId).execute();
    if (moduleIds.length)
      await trx
        .insertInto('tenant_modules')
        .values(moduleIds.map((id) => ({ tenant_id: tenantId, module_id: id })))
        .execute();
  }

  async adminRoleId(db: Db, tenantId: string): Promise<string | undefined> {
    return (await db.selectFrom('roles').select('id').where('tenant_id', '=', tenantId).where('en_code', '=', ADMIN_ROLE_CODE).executeTakeFirst())?.id;
  }

  /** The entries with their buttons (2), columns (3) and forms (4), as grant items. */
  async menuItemsOf(db: Db, moduleIds: string[]): Promise<{ type: number; id: string }[]> {
    return (await menuItemRows(db as Kysely<Database>, moduleIds)).map(({ type, id }) => ({ type, id }));
  }

  async insertTenant(trx: Db, id: string, values: TenantValues & { enabled: boolean }): Promise<void> {
    await trx
      .insertInto('tenants')
      .values({ id, ...values })
      .execute();
  }

  async updateTenant(trx: Db, id: string, values: Partial<TenantValues> & { enabled?: boolean }): Promise<void> {
    await trx.updateTable('tenants').set(values).where('id', '=', id).execute();
  }

  async insertCompany(trx: Db, id: string, tenantId: string, name: string, code: string): Promise<void> {
    await trx.insertInto('companies').values({ id, tenant_id: tenantId, full_name: name, short_name: name, en_code: code, nature: null }).execute();
  }

  async insertAdminRole(trx: Db, id: string, tenantId: string): Promise<void> {
    await trx.insertInto('roles').values({ id, tenant_id: tenantId, full_name: '系统管理员', en_code: ADMIN_ROLE_CODE, description: '租户管理员' }).execute();
  }

  async insertUser(trx: Db, user: NewTenantUser): Promise<void> {
    await trx
      .insertInto('users')
      .values({
        id: user.id,
        tenant_id: user.tenantId,
        account: user.account,
        real_name: user.realName,
        password_hash: user.passwordHash,
        mobile: user.mobile,
        email: null,
        head_icon: null,
        company_id: user.companyId,
      })
      .execute();
  }

  async addUserRole(trx: Db, tenantId: string, userId: string, roleId: string): Promise<void> {
    await trx.insertInto('user_roles').values({ tenant_id: tenantId, user_id: userId, role_id: roleId }).execute();
  }

  async userIds(tenantId: string): Promise<string[]> {
    return (await this.db.selectFrom('users').select('id').where('tenant_id', '=', tenantId).execute()).map((u) => u.id);
  }

  /** Deletes the tenant and every row it owns. */
  async removeTenant(trx: Transaction<Database>, id: string): Promise<void> {
    for (const table of TENANT_TABLES) await sql`delete from ${sql.table(table)} where tenant_id = ${id}`.execute(trx);
    await trx.deleteFrom('tenants').where('id', '=', id).execute();
  }

  async accountTaken(db: Db, tenantId: string, account: string): Promise<boolean> {
    return !!(await db
      .selectFrom('users')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where(sql`lower(account)`, '=', account.toLowerCase())
      .executeTakeFirst());
  }

  users(tenantId: string, filter: { keyword?: string; page: number; size: number }) {
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
    if (filter.keyword) {
      const prefix = prefixPattern(filter.keyword);
      q = q.where((eb) => eb.or([eb('u.account', 'like', prefix), eb('u.real_name', 'like', prefix)]));
    }
    return fetchPage(q, { page: filter.page, size: filter.size });
  }

  /** The tenant's top company (new users belong to it). */
  async rootCompanyId(db: Db, tenantId: string): Promise<string | null> {
    const root = await db
      .selectFrom('companies')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('parent_id', '=', '0')
      .orderBy('sort_code')
      .orderBy('created_at')
      .executeTakeFirst();
    return root?.id ?? null;
  }

  lockUser(trx: Db, id: string) {
    return trx.selectFrom('users').select(['id', 'tenant_id']).where('id', '=', id).forUpdate().executeTakeFirst();
  }

  /** Enables or disables the user; disabling also ends their sessions. */
  async setUserEnabled(trx: Db, id: string, enabled: boolean): Promise<void> {
    await trx.updateTable('users').set({ enabled, updated_at: new Date() }).where('id', '=', id).execute();
    if (!enabled) await trx.updateTable('sessions').set({ revoked_at: new Date() }).where('user_id', '=', id).where('revoked_at', 'is', null).execute();
  }

  /** Deletes the user and their personal grants; their log rows stay, without the user. */
  async removeUser(trx: Db, tenantId: string, id: string): Promise<void> {
    await trx.deleteFrom('authorizes').where('tenant_id', '=', tenantId).where('object_type', '=', 2).where('object_id', '=', id).execute();
    await trx.deleteFrom('data_authorizes').where('tenant_id', '=', tenantId).where('object_type', '=', 2).where('object_id', '=', id).execute();
    await trx.updateTable('login_logs').set({ user_id: null }).where('user_id', '=', id).execute();
    await trx.updateTable('client_logs').set({ user_id: null }).where('user_id', '=', id).execute();
    await trx.deleteFrom('users').where('id', '=', id).execute();
  }
}

/** Is this the default (platform) tenant? Other modules ask it with their own db handle. */
export async function isDefaultTenant(db: Kysely<Database>, tenantId: string): Promise<boolean> {
  const tenant = await db.selectFrom('tenants').select('is_default').where('id', '=', tenantId).executeTakeFirst();
  return tenant?.is_default === true;
}

/** Module ids a tenant has: null means every entry (the default tenant). */
export async function tenantModuleIds(db: Kysely<Database>, tenantId: string): Promise<Set<string> | null> {
  if (await isDefaultTenant(db, tenantId)) return null;
  const rows = await db.selectFrom('tenant_modules').select('module_id').where('tenant_id', '=', tenantId).execute();
  return new Set(rows.map((r) => r.module_id));
}
