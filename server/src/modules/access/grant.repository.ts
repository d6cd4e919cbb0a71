import { sql, type Kysely } from 'kysely';
import type { Database } from '../../core/db/schema.js';
import { menuItemRows, type MenuItemRow } from '../../core/auth/module-catalog.js';
import { newId } from '../../core/ids.js';

/** A data permission row as saved: one per menu entry. */
export interface DataAuthorizeValues {
  moduleId: string;
  scope: number;
  departmentIds: string[];
}

/** Grants of roles (object type 1) and users (2), app functions and data permissions: all SQL of the grant screens. */
export class GrantRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Whether the role (1) or user (2) belongs to the tenant. */
  async objectExists(tenantId: string, objectType: 1 | 2, objectId: string): Promise<boolean> {
    const row =
      objectType === 1
        ? await this.db.selectFrom('roles').select('id').where('id', '=', objectId).where('tenant_id', '=', tenantId).executeTakeFirst()
        : await this.db.selectFrom('users').select('id').where('id', '=', objectId).where('tenant_id', '=', tenantId).executeTakeFirst();
    return !!row;
  }

  grantsOfObject(tenantId: string, objectType: number, objectId: string) {
    return this.db
      .selectFrom('authorizes')
      .select(['item_type', 'item_id'])
      .where('tenant_id', '=', tenantId)
      .where('object_type', '=', objectType)
      .where('object_id', '=', objectId)
      .orderBy('item_type')
      .orderBy('item_id')
      .execute();
  }

  /** The items granted to the user, personally or through an enabled role of theirs. */
  async itemsOfUser(tenantId: string, userId: string): Promise<{ item_type: number; item_id: string }[]> {
    const rows = await sql<{ item_type: number; item_id: string }>`
      select distinct a.item_type, a.item_id from authorizes a
      where a.tenant_id = ${tenantId}
        and ((a.object_type = 2 and a.object_id = ${userId})
          or (a.object_type = 1 and a.object_id in (
            select ur.role_id from user_roles ur join roles r on r.id = ur.role_id
            where ur.user_id = ${userId} and r.enabled and r.tenant_id = ${tenantId})))
      order by a.item_type, a.item_id`.execute(this.db);
    return rows.rows;
  }

  /** Every menu entry (1), button (2), column (3) and form (4), with the menu entry it belongs to. */
  menuItems(): Promise<MenuItemRow[]> {
    return menuItemRows(this.db);
  }

  /** Replaces the object's grants of these item types, in one transaction. */
  async replaceGrants(tenantId: string, objectType: number, objectId: string, types: number[], items: { type: number; id: string }[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('authorizes')
        .where('tenant_id', '=', tenantId)
        .where('object_type', '=', objectType)
        .where('object_id', '=', objectId)
        .where('item_type', 'in', types)
        .execute();
      for (let i = 0; i < items.length; i += 1000) {
        await trx
          .insertInto('authorizes')
          .values(
            items
              .slice(i, i + 1000)
              .map((item) => ({ id: newId(), tenant_id: tenantId, object_type: objectType, object_id: objectId, item_type: item.type, item_id: item.id })),
          )
          .execute();
      }
    });
  }

  async existingAppFunctionIds(ids: string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    return new Set((await this.db.selectFrom('app_functions').select('id').where('id', 'in', ids).execute()).map((r) => r.id));
  }

  enabledAppFunctions(keyword?: string) {
    let q = this.db.selectFrom('app_functions').selectAll().where('enabled', '=', true).orderBy('sort_code').orderBy('en_code');
    if (keyword) q = q.where((eb) => eb.or([eb('full_name', 'like', `%${keyword}%`), eb('en_code', 'like', `%${keyword}%`)]));
    return q.execute();
  }

  appFunction(id: string) {
    return this.db.selectFrom('app_functions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  dataRules(tenantId: string, objectType: number, objectId: string) {
    return this.db
      .selectFrom('data_authorizes')
      .select(['module_id', 'scope', 'department_ids'])
      .where('tenant_id', '=', tenantId)
      .where('object_type', '=', objectType)
      .where('object_id', '=', objectId)
      .execute();
  }

  async existingDepartmentIds(tenantId: string, ids: string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    return new Set((await this.db.selectFrom('departments').select('id').where('tenant_id', '=', tenantId).where('id', 'in', ids).execute()).map((d) => d.id));
  }

  /** Replaces every data permission of the object, in one transaction. */
  async replaceDataRules(tenantId: string, objectType: number, objectId: string, rules: DataAuthorizeValues[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('data_authorizes')
        .where('tenant_id', '=', tenantId)
        .where('object_type', '=', objectType)
        .where('object_id', '=', objectId)
        .execute();
      if (rules.length) {
        await trx
          .insertInto('data_authorizes')
          .values(
            rules.map((r) => ({
              id: newId(),
              tenant_id: tenantId,
              object_type: objectType,
              object_id: objectId,
              module_id: r.moduleId,
              scope: r.scope,
              department_ids: JSON.stringify(r.departmentIds),
            })),
          )
          .execute();
      }
    });
  }
}
