import type { z } from 'zod';
import {
  type DictionaryItem,
  type DictionaryItemNode,
  type DictionaryType,
  type DictionaryTypeNode,
  type dictionaryItemBody,
  type dictionaryItemQuery,
  type dictionaryTypeBody,
  type dictionaryTypeQuery,
  dictionaryPermissions,
} from '@app/contracts';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import { AppError, forbidden, notFound } from '../../core/errors.js';
import { refusingDuplicates } from '../../core/db/helpers.js';
import { newId } from '../../core/ids.js';
import { linkTree, mark } from '../language/shared.js';
import { pickTranslation } from '../language/translations.js';
import type { Transaction } from 'kysely';
import type { Database } from '../../core/db/schema.js';
import { DictionaryRepository, type DictionaryItemValues, type DictionaryTypeValues } from './dictionary.repository.js';

/** A type as the repository reads it. */
type TypeRow = Awaited<ReturnType<DictionaryRepository['allTypes']>>[number];

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
  private readonly repo: DictionaryRepository;

  constructor(private readonly deps: AppDeps) {
    this.repo = new DictionaryRepository(deps.db);
  }

  // ---------- types ----------

  async typeTree(auth: AuthContext): Promise<DictionaryTypeNode[]> {
    const rows = await this.repo.allTypes(auth.tenantId);
    return linkTree(
      rows.map((r) => ({ ...toType(r), children: [] as DictionaryTypeNode[] })),
      (n) => n.F_ItemId,
      (n) => n.F_ParentId,
    );
  }

  async typePage(auth: AuthContext, query: z.output<typeof dictionaryTypeQuery>) {
    const page = await this.repo.typePage(auth.tenantId, { parentId: query.parentId, keyword: query.keyword, page: query.limit, size: query.size });
    return { Rows: page.Rows.map(toType), Total: page.Total };
  }

  /** A type by id or code (case-insensitive), preferring the id. */
  async typeByKey(auth: AuthContext, key: string): Promise<DictionaryType> {
    const row = await this.repo.typeByKey(auth.tenantId, key);
    if (!row) throw notFound('dictionary.typeNotFound');
    return toType(row);
  }

  private async checkTypeParent(trx: Transaction<Database>, tenantId: string, parentId: string, selfId?: string): Promise<void> {
    if (parentId === '0') return;
    let current: string = parentId;
    for (let depth = 0; current !== '0' && depth < 50; depth++) {
      if (current === selfId) throw new AppError('dictionary.typeUnderItself', {}, 400);
      const row = await this.repo.typeParentOf(trx, tenantId, current);
      if (!row) {
        if (current === parentId) throw new AppError('dictionary.parentNotFound', {}, 400);
        break;
      }
      current = row.parent_id;
    }
  }

  private async checkTypeCode(trx: Transaction<Database>, tenantId: string, code: string, selfId?: string): Promise<void> {
    if (await this.repo.typeCodeTaken(trx, tenantId, code, selfId)) throw new AppError('dictionary.codeExists', { code }, 409);
  }

  async createType(auth: AuthContext, body: z.output<typeof dictionaryTypeBody>): Promise<string> {
    const id = newId();
    await refusingDuplicates(
      async () => {
        await this.repo.db.transaction().execute(async (trx) => {
          await this.checkTypeParent(trx, auth.tenantId, body.F_ParentId);
          await this.checkTypeCode(trx, auth.tenantId, body.F_ItemCode);
          await this.repo.insertType(trx, auth.tenantId, id, typeValues(body));
        });
      },
      () => new AppError('dictionary.codeExists', { code: body.F_ItemCode }, 409),
    );
    return id;
  }

  async updateType(auth: AuthContext, id: string, body: z.output<typeof dictionaryTypeBody>): Promise<void> {
    await refusingDuplicates(
      async () => {
        await this.repo.db.transaction().execute(async (trx) => {
          if (!(await this.repo.lockType(trx, auth.tenantId, id))) throw notFound('dictionary.typeNotFound');
          await this.checkTypeParent(trx, auth.tenantId, body.F_ParentId, id);
          await this.checkTypeCode(trx, auth.tenantId, body.F_ItemCode, id);
          await this.repo.updateType(trx, auth.tenantId, id, typeValues(body));
        });
      },
      () => new AppError('dictionary.codeExists', { code: body.F_ItemCode }, 409),
    );
  }

  /** A type that still has items or child types is in use: nothing is deleted. */
  async removeType(auth: AuthContext, id: string): Promise<void> {
    await this.repo.db.transaction().execute(async (trx) => {
      if (!(await this.repo.lockType(trx, auth.tenantId, id))) throw notFound('dictionary.typeNotFound');
      if (await this.repo.typeInUse(trx, auth.tenantId, id)) throw new AppError('dictionary.inUse', {}, 400);
      await this.repo.removeType(trx, id);
    });
  }

  // ---------- items ----------

  /**
   * Items of a type (by id or code), sorted. Enabled items of an enabled type for every signed-in user; `all=1`
   * (the dictionary screen) answers disabled ones too and needs the list button. Names are translated.
   */
  async items(auth: AuthContext, key: string, query: z.output<typeof dictionaryItemQuery>, languages: string[]): Promise<DictionaryItem[]> {
    const all = query.all === 1;
    if (all && !(await this.deps.grants.hasAny(auth, [dictionaryPermissions.dictionaryList]))) throw forbidden(dictionaryPermissions.dictionaryList);
    const type = await this.typeByKey(auth, key);
    if (!all && type.F_EnabledMark !== 1) return [];
    const rows = await this.repo.items(auth.tenantId, type.F_ItemId, { enabledOnly: !all, keyword: query.keyword });
    const translations =
      languages.length > 0
        ? await this.repo.itemTranslations(
            auth.tenantId,
            rows.map((r) => r.id),
          )
        : new Map<string, Record<string, string>>();
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

  private async checkItem(trx: Transaction<Database>, tenantId: string, body: z.output<typeof dictionaryItemBody>, selfId?: string): Promise<void> {
    const type = await this.repo.typeOfItem(trx, tenantId, body.F_ItemId);
    if (!type) throw notFound('dictionary.typeNotFound');
    if (body.F_ParentId !== '0') {
      if (!type.is_tree) throw new AppError('dictionary.notTree', {}, 400);
      let current: string = body.F_ParentId;
      for (let depth = 0; current !== '0' && depth < 50; depth++) {
        if (current === selfId) throw new AppError('dictionary.itemUnderItself', {}, 400);
        const row = await this.repo.itemParentOf(trx, type.id, current);
        if (!row) {
          if (current === body.F_ParentId) throw new AppError('dictionary.parentItemNotFound', {}, 400);
          break;
        }
        current = row.parent_id;
      }
    }
    if (await this.repo.itemValueTaken(trx, type.id, body.F_ItemValue, selfId)) throw new AppError('dictionary.valueExists', { value: body.F_ItemValue }, 409);
  }

  async createItem(auth: AuthContext, body: z.output<typeof dictionaryItemBody>): Promise<string> {
    const id = newId();
    await refusingDuplicates(
      async () => {
        await this.repo.db.transaction().execute(async (trx) => {
          await this.checkItem(trx, auth.tenantId, body);
          await this.repo.insertItem(trx, auth.tenantId, id, body.F_ItemId, itemValues(body));
        });
      },
      () => new AppError('dictionary.valueExists', { value: body.F_ItemValue }, 409),
    );
    return id;
  }

  async updateItem(auth: AuthContext, id: string, body: z.output<typeof dictionaryItemBody>): Promise<void> {
    await refusingDuplicates(
      async () => {
        await this.repo.db.transaction().execute(async (trx) => {
          const current = await this.repo.lockItem(trx, auth.tenantId, id);
          if (!current) throw notFound('dictionary.itemNotFound');
          // An item stays in its dictionary.
          const checked = { ...body, F_ItemId: current.type_id };
          await this.checkItem(trx, auth.tenantId, checked, id);
          await this.repo.updateItem(trx, auth.tenantId, id, itemValues(checked));
        });
      },
      () => new AppError('dictionary.valueExists', { value: body.F_ItemValue }, 409),
    );
  }

  async removeItem(auth: AuthContext, id: string): Promise<void> {
    await this.repo.db.transaction().execute(async (trx) => {
      if (!(await this.repo.lockItem(trx, auth.tenantId, id))) throw notFound('dictionary.itemNotFound');
      if (await this.repo.itemHasChildren(trx, auth.tenantId, id)) throw new AppError('dictionary.itemHasChildren', {}, 400);
      await this.repo.removeItem(trx, auth.tenantId, id);
    });
  }
}

const typeValues = (body: z.output<typeof dictionaryTypeBody>): DictionaryTypeValues => ({
  parent_id: body.F_ParentId,
  code: body.F_ItemCode,
  name: body.F_ItemName,
  is_tree: body.F_IsTree === 1,
  is_nav: body.F_IsNav === 1,
  sort_code: body.F_SortCode,
  enabled: body.F_EnabledMark === 1,
  description: body.F_Description,
});

const itemValues = (body: z.output<typeof dictionaryItemBody>): DictionaryItemValues => ({
  parent_id: body.F_ParentId,
  name: body.F_ItemName,
  value: body.F_ItemValue,
  code: body.F_ItemCode,
  sort_code: body.F_SortCode,
  enabled: body.F_EnabledMark === 1,
  description: body.F_Description,
});
