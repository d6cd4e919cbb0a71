import { sql, type Kysely } from 'kysely';
import type { Database } from '../../core/db/schema.js';
import { tenantScoped } from '../../core/db/helpers.js';

export class AccountRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The user with tenant, company, departments and roles, in one query. */
  findProfile(tenantId: string, userId: string) {
    return tenantScoped(this.db, 'users', tenantId)
      .innerJoin('tenants as t', 't.id', 'users.tenant_id')
      .leftJoin('companies as c', 'c.id', 'users.company_id')
      .select([
        'users.id',
        'users.account',
        'users.real_name',
        'users.mobile',
        'users.email',
        'users.gender',
        'users.head_icon',
        'users.tenant_id',
        't.name as tenant_name',
        'c.id as company_id',
        'c.full_name as company_name',
      ])
      .select(
        sql<{ F_DepartmentId: string; F_FullName: string }[]>`coalesce((
          select json_agg(json_build_object('F_DepartmentId', d.id, 'F_FullName', d.full_name) order by d.sort_code)
          from user_departments ud join departments d on d.id = ud.department_id
          where ud.user_id = users.id), '[]'::json)`.as('departments'),
      )
      .select(
        sql<{ F_RoleId: string; F_FullName: string; F_EnCode: string }[]>`coalesce((
          select json_agg(json_build_object('F_RoleId', r.id, 'F_FullName', r.full_name, 'F_EnCode', r.en_code) order by r.sort_code)
          from user_roles ur join roles r on r.id = ur.role_id
          where ur.user_id = users.id and r.enabled), '[]'::json)`.as('roles'),
      )
      .where('users.id', '=', userId)
      .executeTakeFirst();
  }

  findPasswordHash(tenantId: string, userId: string) {
    return tenantScoped(this.db, 'users', tenantId).select(['users.password_hash']).where('users.id', '=', userId).executeTakeFirst();
  }

  async updatePassword(tenantId: string, userId: string, passwordHash: string, keepSessionId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: sql<Date>`now()` })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', userId)
        .execute();
      // A changed password signs the account out everywhere else.
      await trx
        .updateTable('sessions')
        .set({ revoked_at: sql<Date>`now()` })
        .where('user_id', '=', userId)
        .where('id', '!=', keepSessionId)
        .where('revoked_at', 'is', null)
        .execute();
    });
  }

  findHeadIcon(tenantId: string, userId: string) {
    return tenantScoped(this.db, 'users', tenantId).select(['users.head_icon']).where('users.id', '=', userId).executeTakeFirst();
  }

  async updateHeadIcon(tenantId: string, userId: string, headIcon: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ head_icon: headIcon, updated_at: sql<Date>`now()` })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', userId)
      .execute();
  }

  async updateProfile(
    tenantId: string,
    userId: string,
    profile: { real_name: string; mobile?: string | null; email?: string | null; gender: number },
  ): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ ...profile, updated_at: sql<Date>`now()` })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', userId)
      .execute();
  }
}
