import { sql } from 'kysely';
import type { z } from 'zod';
import {
  Permission,
  type DictionaryItem,
  type DictionaryItemNode,
  type DictionaryType,
  type DictionaryTypeNode,
  type dictionaryItemBody,
  type dictionaryItemQuery,
  type dictionaryTypeBody,
  type dictionaryTypeQuery,
} from '@app/contracts';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import { AppError, forbidden, notFound } from '../../core/errors.js';
import { fetchPage, formatTime, isUniqueViolation } from '../../core/db/helpers.js';
import { newId } from '../../core/ids.js';
import { linkTree, mark } from '../language/shared.js';
import { pickTranslation } from '../language/translations.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../core/db/schema.js';

type TypeRow = {
  id: string;
  parent_id: string;
  code: string;
  name: string;
  is_tree: boolean;
  is_nav: boolean;
  sort_code: number;
  enabled: boolean;
  deleted: boolean;
  description: string;
  created: string;
};

const toType = (r: TypeRow): DictionaryType => ({
  F_ItemId: r.id,
  F_ParentId: r.parent_id,
  F_ItemCode: r.code,
  F_ItemName: r.name,
  F_IsTree: mark(r.is_tree),
  F_IsNav: mark(r.is_nav),
  F_SortCode: r.sort_code,
  F_EnabledMark: mark(r.enabled),
  F_DeleteMark: mark(r.deleted),
  F_Description: r.description,
  F_CreateDate: r.created,
});

/** Data dictionary: types (a tree) and their items, tenant-owned. */
export class DictionaryService {
  constructor(private readonly deps: AppDeps) {}

  private get db(): Kysely<Database> {
    return this.deps.db;
  }

  private types(tenantId: string, db = this.db) {
    return db
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

  async typeTree(auth: AuthContext): Promise<DictionaryTypeNode[]> {
    const rows = await this.types(auth.tenantId).orderBy('t.sort_code').orderBy('t.created_at').orderBy('t.id').execute();
    return linkTree(
      rows.map((r) => ({ ...toType(r), children: [] as DictionaryTypeNode[] })),
      (n) => n.F_ItemId,
      (n) => n.F_ParentId,
    );
  }

  async typePage(auth: AuthContext, query: z.output<typeof dictionaryTypeQuery>) {
    let q = this.types(auth.tenantId);
    if (query.parentId) q = q.where('t.parent_id', '=', query.parentId);
    if (query.keyword) {
      const like = `%${query.keyword.replace(/[\\%_]/g, '\\$&')}%`;
      q = q.where((eb) => eb.or([eb('t.code', 'ilike', like), eb('t.name', 'ilike', like)]));
    }
    const page = await fetchPage(q.orderBy('t.sort_code').orderBy('t.created_at').orderBy('t.id'), { page: query.limit, size: query.size });
    return { Rows: page.Rows.map(toType), Total: page.Total };
  }

  /** A type by id or code (case-insensitive), preferring the id. */
  async typeByKey(auth: AuthContext, key: string): Promise<DictionaryType> {
    const row = await this.types(auth.tenantId)
      .where((eb) => eb.or([eb('t.id', '=', key), eb(sql`lower(t.code)`, '=', key.toLowerCase())]))
      .orderBy(sql`t.id = ${key}`, 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!row) throw notFound('dictionary.typeNotFound');
    return toType(row);
  }

  private async checkTypeParent(db: Kysely<Database>, tenantId: string, parentId: string, selfId?: string): Promise<void> {
    if (parentId === '0') return;
    let current: string = parentId;
    for (let depth = 0; current !== '0' && depth < 50; depth++) {
      if (current === selfId) throw new AppError('dictionary.typeUnderItself', {}, 400);
      const row = await db.selectFrom('dictionary_types').select('parent_id').where('tenant_id', '=', tenantId).where('id', '=', current).executeTakeFirst();
      if (!row) {
        if (current === parentId) throw new AppError('dictionary.parentNotFound', {}, 400);
        break;
      }
      current = row.parent_id;
    }
  }

  private async checkTypeCode(db: Kysely<Database>, tenantId: string, code: string, selfId?: string): Promise<void> {
    let q = db
      .selectFrom('dictionary_types')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where(sql`lower(code)`, '=', code.toLowerCase());
    if (selfId) q = q.where('id', '<>', selfId);
    if (await q.executeTakeFirst()) throw new AppError('dictionary.codeExists', { code }, 409);
  }

  async createType(auth: AuthContext, body: z.output<typeof dictionaryTypeBody>): Promise<string> {
    const id = newId();
    try {
      await this.db.transaction().execute(async (trx) => {
        await this.checkTypeParent(trx, auth.tenantId, body.F_ParentId);
        await this.checkTypeCode(trx, auth.tenantId, body.F_ItemCode);
        await trx
          .insertInto('dictionary_types')
          .values({
            id,
            tenant_id: auth.tenantId,
            parent_id: body.F_ParentId,
            code: body.F_ItemCode,
            name: body.F_ItemName,
            is_tree: body.F_IsTree === 1,
            is_nav: body.F_IsNav === 1,
            sort_code: body.F_SortCode,
            enabled: body.F_EnabledMark === 1,
            description: body.F_Description,
          })
          .execute();
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('dictionary.codeExists', { code: body.F_ItemCode }, 409);
      throw error;
    }
    return id;
  }

  async updateType(auth: AuthContext, id: string, body: z.output<typeof dictionaryTypeBody>): Promise<void> {
    try {
      await this.db.transaction().execute(async (trx) => {
        const current = await trx
          .selectFrom('dictionary_types')
          .select('id')
          .where('tenant_id', '=', auth.tenantId)
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst();
        if (!current) throw notFound('dictionary.typeNotFound');
        await this.checkTypeParent(trx, auth.tenantId, body.F_ParentId, id);
        await this.checkTypeCode(trx, auth.tenantId, body.F_ItemCode, id);
        await trx
          .updateTable('dictionary_types')
          .set({
            parent_id: body.F_ParentId,
            code: body.F_ItemCode,
            name: body.F_ItemName,
            is_tree: body.F_IsTree === 1,
            is_nav: body.F_IsNav === 1,
            sort_code: body.F_SortCode,
            enabled: body.F_EnabledMark === 1,
            description: body.F_Description,
          })
          .where('tenant_id', '=', auth.tenantId)
          .where('id', '=', id)
          .execute();
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('dictionary.codeExists', { code: body.F_ItemCode }, 409);
      throw error;
    }
  }

  /** A type that still has items or child types is in use: nothing is deleted. */
  async removeType(auth: AuthContext, id: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('dictionary_types')
        .select('id')
        .where('tenant_id', '=', auth.tenantId)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!current) throw notFound('dictionary.typeNotFound');
      const [item, child] = await Promise.all([
        trx.selectFrom('dictionary_items').select('id').where('type_id', '=', id).limit(1).executeTakeFirst(),
        trx.selectFrom('dictionary_types').select('id').where('tenant_id', '=', auth.tenantId).where('parent_id', '=', id).limit(1).executeTakeFirst(),
      ]);
      if (item || child) throw new AppError('dictionary.inUse', {}, 400);
      await trx.deleteFrom('dictionary_types').where('id', '=', id).execute();
    });
  }

  // ---------- items ----------

  /**
   * Items of a type (by id or code), sorted. Enabled items of an enabled type for every signed-in user; `all=1`
   * (the dictionary screen) answers disabled ones too and needs the list button. Names are translated.
   */
  async items(auth: AuthContext, key: string, query: z.output<typeof dictionaryItemQuery>, languages: string[]): Promise<DictionaryItem[]> {
    const all = query.all === 1;
    if (all && !(await this.deps.grants.hasAny(auth, [Permission.dictionaryList]))) throw forbidden(Permission.dictionaryList);
    const type = await this.typeByKey(auth, key);
    if (!all && type.F_EnabledMark !== 1) return [];
    let q = this.db
      .selectFrom('dictionary_items as i')
      .select(['i.id', 'i.type_id', 'i.parent_id', 'i.name', 'i.value', 'i.code', 'i.sort_code', 'i.enabled', 'i.description'])
      .where('i.tenant_id', '=', auth.tenantId)
      .where('i.type_id', '=', type.F_ItemId);
    if (!all) q = q.where('i.enabled', '=', true);
    if (query.keyword) {
      const like = `%${query.keyword.replace(/[\\%_]/g, '\\$&')}%`;
      q = q.where((eb) => eb.or([eb('i.name', 'ilike', like), eb('i.value', 'ilike', like)]));
    }
    const rows = await q.orderBy('i.sort_code').orderBy('i.created_at').orderBy('i.id').execute();
    let translations = new Map<string, Record<string, string>>();
    if (languages.length > 0 && rows.length > 0) {
      const maps = await this.db
        .selectFrom('lp_map')
        .select(['object_id', 'translations'])
        .where('tenant_id', '=', auth.tenantId)
        .where('object_type', '=', 'dataItem')
        .where(
          'object_id',
          'in',
          rows.map((r) => r.id),
        )
        .execute();
      translations = new Map(maps.map((m) => [m.object_id, m.translations]));
    }
    return rows.map((r) => ({
      F_ItemDetailId: r.id,
      F_ItemId: r.type_id,
      F_ParentId: r.parent_id,
      F_ItemName: pickTranslation(translations.get(r.id), languages, r.name),
      F_ItemValue: r.value,
      F_ItemCode: r.code,
      F_SortCode: r.sort_code,
      F_EnabledMark: mark(r.enabled),
      F_Description: r.description,
    }));
  }

  async itemTree(auth: AuthContext, key: string, query: z.output<typeof dictionaryItemQuery>, languages: string[]): Promise<DictionaryItemNode[]> {
    const items = await this.items(auth, key, query, languages);
    return linkTree(
      items.map((i) => ({ ...i, children: [] as DictionaryItemNode[] })),
      (n) => n.F_ItemDetailId,
      (n) => n.F_ParentId,
    );
  }

  private async checkItem(db: Kysely<Database>, tenantId: string, body: z.output<typeof dictionaryItemBody>, selfId?: string): Promise<void> {
    const type = await db
      .selectFrom('dictionary_types')
      .select(['id', 'is_tree'])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', body.F_ItemId)
      .executeTakeFirst();
    if (!type) throw notFound('dictionary.typeNotFound');
    if (body.F_ParentId !== '0') {
      if (!type.is_tree) throw new AppError('dictionary.notTree', {}, 400);
      let current: string = body.F_ParentId;
      for (let depth = 0; current !== '0' && depth < 50; depth++) {
        if (current === selfId) throw new AppError('dictionary.itemUnderItself', {}, 400);
        const row = await db.selectFrom('dictionary_items').select('parent_id').where('type_id', '=', type.id).where('id', '=', current).executeTakeFirst();
        if (!row) {
          if (current === body.F_ParentId) throw new AppError('dictionary.parentItemNotFound', {}, 400);
          break;
        }
        current = row.parent_id;
      }
    }
    let dup = db.selectFrom('dictionary_items').select('id').where('type_id', '=', type.id).where('value', '=', body.F_ItemValue);
    if (selfId) dup = dup.where('id', '<>', selfId);
    if (await dup.executeTakeFirst()) throw new AppError('dictionary.valueExists', { value: body.F_ItemValue }, 409);
  }

  async createItem(auth: AuthContext, body: z.output<typeof dictionaryItemBody>): Promise<string> {
    const id = newId();
    try {
      await this.db.transaction().execute(async (trx) => {
        await this.checkItem(trx, auth.tenantId, body);
        await trx
          .insertInto('dictionary_items')
          .values({
            id,
            tenant_id: auth.tenantId,
            type_id: body.F_ItemId,
            parent_id: body.F_ParentId,
            name: body.F_ItemName,
            value: body.F_ItemValue,
            code: body.F_ItemCode,
            sort_code: body.F_SortCode,
            enabled: body.F_EnabledMark === 1,
            description: body.F_Description,
          })
          .execute();
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('dictionary.valueExists', { value: body.F_ItemValue }, 409);
      throw error;
    }
    return id;
  }

  async updateItem(auth: AuthContext, id: string, body: z.output<typeof dictionaryItemBody>): Promise<void> {
    try {
      await this.db.transaction().execute(async (trx) => {
        const current = await trx
          .selectFrom('dictionary_items')
          .select(['id', 'type_id'])
          .where('tenant_id', '=', auth.tenantId)
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst();
        if (!current) throw notFound('dictionary.itemNotFound');
        // An item stays in its dictionary.
        const checked = { ...body, F_ItemId: current.type_id };
        await this.checkItem(trx, auth.tenantId, checked, id);
        await trx
          .updateTable('dictionary_items')
          .set({
            parent_id: checked.F_ParentId,
            name: checked.F_ItemName,
            value: checked.F_ItemValue,
            code: checked.F_ItemCode,
            sort_code: checked.F_SortCode,
            enabled: checked.F_EnabledMark === 1,
            description: checked.F_Description,
          })
          .where('id', '=', id)
          .execute();
        // The mapping's Chinese text follows the item.
        await trx
          .updateTable('lp_map')
          .set({ name: checked.F_ItemName })
          .where('tenant_id', '=', auth.tenantId)
          .where('object_type', '=', 'dataItem')
          .where('object_id', '=', id)
          .execute();
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('dictionary.valueExists', { value: body.F_ItemValue }, 409);
      throw error;
    }
  }

  async removeItem(auth: AuthContext, id: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('dictionary_items')
        .select('id')
        .where('tenant_id', '=', auth.tenantId)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!current) throw notFound('dictionary.itemNotFound');
      if (
        await trx.selectFrom('dictionary_items').select('id').where('tenant_id', '=', auth.tenantId).where('parent_id', '=', id).limit(1).executeTakeFirst()
      ) {
        throw new AppError('dictionary.itemHasChildren', {}, 400);
      }
      await trx.deleteFrom('lp_map').where('tenant_id', '=', auth.tenantId).where('object_type', '=', 'dataItem').where('object_id', '=', id).execute();
      await trx.deleteFrom('dictionary_items').where('id', '=', id).execute();
    });
  }
}
