import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type {
  LanguageType,
  LpMapObject,
  LpObjectType,
  languageTypeBody,
  languageTypePatchBody,
  lpMapObjectBody,
  lpMapPatchBody,
  lpMapQuery,
} from '@app/contracts';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import { AppError, notFound } from '../../core/errors.js';
import { refusingDuplicates } from '../../core/db/helpers.js';
import { newId } from '../../core/ids.js';
import { insertDefaultLanguages } from './default-languages.js';
import { mark } from './shared.js';
import { moduleTranslations } from './translations.js';
import type { Database } from '../../core/db/schema.js';
import { LanguageRepository } from './language.repository.js';

/** Language types and the translation mappings of dictionary items and menu entries, per tenant. */
export class LanguageService {
  private readonly repo: LanguageRepository;

  constructor(private readonly deps: AppDeps) {
    this.repo = new LanguageRepository(deps.db);
  }

  // ---------- language types ----------

  /** Every language type of the tenant; a tenant without any (created after the migration) gets Chinese and English. */
  async types(auth: AuthContext): Promise<LanguageType[]> {
    let rows = await this.repo.types(auth.tenantId);
    if (rows.length === 0) {
      await insertDefaultLanguages(this.repo.db, auth.tenantId);
      rows = await this.repo.types(auth.tenantId);
    }
    return rows.map((r) => ({
      F_Id: r.id,
      F_Code: r.code,
      F_Name: r.name,
      F_IsMain: mark(r.is_main),
      F_SortCode: r.sort_code,
      F_EnabledMark: mark(r.enabled),
      F_CreateDate: r.created,
    }));
  }

  private async typeRow(trx: Transaction<Database>, tenantId: string, id: string) {
    const row = await this.repo.lockType(trx, tenantId, id);
    if (!row) throw notFound('language.notFound');
    return row;
  }

  private async checkCode(trx: Transaction<Database>, tenantId: string, code: string, selfId?: string): Promise<void> {
    if (await this.repo.codeTaken(trx, tenantId, code, selfId)) throw new AppError('language.codeExists', { code }, 409);
  }

  async createType(auth: AuthContext, body: z.output<typeof languageTypeBody>): Promise<string> {
    await this.types(auth); // the defaults first, so a new tenant's first language is not taken for the main one
    const id = newId();
    await refusingDuplicates(
      async () => {
        await this.repo.db.transaction().execute(async (trx) => {
          await this.checkCode(trx, auth.tenantId, body.F_Code);
          await this.repo.insertType(trx, auth.tenantId, id, {
            code: body.F_Code,
            name: body.F_Name,
            sort_code: body.F_SortCode,
            enabled: body.F_EnabledMark === 1,
          });
        });
      },
      () => new AppError('language.codeExists', { code: body.F_Code }, 409),
    );
    return id;
  }

  async updateType(auth: AuthContext, id: string, body: z.output<typeof languageTypeBody>): Promise<void> {
    await refusingDuplicates(
      async () => {
        await this.repo.db.transaction().execute(async (trx) => {
          const row = await this.typeRow(trx, auth.tenantId, id);
          if (row.is_main && (row.code !== body.F_Code || body.F_EnabledMark !== 1)) throw new AppError('language.mainLanguage', {}, 400);
          await this.checkCode(trx, auth.tenantId, body.F_Code, id);
          await this.repo.updateType(trx, id, { code: body.F_Code, name: body.F_Name, sort_code: body.F_SortCode, enabled: body.F_EnabledMark === 1 });
        });
      },
      () => new AppError('language.codeExists', { code: body.F_Code }, 409),
    );
  }

  /** Sets the enabled mark, or toggles it; answers the new mark. */
  async patchType(auth: AuthContext, id: string, body: z.output<typeof languageTypePatchBody>): Promise<0 | 1> {
    return this.repo.db.transaction().execute(async (trx) => {
      const row = await this.typeRow(trx, auth.tenantId, id);
      const enabled = body?.F_EnabledMark === undefined ? !row.enabled : body.F_EnabledMark === 1;
      if (row.is_main && !enabled) throw new AppError('language.mainLanguage', {}, 400);
      await this.repo.updateType(trx, id, { enabled });
      return mark(enabled);
    });
  }

  /** Deletes a language type; its translations stay in the mappings (they show again if the code is added back). */
  async removeType(auth: AuthContext, id: string): Promise<void> {
    await this.repo.db.transaction().execute(async (trx) => {
      const row = await this.typeRow(trx, auth.tenantId, id);
      if (row.is_main) throw new AppError('language.mainLanguage', {}, 400);
      await this.repo.removeType(trx, id);
    });
  }

  // ---------- mapping objects ----------

  private toMap(r: {
    id: string;
    object_type: string;
    object_id: string;
    code: string;
    name: string;
    translations: Record<string, string>;
    created: string;
  }): LpMapObject {
    return {
      F_Id: r.id,
      F_ObjectType: r.object_type as LpObjectType,
      F_ObjectId: r.object_id,
      F_Code: r.code,
      F_Name: r.name,
      translations: r.translations ?? {},
      F_CreateDate: r.created,
    };
  }

  async page(auth: AuthContext, query: z.output<typeof lpMapQuery>) {
    const page = await this.repo.page(auth.tenantId, {
      page: query.limit,
      size: query.size,
      objectType: query.objectType || undefined,
      objectId: query.objectId || undefined,
      keyword: query.keyword || undefined,
    });
    return { Rows: page.Rows.map((r) => this.toMap(r)), Total: page.Total };
  }

  async get(auth: AuthContext, id: string): Promise<LpMapObject> {
    const row = await this.repo.mapById(auth.tenantId, id);
    if (!row) throw notFound('language.mapNotFound');
    return this.toMap(row);
  }

  /** The object's own readable code and Chinese text; 404 when it does not exist for the tenant. */
  private async objectOf(tenantId: string, type: LpObjectType, objectId: string): Promise<{ code: string; name: string }> {
    if (type === 'dataItem') {
      const item = await this.repo.dictionaryItem(tenantId, objectId);
      if (!item) throw notFound('language.objectNotFound');
      return { code: `${item.code}.${item.value}`, name: item.name };
    }
    const module = (await this.deps.catalog.rows()).find((m) => m.id === objectId);
    if (!module) throw notFound('language.objectNotFound');
    return { code: module.en_code, name: module.full_name };
  }

  /** Translation keys must be language types of the tenant (other than the main one). */
  private async checkLanguages(auth: AuthContext, translations: Record<string, string>): Promise<void> {
    const codes = Object.keys(translations);
    if (codes.length === 0) return;
    const known = new Set((await this.types(auth)).filter((t) => t.F_IsMain !== 1).map((t) => t.F_Code));
    const unknown = codes.find((c) => !known.has(c));
    if (unknown) throw new AppError('language.unknown', { code: unknown }, 400);
  }

  private invalidate(auth: AuthContext, type: string): void {
    if (type === 'module') moduleTranslations(this.deps.db).invalidate(auth.tenantId);
  }

  /**
   * POST (replace) or PATCH (merge) /lp-map/object: one row per (type, object id), created when missing. In a merge
   * an empty text removes that language's translation.
   */
  async upsert(auth: AuthContext, body: z.output<typeof lpMapObjectBody>, merge: boolean): Promise<string> {
    await this.checkLanguages(auth, body.translations);
    const object = await this.objectOf(auth.tenantId, body.F_ObjectType, body.F_ObjectId);
    const id = await this.repo.db.transaction().execute(async (trx) => {
      const current = await this.repo.lockMapOfObject(trx, auth.tenantId, body.F_ObjectType, body.F_ObjectId);
      const translations = clean(merge ? { ...(current?.translations ?? {}), ...body.translations } : body.translations);
      const code = body.F_Code || current?.code || object.code;
      const name = body.F_Name || current?.name || object.name;
      if (current) {
        await this.repo.updateMap(trx, current.id, { code, name, translations });
        return current.id;
      }
      return this.repo.insertMap(
        trx,
        { id: newId(), tenantId: auth.tenantId, objectType: body.F_ObjectType, objectId: body.F_ObjectId, code, name, translations },
        merge,
      );
    });
    this.invalidate(auth, body.F_ObjectType);
    return id;
  }

  async patch(auth: AuthContext, id: string, body: z.output<typeof lpMapPatchBody>): Promise<void> {
    await this.checkLanguages(auth, body.translations);
    const type = await this.repo.db.transaction().execute(async (trx) => {
      const current = await this.repo.lockMap(trx, auth.tenantId, id);
      if (!current) throw notFound('language.mapNotFound');
      const translations = clean({ ...(current.translations ?? {}), ...body.translations });
      await this.repo.updateMap(trx, id, { translations, ...(body.F_Code ? { code: body.F_Code } : {}), ...(body.F_Name ? { name: body.F_Name } : {}) });
      return current.object_type;
    });
    this.invalidate(auth, type);
  }

  async remove(auth: AuthContext, id: string): Promise<void> {
    const objectType = await this.repo.removeMap(auth.tenantId, id);
    if (objectType === undefined) throw notFound('language.mapNotFound');
    this.invalidate(auth, objectType);
  }
}

/** Drops empty translations. */
function clean(translations: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(translations).filter(([, text]) => text.trim() !== ''));
}
