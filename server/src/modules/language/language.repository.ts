import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../core/db/schema.js';
import { fetchPage, formatTime } from '../../core/db/helpers.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** The columns a language type's body sets. */
export interface LanguageTypeValues {
  code: string;
  name: string;
  sort_code: number;
  enabled: boolean;
}

/** A mapping's readable code, Chinese text and translations by language code. */
export interface MapValues {
  code: string;
  name: string;
  translations: Record<string, string>;
}

/** Language types and the translation mappings (lp_map) of dictionary items and menu entries, per tenant. */
export class LanguageRepository {
  constructor(readonly db: Kysely<Database>) {}

  // ---------- language types ----------

  types(tenantId: string) {
    return this.db
      .selectFrom('language_types')
      .select(['id', 'code', 'name', 'is_main', 'sort_code', 'enabled', formatTime('created_at').as('created')])
      .where('tenant_id', '=', tenantId)
      .orderBy('sort_code')
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /** Locks a language type; undefined when the tenant has none with this id. */
  lockType(trx: Transaction<Database>, tenantId: string, id: string) {
    return trx
      .selectFrom('language_types')
      .select(['id', 'code', 'is_main', 'enabled'])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  /** Whether another language type of the tenant has this code (case-insensitive). */
  async codeTaken(db: Executor, tenantId: string, code: string, exceptId?: string): Promise<boolean> {
    let q = db
      .selectFrom('language_types')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where(sql`lower(code)`, '=', code.toLowerCase());
    if (exceptId) q = q.where('id', '<>', exceptId);
    return !!(await q.executeTakeFirst());
  }

  async insertType(trx: Transaction<Database>, tenantId: string, id: string, values: LanguageTypeValues): Promise<void> {
    await trx
      .insertInto('language_types')
      .values({ id, tenant_id: tenantId, ...values })
      .execute();
  }

  async updateType(trx: Transaction<Database>, id: string, values: Partial<LanguageTypeValues>): Promise<void> {
    await trx.updateTable('language_types').set(values).where('id', '=', id).execute();
  }

  async removeType(trx: Transaction<Database>, id: string): Promise<void> {
    await trx.deleteFrom('language_types').where('id', '=', id).execute();
  }

  // ---------- mapping objects ----------

  private maps(tenantId: string) {
    return this.db
      .selectFrom('lp_map')
      .select(['id', 'object_type', 'object_id', 'code', 'name', 'translations', formatTime('created_at').as('created')])
      .where('tenant_id', '=', tenantId);
  }

  page(tenantId: string, f: { page: number; size: number; objectType?: string; objectId?: string; keyword?: string }) {
    let q = this.maps(tenantId);
    if (f.objectType) q = q.where('object_type', '=', f.objectType);
    if (f.objectId) q = q.where('object_id', '=', f.objectId);
    if (f.keyword) {
      const like = `%${f.keyword.replace(/[\\%_]/g, '\\$&')}%`;
      q = q.where((eb) => eb.or([eb('code', 'ilike', like), eb('name', 'ilike', like), eb(sql`translations::text`, 'ilike', like)]));
    }
    return fetchPage(q.orderBy('created_at', 'desc').orderBy('id'), f);
  }

  mapById(tenantId: string, id: string) {
    return this.maps(tenantId).where('id', '=', id).executeTakeFirst();
  }

  /** A dictionary item of the tenant with its dictionary's code, for a mapping's defaults. */
  dictionaryItem(tenantId: string, itemId: string) {
    return this.db
      .selectFrom('dictionary_items as i')
      .innerJoin('dictionary_types as t', 't.id', 'i.type_id')
      .select(['i.name', 'i.value', 't.code'])
      .where('i.tenant_id', '=', tenantId)
      .where('i.id', '=', itemId)
      .executeTakeFirst();
  }

  /** Locks the mapping of an object, if there is one. */
  lockMapOfObject(trx: Transaction<Database>, tenantId: string, objectType: string, objectId: string) {
    return trx
      .selectFrom('lp_map')
      .select(['id', 'translations', 'code', 'name'])
      .where('tenant_id', '=', tenantId)
      .where('object_type', '=', objectType)
      .where('object_id', '=', objectId)
      .forUpdate()
      .executeTakeFirst();
  }

  /** Locks a mapping by id, if the tenant has it. */
  lockMap(trx: Transaction<Database>, tenantId: string, id: string) {
    return trx
      .selectFrom('lp_map')
      .select(['id', 'object_type', 'translations'])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  async updateMap(trx: Transaction<Database>, id: string, values: Partial<MapValues>): Promise<void> {
    const { translations, ...rest } = values;
    await trx
      .updateTable('lp_map')
      .set({ ...rest, ...(translations ? { translations: JSON.stringify(translations) } : {}), updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Creates the object's mapping; if a concurrent call created it first, that row is updated instead (replaced, or
   * with `merge` the translations merged). Answers the row's id.
   */
  async insertMap(
    trx: Transaction<Database>,
    row: { id: string; tenantId: string; objectType: string; objectId: string } & MapValues,
    merge: boolean,
  ): Promise<string> {
    const translations = JSON.stringify(row.translations);
    const inserted = await trx
      .insertInto('lp_map')
      .values({ id: row.id, tenant_id: row.tenantId, object_type: row.objectType, object_id: row.objectId, code: row.code, name: row.name, translations })
      .onConflict((oc) =>
        oc.columns(['tenant_id', 'object_type', 'object_id']).doUpdateSet({
          code: row.code,
          name: row.name,
          translations: merge ? sql`lp_map.translations || ${translations}::jsonb` : translations,
          updated_at: new Date(),
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  }

  /** Deletes a mapping; answers its object type, or undefined when the tenant has none with this id. */
  async removeMap(tenantId: string, id: string): Promise<string | undefined> {
    return (await this.db.deleteFrom('lp_map').where('tenant_id', '=', tenantId).where('id', '=', id).returning('object_type').executeTakeFirst())?.object_type;
  }

  /** The tenant's menu-entry mappings (object_type 'module'): module id and its translations, empty ones included. */
  async moduleTranslationRows(tenantId: string) {
    return this.db.selectFrom('lp_map').select(['object_id', 'translations']).where('tenant_id', '=', tenantId).where('object_type', '=', 'module').execute();
  }
}
