import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../core/db/schema.js';
import { containsPattern, fetchPage, formatTime } from '../../core/db/helpers.js';

/** A type's writable columns. */
export interface DictionaryTypeValues {
  parent_id: string;
  code: string;
  name: string;
  is_tree: boolean;
  is_nav: boolean;
  sort_code: number;
  enabled: boolean;
  description: string;
}

/** An item's writable columns (its type is fixed at creation). */
export interface DictionaryItemValues {
  parent_id: string;
  name: string;
  value: string;
  code: string;
  sort_code: number;
  enabled: boolean;
  description: string;
}

const typeOrder = ['t.sort_code', 't.created_at', 't.id'] as const;

/** Data dictionary types and items, and the translations of item names: all SQL of the feature. */
export class DictionaryRepository {
  constructor(readonly db: Kysely<Database>) {}

  private types(tenantId: string) {
    return this.db
      .selectFrom('dictionary_types as t')
      .select([
        't.id',
        't.parent_id',
        't.code',
        't.name',
        't.is_tree',
        't.is_nav',
        't.sort_code',
        't.enabled',
        't.deleted',
        't.description',
        formatTime('t.created_at').as('created'),
      ])
      .where('t.tenant_id', '=', tenantId);
  }

  // ---------- types ----------

  allTypes(tenantId: string) {
    return this.types(tenantId).orderBy(typeOrder[0]).orderBy(typeOrder[1]).orderBy(typeOrder[2]).execute();
  }

  typePage(tenantId: string, filter: { parentId?: string; keyword?: string; page: number; size: number }) {
    let q = this.types(tenantId);
    if (filter.parentId) q = q.where('t.parent_id', '=', filter.parentId);
    if (filter.keyword) {
      const like = containsPattern(filter.keyword);
      q = q.where((eb) => eb.or([eb('t.code', 'ilike', like), eb('t.name', 'ilike', like)]));
    }
    return fetchPage(q.orderBy(typeOrder[0]).orderBy(typeOrder[1]).orderBy(typeOrder[2]), { page: filter.page, size: filter.size });
  }

  /** A type by id or code (case-insensitive), preferring the id. */
  typeByKey(tenantId: string, key: string) {
    return this.types(tenantId)
      .where((eb) => eb.or([eb('t.id', '=', key), eb(sql`lower(t.code)`, '=', key.toLowerCase())]))
      .orderBy(sql`t.id = ${key}`, 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  typeParentOf(trx: Transaction<Database>, tenantId: string, id: string) {
    return trx.selectFrom('dictionary_types').select('parent_id').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  }

  async typeCodeTaken(trx: Transaction<Database>, tenantId: string, code: string, selfId?: string): Promise<boolean> {
    let q = trx
      .selectFrom('dictionary_types')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where(sql`lower(code)`, '=', code.toLowerCase());
    if (selfId) q = q.where('id', '<>', selfId);
    return !!(await q.executeTakeFirst());
  }

  async insertType(trx: Transaction<Database>, tenantId: string, id: string, values: DictionaryTypeValues): Promise<void> {
    await trx
      .insertInto('dictionary_types')
      .values({ id, tenant_id: tenantId, ...values })
      .execute();
  }

  lockType(trx: Transaction<Database>, tenantId: string, id: string) {
    return trx.selectFrom('dictionary_types').select('id').where('tenant_id', '=', tenantId).where('id', '=', id).forUpdate().executeTakeFirst();
  }

  async updateType(trx: Transaction<Database>, tenantId: string, id: string, values: DictionaryTypeValues): Promise<void> {
    await trx.updateTable('dictionary_types').set(values).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  }

  /** Whether the type has an item or a child type. */
  async typeInUse(trx: Transaction<Database>, tenantId: string, id: string): Promise<boolean> {
    const [item, child] = await Promise.all([
      trx.selectFrom('dictionary_items').select('id').where('type_id', '=', id).limit(1).executeTakeFirst(),
      trx.selectFrom('dictionary_types').select('id').where('tenant_id', '=', tenantId).where('parent_id', '=', id).limit(1).executeTakeFirst(),
    ]);
    return !!(item || child);
  }

  async removeType(trx: Transaction<Database>, id: string): Promise<void> {
    await trx.deleteFrom('dictionary_types').where('id', '=', id).execute();
  }

  // ---------- items ----------

  items(tenantId: string, typeId: string, filter: { enabledOnly: boolean; keyword?: string }) {
    let q = this.db
      .selectFrom('dictionary_items as i')
      .select(['i.id', 'i.type_id', 'i.parent_id', 'i.name', 'i.value', 'i.code', 'i.sort_code', 'i.enabled', 'i.description'])
      .where('i.tenant_id', '=', tenantId)
      .where('i.type_id', '=', typeId);
    if (filter.enabledOnly) q = q.where('i.enabled', '=', true);
    if (filter.keyword) {
      const like = containsPattern(filter.keyword);
      q = q.where((eb) => eb.or([eb('i.name', 'ilike', like), eb('i.value', 'ilike', like)]));
    }
    return q.orderBy('i.sort_code').orderBy('i.created_at').orderBy('i.id').execute();
  }

  /** The translations of these items' names, by item id. */
  async itemTranslations(tenantId: string, itemIds: string[]): Promise<Map<string, Record<string, string>>> {
    if (itemIds.length === 0) return new Map();
    const maps = await this.db
      .selectFrom('lp_map')
      .select(['object_id', 'translations'])
      .where('tenant_id', '=', tenantId)
      .where('object_type', '=', 'dataItem')
      .where('object_id', 'in', itemIds)
      .execute();
    return new Map(maps.map((m) => [m.object_id, m.translations]));
  }

  typeOfItem(trx: Transaction<Database>, tenantId: string, typeId: string) {
    return trx.selectFrom('dictionary_types').select(['id', 'is_tree']).where('tenant_id', '=', tenantId).where('id', '=', typeId).executeTakeFirst();
  }

  itemParentOf(trx: Transaction<Database>, typeId: string, id: string) {
    return trx.selectFrom('dictionary_items').select('parent_id').where('type_id', '=', typeId).where('id', '=', id).executeTakeFirst();
  }

  async itemValueTaken(trx: Transaction<Database>, typeId: string, value: string, selfId?: string): Promise<boolean> {
    let q = trx.selectFrom('dictionary_items').select('id').where('type_id', '=', typeId).where('value', '=', value);
    if (selfId) q = q.where('id', '<>', selfId);
    return !!(await q.executeTakeFirst());
  }

  async insertItem(trx: Transaction<Database>, tenantId: string, id: string, typeId: string, values: DictionaryItemValues): Promise<void> {
    await trx
      .insertInto('dictionary_items')
      .values({ id, tenant_id: tenantId, type_id: typeId, ...values })
      .execute();
  }

  lockItem(trx: Transaction<Database>, tenantId: string, id: string) {
    return trx.selectFrom('dictionary_items').select(['id', 'type_id']).where('tenant_id', '=', tenantId).where('id', '=', id).forUpdate().executeTakeFirst();
  }

  /** Saves the item; the Chinese text of its translation mapping follows its name. */
  async updateItem(trx: Transaction<Database>, tenantId: string, id: string, values: DictionaryItemValues): Promise<void> {
    await trx.updateTable('dictionary_items').set(values).where('id', '=', id).execute();
    await trx
      .updateTable('lp_map')
      .set({ name: values.name })
      .where('tenant_id', '=', tenantId)
      .where('object_type', '=', 'dataItem')
      .where('object_id', '=', id)
      .execute();
  }

  async itemHasChildren(trx: Transaction<Database>, tenantId: string, id: string): Promise<boolean> {
    return !!(await trx.selectFrom('dictionary_items').select('id').where('tenant_id', '=', tenantId).where('parent_id', '=', id).limit(1).executeTakeFirst());
  }

  /** Deletes the item and its translation mapping. */
  async removeItem(trx: Transaction<Database>, tenantId: string, id: string): Promise<void> {
    await trx.deleteFrom('lp_map').where('tenant_id', '=', tenantId).where('object_type', '=', 'dataItem').where('object_id', '=', id).execute();
    await trx.deleteFrom('dictionary_items').where('id', '=', id).execute();
  }
}
