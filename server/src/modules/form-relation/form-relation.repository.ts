import { sql, type Kysely } from 'kysely';
import type { FormRelationRow, FormRelationSetting } from '@app/contracts';
import type { Database } from '../../core/db/schema.js';
import { containsPattern, fetchPage, formatTime } from '../../core/db/helpers.js';
import { newId } from '../../core/ids.js';

/** A stored form relation as the services use it. */
export interface RelationRecord {
  id: string;
  tenantId: string;
  name: string;
  formId: string;
  moduleId: string;
  parentModuleId: string;
  enabled: boolean;
  setting: FormRelationSetting;
}

/** The module code of a published page: its buttons are `<code>.<button>`, its columns `<code>.<field>`. */
export const moduleCodeOf = (relationId: string) => `forms.app.${relationId}`;
/** The menu entry (modules.id) of a published page. */
export const moduleIdOf = (relationId: string) => `form-app-${relationId}`;

/** Authorize item types (authorizes.item_type) a published page uses. */
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

/** The values of a relation row a save writes. */
export interface RelationValues {
  name: string;
  form_id: string;
  parent_module_id: string;
  icon: string;
  sort_code: number;
  enabled: boolean;
  description: string;
  setting: FormRelationSetting;
}

/** The values of a published page's menu entry. */
export interface PageModuleValues {
  parent_id: string;
  full_name: string;
  icon: string;
  sort_code: number;
  enabled: boolean;
}

/** A module button or column of a published page: code and shown name. */
export interface PageItem {
  code: string;
  name: string;
}

export interface RelationPageFilter {
  page: number;
  size: number;
  keyword?: string;
  formId?: string;
  enabled?: number;
}

/**
 * The only Kysely code of form relations (and the menu entries, buttons, columns and grants of published pages).
 * Built on the app's database or on a transaction (`new FormRelationRepository(trx)`).
 */
export class FormRelationRepository {
  constructor(readonly db: Kysely<Database>) {}

  /** Enabled items of the tenant's enabled dictionaries by code (case ignored): code (lower case) → value / name pairs. */
  async dictionaryOptions(tenantId: string, codes: string[]): Promise<Map<string, { label: string; value: string }[]>> {
    const byCode = new Map<string, { label: string; value: string }[]>();
    if (!codes.length) return byCode;
    const rows = await this.db
      .selectFrom('dictionary_items as i')
      .innerJoin('dictionary_types as t', 't.id', 'i.type_id')
      .select([sql<string>`lower(t.code)`.as('code'), 'i.name', 'i.value'])
      .where('i.tenant_id', '=', tenantId)
      .where('t.enabled', '=', true)
      .where('i.enabled', '=', true)
      .where(
        sql`lower(t.code)`,
        'in',
        codes.map((c) => c.toLowerCase()),
      )
      .orderBy('i.sort_code')
      .execute();
    for (const row of rows) byCode.set(row.code, [...(byCode.get(row.code) ?? []), { label: row.name, value: row.value }]);
    return byCode;
  }

  async find(tenantId: string, id: string): Promise<RelationRecord | undefined> {
    const row = await this.db
      .selectFrom('form_relations')
      .select(['id', 'tenant_id', 'name', 'form_id', 'module_id', 'parent_module_id', 'enabled', 'setting'])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      id: row.id,
      tenantId: row.tenant_id,
      name: row.name,
      formId: row.form_id,
      moduleId: row.module_id,
      parentModuleId: row.parent_module_id,
      enabled: row.enabled,
      setting: row.setting,
    };
  }

  // ---------------------------------------------------------------- lists

  private rows(tenantId: string) {
    return this.db
      .selectFrom('form_relations as r')
      .leftJoin('form_schemes as f', 'f.id', 'r.form_id')
      .leftJoin('modules as p', 'p.id', 'r.parent_module_id')
      .leftJoin('users as u', 'u.id', 'r.created_by')
      .where('r.tenant_id', '=', tenantId)
      .select([
        'r.id as F_Id',
        'r.name as F_Name',
        'r.form_id as F_FormId',
        'f.name as F_FormName',
        'r.parent_module_id as F_ParentId',
        'p.full_name as F_ParentName',
        'r.module_id as F_ModuleId',
        sql<string>`'forms.app.' || r.id`.as('F_EnCode'),
        'r.icon as F_Icon',
        'r.sort_code as F_SortCode',
        sql<number>`case when r.enabled then 1 else 0 end`.as('F_EnabledMark'),
        'r.description as F_Description',
        'u.real_name as F_CreateUserName',
        formatTime('r.created_at').as('F_CreateDate'),
        formatTime('r.updated_at').as('F_ModifyDate'),
      ]);
  }

  page(tenantId: string, f: RelationPageFilter): Promise<{ Rows: FormRelationRow[]; Total: number }> {
    let query = this.rows(tenantId);
    if (f.keyword) {
      const like = containsPattern(f.keyword);
      query = query.where((eb) => eb.or([eb('r.name', 'ilike', like), eb('r.description', 'ilike', like), eb('f.name', 'ilike', like)]));
    }
    if (f.formId) query = query.where('r.form_id', '=', f.formId);
    if (f.enabled !== undefined) query = query.where('r.enabled', '=', f.enabled === 1);
    return fetchPage(query.orderBy('r.sort_code').orderBy('r.created_at', 'desc').orderBy('r.id'), f);
  }

  async detail(tenantId: string, id: string): Promise<(FormRelationRow & { setting: FormRelationSetting }) | undefined> {
    return this.rows(tenantId).select('r.setting as setting').where('r.id', '=', id).executeTakeFirst();
  }

  // ---------------------------------------------------------------- checks

  /** A menu entry by id, with the tenant of the published page it is (null: not a published page). */
  async moduleOf(id: string): Promise<{ id: string; parentId: string; pageTenantId: string | null } | undefined> {
    const row = await this.db
      .selectFrom('modules as m')
      .leftJoin('form_relations as r', 'r.module_id', 'm.id')
      .select(['m.id', 'm.parent_id', 'r.tenant_id'])
      .where('m.id', '=', id)
      .executeTakeFirst();
    return row && { id: row.id, parentId: row.parent_id, pageTenantId: row.tenant_id };
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

  // ---------------------------------------------------------------- writes (inside the service's transaction)

  async insertRelation(tenantId: string, userId: string, id: string, moduleId: string, values: RelationValues): Promise<void> {
    await this.db
      .insertInto('form_relations')
      .values({ id, tenant_id: tenantId, module_id: moduleId, created_by: userId, ...values, setting: JSON.stringify(values.setting) })
      .execute();
  }

  async updateRelation(tenantId: string, id: string, values: Partial<RelationValues>): Promise<void> {
    const { setting, ...rest } = values;
    await this.db
      .updateTable('form_relations')
      .set({ ...rest, ...(setting ? { setting: JSON.stringify(setting) } : {}), updated_at: sql`now()` })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
  }

  async deleteRelation(tenantId: string, id: string): Promise<void> {
    await this.db.deleteFrom('form_relations').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  }

  /** A locked read of the relation (updates and deletes of one relation run one after another). */
  async lock(tenantId: string, id: string): Promise<boolean> {
    return !!(await this.db.selectFrom('form_relations').select('id').where('tenant_id', '=', tenantId).where('id', '=', id).forUpdate().executeTakeFirst());
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
