import type { Kysely } from 'kysely';
import type { AuthContext } from '../../core/deps.js';
import type { Database } from '../../core/db/schema.js';
import { AppError } from '../../core/errors.js';
import type { MessageKey } from '../../core/i18n/index.js';
import { newId } from '../../core/ids.js';
import { tenantModuleIds } from '../tenant/platform.js';

/**
 * Menu entries that features make at run time: a published form page (form relations) and a released report.
 * Each is a tenant's entry with its own buttons (and columns), granted to whoever published it. The entry, its
 * buttons, columns and their grants are written here, inside the feature's transaction.
 */

/** Authorize item types (authorizes.item_type). */
export const ITEM_MODULE = 1;
export const ITEM_BUTTON = 2;
export const ITEM_COLUMN = 3;

/** A grant item: authorizes item type and id. */
export interface GrantItem {
  type: number;
  id: string;
}
/** Who holds a grant: 1 role, 2 user. */
export interface GrantHolder {
  objectType: number;
  objectId: string;
}

/** The values of a published entry's menu row. */
export interface PageModuleValues {
  parent_id: string;
  full_name: string;
  icon: string;
  sort_code: number;
  enabled: boolean;
}

/** A module button or column of a published entry: code and shown name. */
export interface PageItem {
  code: string;
  name: string;
}

/** Built on the app's database or on a transaction. */
export class PublishedEntryRepository {
  constructor(readonly db: Kysely<Database>) {}

  /** A menu entry by id, with the tenant of the published entry it is (null: an entry of the product itself). */
  async moduleOf(id: string): Promise<{ id: string; parentId: string; pageTenantId: string | null } | undefined> {
    const row = await this.db
      .selectFrom('modules as m')
      .leftJoin('form_relations as r', 'r.module_id', 'm.id')
      .leftJoin('report_releases as rr', 'rr.module_id', 'm.id')
      .select(['m.id', 'm.parent_id', 'r.tenant_id as formTenant', 'rr.tenant_id as reportTenant'])
      .where('m.id', '=', id)
      .executeTakeFirst();
    return row && { id: row.id, parentId: row.parent_id, pageTenantId: row.formTenant ?? row.reportTenant ?? null };
  }

  async moduleHasChildren(moduleId: string): Promise<boolean> {
    return !!(await this.db.selectFrom('modules').select('id').where('parent_id', '=', moduleId).executeTakeFirst());
  }

  /** The enabled roles of a user in the tenant. */
  async enabledRoleIds(tenantId: string, userId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('user_roles as ur')
      .innerJoin('roles as r', 'r.id', 'ur.role_id')
      .select('r.id')
      .where('ur.user_id', '=', userId)
      .where('ur.tenant_id', '=', tenantId)
      .where('r.tenant_id', '=', tenantId)
      .where('r.enabled', '=', true)
      .execute();
    return rows.map((r) => r.id);
  }

  /** Roles and users of the tenant holding the menu entry. */
  async holdersOf(tenantId: string, moduleId: string): Promise<GrantHolder[]> {
    const rows = await this.db
      .selectFrom('authorizes')
      .select(['object_type', 'object_id'])
      .where('tenant_id', '=', tenantId)
      .where('item_type', '=', ITEM_MODULE)
      .where('item_id', '=', moduleId)
      .execute();
    return rows.map((r) => ({ objectType: r.object_type, objectId: r.object_id }));
  }

  async insertModule(id: string, code: string, url: string, values: PageModuleValues): Promise<void> {
    await this.db
      .insertInto('modules')
      .values({ id, system_id: '0', en_code: code, url_address: url, i18n_key: null, target: '', is_menu: true, keep_alive: true, ...values })
      .execute();
  }

  /** Answers false when the entry is gone (deleted on the menu administration screen). */
  async updateModule(id: string, values: PageModuleValues): Promise<boolean> {
    const result = await this.db.updateTable('modules').set(values).where('id', '=', id).executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** The menu entry with its buttons and columns (cascade), every grant of them and its data permissions. */
  async deleteModule(moduleId: string): Promise<void> {
    const buttons = this.db.selectFrom('module_buttons').select('id').where('module_id', '=', moduleId);
    const columns = this.db.selectFrom('module_columns').select('id').where('module_id', '=', moduleId);
    await this.db.deleteFrom('authorizes').where('item_type', '=', ITEM_BUTTON).where('item_id', 'in', buttons).execute();
    await this.db.deleteFrom('authorizes').where('item_type', '=', ITEM_COLUMN).where('item_id', 'in', columns).execute();
    await this.db.deleteFrom('authorizes').where('item_type', '=', ITEM_MODULE).where('item_id', '=', moduleId).execute();
    await this.db.deleteFrom('data_authorizes').where('module_id', '=', moduleId).execute();
    await this.db.deleteFrom('modules').where('id', '=', moduleId).execute();
  }

  async addTenantModule(tenantId: string, moduleId: string): Promise<void> {
    await this.db
      .insertInto('tenant_modules')
      .values({ tenant_id: tenantId, module_id: moduleId })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  /**
   * Makes the module's buttons (2) or columns (3) exactly `items` (ids `<moduleId>:<code>` / `<moduleId>:col:<code>`):
   * removed ones go with their grants, kept ones get the new name and order. Answers the ids of the added ones.
   */
  async syncItems(moduleId: string, type: typeof ITEM_BUTTON | typeof ITEM_COLUMN, items: PageItem[]): Promise<string[]> {
    const table = type === ITEM_BUTTON ? 'module_buttons' : 'module_columns';
    const idOf = (code: string) => (type === ITEM_BUTTON ? `${moduleId}:${code}` : `${moduleId}:col:${code}`);
    const existing = new Set((await this.db.selectFrom(table).select('id').where('module_id', '=', moduleId).execute()).map((r) => r.id));
    const wanted = new Map(items.map((item, index) => [idOf(item.code), { ...item, index }]));
    const removed = [...existing].filter((id) => !wanted.has(id));
    if (removed.length) {
      await this.db.deleteFrom('authorizes').where('item_type', '=', type).where('item_id', 'in', removed).execute();
      await this.db.deleteFrom(table).where('id', 'in', removed).execute();
    }
    const added: string[] = [];
    for (const [id, item] of wanted) {
      if (existing.has(id)) {
        await this.db.updateTable(table).set({ full_name: item.name, sort_code: item.index }).where('id', '=', id).execute();
      } else {
        await this.db.insertInto(table).values({ id, module_id: moduleId, en_code: item.code, full_name: item.name, sort_code: item.index }).execute();
        added.push(id);
      }
    }
    return added;
  }

  /** Grants every item to every holder (existing grants are kept). */
  async grant(tenantId: string, holders: GrantHolder[], items: GrantItem[]): Promise<void> {
    const values = holders.flatMap((h) =>
      items.map((item) => ({ id: newId(), tenant_id: tenantId, object_type: h.objectType, object_id: h.objectId, item_type: item.type, item_id: item.id })),
    );
    for (let i = 0; i < values.length; i += 1000) {
      await this.db
        .insertInto('authorizes')
        .values(values.slice(i, i + 1000))
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  }
}

/** How deep the parent chain of a menu entry is walked when looking for a cycle. */
const MAX_MENU_DEPTH = 50;

/**
 * The entry a published entry goes under: an existing menu entry the tenant has (its feature's own group always),
 * not another tenant's published entry, and (on update) not the entry itself or one of its entries.
 */
export async function checkEntryParent(
  repo: PublishedEntryRepository,
  tenantId: string,
  parentId: string,
  selfModuleId: string | null,
  options: { ownGroup: string; notFound: MessageKey; cycle: MessageKey },
): Promise<void> {
  const parent = await repo.moduleOf(parentId);
  const allowed = await tenantModuleIds(repo.db, tenantId);
  const tenantHas = !allowed || allowed.has(parentId) || parentId === options.ownGroup;
  if (!parent || !tenantHas || (parent.pageTenantId !== null && parent.pageTenantId !== tenantId)) {
    throw new AppError(options.notFound, { id: parentId });
  }
  if (!selfModuleId) return;
  let current: string | undefined = parentId;
  for (let depth = 0; current && current !== '0' && depth < MAX_MENU_DEPTH; depth++) {
    if (current === selfModuleId) throw new AppError(options.cycle);
    current = (await repo.moduleOf(current))?.parentId;
  }
}

/** Who a publish grants the entry to: the caller's enabled roles of the tenant, or the caller when they hold none. */
export async function publisherHolders(repo: PublishedEntryRepository, auth: AuthContext): Promise<GrantHolder[]> {
  const roles = await repo.enabledRoleIds(auth.tenantId, auth.userId);
  return roles.length ? roles.map((id) => ({ objectType: 1, objectId: id })) : [{ objectType: 2, objectId: auth.userId }];
}
