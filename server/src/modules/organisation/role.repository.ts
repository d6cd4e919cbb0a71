import { sql } from 'kysely';
import type { RoleBrief, RoleRow, UserBrief } from '@app/contracts';
import { fetchPage, formatTime, tenantScoped } from '../../core/db/helpers.js';
import { mark, prefixPattern, userBriefSelection } from './queries.js';
import type { Db } from './organisation.repository.js';

export type RoleValues = { full_name: string; en_code: string; enabled: boolean; sort_code: number; description: string };

export class RoleRepository {
  constructor(private readonly db: Db) {}

  private rows(tenantId: string) {
    return tenantScoped(this.db, 'roles', tenantId).select([
      'roles.id as F_RoleId',
      'roles.full_name as F_FullName',
      'roles.en_code as F_EnCode',
      mark('roles.enabled').as('F_EnabledMark'),
      'roles.sort_code as F_SortCode',
      'roles.description as F_Description',
      sql<number>`(select count(*)::int from user_roles ur where ur.role_id = roles.id)`.as('F_UserCount'),
      formatTime('roles.created_at').as('F_CreateDate'),
      formatTime('roles.updated_at').as('F_ModifyDate'),
    ]);
  }

  /** Keyword: a prefix of the name or the code. */
  page(tenantId: string, filter: { page: number; size: number; keyword?: string; enabled?: 0 | 1 }) {
    let query = this.rows(tenantId);
    if (filter.keyword) {
      const pattern = prefixPattern(filter.keyword);
      query = query.where((eb) => eb.or([eb('roles.full_name', 'like', pattern), eb('roles.en_code', 'like', pattern)]));
    }
    if (filter.enabled !== undefined) query = query.where('roles.enabled', '=', filter.enabled === 1);
    return fetchPage(query.orderBy('roles.sort_code').orderBy('roles.created_at').orderBy('roles.id'), filter);
  }

  row(tenantId: string, id: string): Promise<RoleRow | undefined> {
    return this.rows(tenantId).where('roles.id', '=', id).executeTakeFirst();
  }

  /** The role picker: keyword is an exact name. */
  list(tenantId: string, keyword?: string): Promise<RoleBrief[]> {
    let query = tenantScoped(this.db, 'roles', tenantId).select([
      'roles.id as F_RoleId',
      'roles.full_name as F_FullName',
      'roles.en_code as F_EnCode',
      mark('roles.enabled').as('F_EnabledMark'),
    ]);
    if (keyword) query = query.where('roles.full_name', '=', keyword);
    return query.orderBy('roles.sort_code').orderBy('roles.created_at').orderBy('roles.id').execute();
  }

  find(tenantId: string, id: string) {
    return tenantScoped(this.db, 'roles', tenantId).select(['roles.id', 'roles.en_code']).where('roles.id', '=', id).executeTakeFirst();
  }

  async codeTaken(tenantId: string, code: string, exceptId?: string): Promise<boolean> {
    let query = tenantScoped(this.db, 'roles', tenantId).select('roles.id').where('roles.en_code', '=', code);
    if (exceptId) query = query.where('roles.id', '!=', exceptId);
    return !!(await query.executeTakeFirst());
  }

  members(tenantId: string, roleId: string): Promise<UserBrief[]> {
    return tenantScoped(this.db, 'users', tenantId)
      .innerJoin('user_roles as ur', 'ur.user_id', 'users.id')
      .where('ur.role_id', '=', roleId)
      .select(userBriefSelection())
      .orderBy('users.sort_code')
      .orderBy('users.account')
      .execute();
  }

  async memberCount(tenantId: string, roleId: string): Promise<number> {
    const row = await sql<{ n: number }>`select count(*)::int as n from user_roles where tenant_id = ${tenantId} and role_id = ${roleId}`.execute(this.db);
    return row.rows[0].n;
  }

  async insert(tenantId: string, id: string, values: RoleValues): Promise<void> {
    await this.db
      .insertInto('roles')
      .values({ id, tenant_id: tenantId, ...values })
      .execute();
  }

  async update(tenantId: string, id: string, values: RoleValues): Promise<void> {
    await this.db
      .updateTable('roles')
      .set({ ...values, updated_at: sql<Date>`now()` })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
  }

  /** The role with its grants and data permissions. */
  async delete(tenantId: string, id: string): Promise<void> {
    await this.db.deleteFrom('authorizes').where('tenant_id', '=', tenantId).where('object_type', '=', 1).where('object_id', '=', id).execute();
    await this.db.deleteFrom('data_authorizes').where('tenant_id', '=', tenantId).where('object_type', '=', 1).where('object_id', '=', id).execute();
    await this.db.deleteFrom('roles').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  }
}
