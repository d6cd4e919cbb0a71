import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../core/db/schema.js';
import { formatTime } from '../../core/db/helpers.js';
import { MENU_ENTRY_COLUMNS } from '../../core/auth/module-catalog.js';
import { ADMIN_ROLE_CODE } from '../../db/module-catalog.js';

export type Db = Kysely<Database> | Transaction<Database>;
export type ItemTable = 'module_buttons' | 'module_columns' | 'module_forms';

/** A menu entry's writable columns. */
export interface ModuleValues {
  system_id: string;
  parent_id: string;
  en_code: string;
  full_name: string;
  icon: string;
  url_address: string;
  target: string;
  is_menu: boolean;
  is_common: boolean;
  keep_alive: boolean;
  enabled: boolean;
  sort_code: number;
  i18n_key: string | null;
  description: string;
}

/** A button's, column's or form's writable columns. */
export interface ModuleItemValues {
  en_code: string;
  full_name: string;
  sort_code: number;
}

function selectModules(db: Db) {
  return db
    .selectFrom('modules')
    .select([...MENU_ENTRY_COLUMNS, 'enabled', 'description', formatTime('created_at').as('created')])
    .orderBy('sort_code')
    .orderBy('id');
}
export type ModuleDbRow = Awaited<ReturnType<ReturnType<typeof selectModules>['execute']>>[number];

/** Menu entries and their buttons, columns and forms (product-wide rows), and the grants that name them: all SQL of the menu administration. */
export class ModuleAdminRepository {
  constructor(readonly db: Kysely<Database>) {}

  /** Every entry (of one system when given), in menu order. */
  modules(filter: { systemId?: string; enabledOnly?: boolean } = {}): Promise<ModuleDbRow[]> {
    let q = selectModules(this.db);
    if (filter.systemId) q = q.where('system_id', '=', filter.systemId);
    if (filter.enabledOnly) q = q.where('enabled', '=', true);
    return q.execute();
  }

  module(id: string): Promise<ModuleDbRow | undefined> {
    return selectModules(this.db).where('id', '=', id).executeTakeFirst();
  }

  /** The items of these entries (all entries when null), sorted. */
  items(table: ItemTable, moduleIds: string[] | null) {
    let q = this.db.selectFrom(table).select(['id', 'module_id', 'en_code', 'full_name', 'sort_code']).orderBy('sort_code').orderBy('en_code');
    if (moduleIds) q = q.where('module_id', 'in', moduleIds);
    return q.execute();
  }

  subsystem(id: string) {
    return this.db.selectFrom('subsystems').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
  }

  async urlTaken(url: string, exceptId?: string): Promise<boolean> {
    let q = this.db.selectFrom('modules').select('id').where('url_address', '=', url);
    if (exceptId) q = q.where('id', '<>', exceptId);
    return !!(await q.executeTakeFirst());
  }

  async tenantExists(id: string): Promise<boolean> {
    return !!(await this.db.selectFrom('tenants').select('id').where('id', '=', id).executeTakeFirst());
  }

  async subsystemOfTenant(trx: Db, systemId: string, tenantId: string): Promise<boolean> {
    return !!(await trx.selectFrom('subsystems').select('id').where('id', '=', systemId).where('tenant_id', '=', tenantId).executeTakeFirst());
  }

  placementOf(trx: Db, id: string) {
    return trx.selectFrom('modules').select(['id', 'system_id', 'parent_id']).where('id', '=', id).executeTakeFirst();
  }

  async codeTaken(trx: Db, code: string, selfId: string | null): Promise<boolean> {
    let q = trx.selectFrom('modules').select('id').where('en_code', '=', code);
    if (selfId) q = q.where('id', '<>', selfId);
    return !!(await q.executeTakeFirst());
  }

  itemCodes(trx: Db, table: ItemTable, moduleId: string) {
    return trx.selectFrom(table).select(['id', 'en_code']).where('module_id', '=', moduleId).execute();
  }

  /** Removes the items and the grants that name them (item type `grantType`). */
  async removeItems(trx: Db, table: ItemTable, grantType: number, ids: string[]): Promise<void> {
    await trx.deleteFrom('authorizes').where('item_type', '=', grantType).where('item_id', 'in', ids).execute();
    await trx.deleteFrom(table).where('id', 'in', ids).execute();
  }

  async setItemCode(trx: Db, table: ItemTable, id: string, code: string): Promise<void> {
    await trx.updateTable(table).set({ en_code: code }).where('id', '=', id).execute();
  }

  async updateItem(trx: Db, table: ItemTable, id: string, values: ModuleItemValues): Promise<void> {
    await trx.updateTable(table).set(values).where('id', '=', id).execute();
  }

  async insertItem(trx: Db, table: ItemTable, id: string, moduleId: string, values: ModuleItemValues): Promise<void> {
    await trx
      .insertInto(table)
      .values({ id, module_id: moduleId, ...values })
      .execute();
  }

  async adminRoleId(trx: Db, tenantId: string): Promise<string | undefined> {
    return (await trx.selectFrom('roles').select('id').where('tenant_id', '=', tenantId).where('en_code', '=', ADMIN_ROLE_CODE).executeTakeFirst())?.id;
  }

  async insertModule(trx: Db, id: string, values: ModuleValues): Promise<void> {
    await trx
      .insertInto('modules')
      .values({ id, ...values })
      .execute();
  }

  lockModule(trx: Db, id: string) {
    return trx.selectFrom('modules').select(['id', 'system_id']).where('id', '=', id).forUpdate().executeTakeFirst();
  }

  async updateModule(trx: Db, id: string, values: Partial<ModuleValues>): Promise<void> {
    await trx.updateTable('modules').set(values).where('id', '=', id).execute();
  }

  async moveToSystem(trx: Db, ids: string[], systemId: string): Promise<void> {
    await trx.updateTable('modules').set({ system_id: systemId }).where('id', 'in', ids).execute();
  }

  async childIds(trx: Db, parentIds: string[]): Promise<string[]> {
    return (await trx.selectFrom('modules').select('id').where('parent_id', 'in', parentIds).execute()).map((r) => r.id);
  }

  async hasChildren(trx: Db, id: string): Promise<boolean> {
    return !!(await trx.selectFrom('modules').select('id').where('parent_id', '=', id).executeTakeFirst());
  }

  /** Removes the entry, its items' grants (item types 2–4 by table) and its own grants (1); the items go with the entry. */
  async removeModule(trx: Db, id: string, itemTables: { table: ItemTable; type: number }[]): Promise<void> {
    for (const kind of itemTables) {
      const items = trx.selectFrom(kind.table).select('id').where('module_id', '=', id);
      await trx.deleteFrom('authorizes').where('item_type', '=', kind.type).where('item_id', 'in', items).execute();
    }
    await trx.deleteFrom('authorizes').where('item_type', '=', 1).where('item_id', '=', id).execute();
    await trx.deleteFrom('modules').where('id', '=', id).execute();
  }
}
