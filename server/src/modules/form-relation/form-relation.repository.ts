import { sql } from 'kysely';
import type { FormRelationRow, FormRelationSetting } from '@app/contracts';
import { containsPattern, fetchPage, formatTime } from '../../core/db/helpers.js';
import { PublishedEntryRepository } from '../menu/published-entries.repository.js';

export {
  ITEM_BUTTON,
  ITEM_COLUMN,
  ITEM_MODULE,
  type GrantHolder,
  type GrantItem,
  type PageItem,
  type PageModuleValues,
} from '../menu/published-entries.repository.js';

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
export class FormRelationRepository extends PublishedEntryRepository {
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
}
