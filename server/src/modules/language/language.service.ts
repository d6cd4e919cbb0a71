import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { LanguageType, LpMapObject, LpObjectType, languageTypeBody, languageTypePatchBody, lpMapObjectBody, lpMapPatchBody, lpMapQuery } from '@app/contracts';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import { AppError, notFound } from '../../core/errors.js';
import { fetchPage, formatTime, isUniqueViolation } from '../../core/db/helpers.js';
import { newId } from '../../core/ids.js';
import { insertDefaultLanguages } from './default-languages.js';
import { mark } from './shared.js';
import { moduleTranslations } from './translations.js';
import type { Database } from '../../core/db/schema.js';

type Db = Kysely<Database>;

/** Language types and the translation mappings of dictionary items and menu entries, per tenant. */
export class LanguageService {
  constructor(private readonly deps: AppDeps) {}

  private get db(): Db {
    return this.deps.db;
  }

  // ---------- language types ----------

  /** Every language type of the tenant; a tenant without any (created after the migration) gets Chinese and English. */
  async types(auth: AuthContext): Promise<LanguageType[]> {
    const read = () =>
      this.db
        .selectFrom('language_types')
        .select(['id', 'code', 'name', 'is_main', 'sort_code', 'enabled', formatTime('created_at').as('created')])
        .where('tenant_id', '=', auth.tenantId)
        .orderBy('sort_code')
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    let rows = await read();
    if (rows.length === 0) {
      await insertDefaultLanguages(this.db, auth.tenantId);
      rows = await read();
    }
    return rows.map((r) => ({ F_Id: r.id, F_Code: r.code, F_Name: r.name, F_IsMain: mark(r.is_main), F_SortCode: r.sort_code, F_EnabledMark: mark(r.enabled), F_CreateDate: r.created }));
  }

  private async typeRow(db: Db, tenantId: string, id: string) {
    const row = await db.selectFrom('language_types').select(['id', 'code', 'is_main', 'enabled']).where('tenant_id', '=', tenantId).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw notFound('language.notFound');
    return row;
  }

  private async checkCode(db: Db, tenantId: string, code: string, selfId?: string): Promise<void> {
    let q = db.selectFrom('language_types').select('id').where('tenant_id', '=', tenantId).where(sql`lower(code)`, '=', code.toLowerCase());
    if (selfId) q = q.where('id', '<>', selfId);
    if (await q.executeTakeFirst()) throw new AppError('language.codeExists', { code }, 409);
  }

  async createType(auth: AuthContext, body: z.output<typeof languageTypeBody>): Promise<string> {
    await this.types(auth); // the defaults first, so a new tenant's first language is not taken for the main one
    const id = newId();
    try {
      await this.db.transaction().execute(async (trx) => {
        await this.checkCode(trx, auth.tenantId, body.F_Code);
        await trx
          .insertInto('language_types')
          .values({ id, tenant_id: auth.tenantId, code: body.F_Code, name: body.F_Name, sort_code: body.F_SortCode, enabled: body.F_EnabledMark === 1 })
          .execute();
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('language.codeExists', { code: body.F_Code }, 409);
      throw error;
    }
    return id;
  }

  async updateType(auth: AuthContext, id: string, body: z.output<typeof languageTypeBody>): Promise<void> {
    try {
      await this.db.transaction().execute(async (trx) => {
        const row = await this.typeRow(trx, auth.tenantId, id);
        if (row.is_main && (row.code !== body.F_Code || body.F_EnabledMark !== 1)) throw new AppError('language.mainLanguage', {}, 400);
        await this.checkCode(trx, auth.tenantId, body.F_Code, id);
        await trx
          .updateTable('language_types')
          .set({ code: body.F_Code, name: body.F_Name, sort_code: body.F_SortCode, enabled: body.F_EnabledMark === 1 })
          .where('id', '=', id)
          .execute();
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('language.codeExists', { code: body.F_Code }, 409);
      throw error;
    }
  }

  /** Sets the enabled mark, or toggles it; answers the new mark. */
  async patchType(auth: AuthContext, id: string, body: z.output<typeof languageTypePatchBody>): Promise<0 | 1> {
    return this.db.transaction().execute(async (trx) => {
      const row = await this.typeRow(trx, auth.tenantId, id);
      const enabled = body?.F_EnabledMark === undefined ? !row.enabled : body.F_EnabledMark === 1;
      if (row.is_main && !enabled) throw new AppError('language.mainLanguage', {}, 400);
      await trx.updateTable('language_types').set({ enabled }).where('id', '=', id).execute();
      return mark(enabled);
    });
  }

  /** Deletes a language type; its translations stay in the mappings (they show again if the code is added back). */
  async removeType(auth: AuthContext, id: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const row = await this.typeRow(trx, auth.tenantId, id);
      if (row.is_main) throw new AppError('language.mainLanguage', {}, 400);
      await trx.deleteFrom('language_types').where('id', '=', id).execute();
    });
  }

  // ---------- mapping objects ----------

  private maps(tenantId: string, db: Db = this.db) {
    return db
      .selectFrom('lp_map')
      .select(['id', 'object_type', 'object_id', 'code', 'name', 'translations', formatTime('created_at').as('created')])
      .where('tenant_id', '=', tenantId);
  }

  private toMap(r: { id: string; object_type: string; object_id: string; code: string; name: string; translations: Record<string, string>; created: string }): LpMapObject {
    return { F_Id: r.id, F_ObjectType: r.object_type as LpObjectType, F_ObjectId: r.object_id, F_Code: r.code, F_Name: r.name, translations: r.translations ?? {}, F_CreateDate: r.created };
  }

  async page(auth: AuthContext, query: z.output<typeof lpMapQuery>) {
    let q = this.maps(auth.tenantId);
    if (query.objectType) q = q.where('object_type', '=', query.objectType);
    if (query.objectId) q = q.where('object_id', '=', query.objectId);
    if (query.keyword) {
      const like = `%${query.keyword.replace(/[\\%_]/g, '\\$&')}%`;
      q = q.where((eb) => eb.or([eb('code', 'ilike', like), eb('name', 'ilike', like), eb(sql`translations::text`, 'ilike', like)]));
    }
    const page = await fetchPage(q.orderBy('created_at', 'desc').orderBy('id'), { page: query.limit, size: query.size });
    return { Rows: page.Rows.map((r) => this.toMap(r)), Total: page.Total };
  }

  async get(auth: AuthContext, id: string): Promise<LpMapObject> {
    const row = await this.maps(auth.tenantId).where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('language.mapNotFound');
    return this.toMap(row);
  }

  /** The object's own readable code and Chinese text; 404 when it does not exist for the tenant. */
  private async objectOf(db: Db, tenantId: string, type: LpObjectType, objectId: string): Promise<{ code: string; name: string }> {
    if (type === 'dataItem') {
      const item = await db
        .selectFrom('dictionary_items as i')
        .innerJoin('dictionary_types as t', 't.id', 'i.type_id')
        .select(['i.name', 'i.value', 't.code'])
        .where('i.tenant_id', '=', tenantId)
        .where('i.id', '=', objectId)
        .executeTakeFirst();
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
    const object = await this.objectOf(this.db, auth.tenantId, body.F_ObjectType, body.F_ObjectId);
    const id = await this.db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('lp_map')
        .select(['id', 'translations', 'code', 'name'])
        .where('tenant_id', '=', auth.tenantId)
        .where('object_type', '=', body.F_ObjectType)
        .where('object_id', '=', body.F_ObjectId)
        .forUpdate()
        .executeTakeFirst();
      const translations = clean(merge ? { ...(current?.translations ?? {}), ...body.translations } : body.translations);
      const code = body.F_Code || current?.code || object.code;
      const name = body.F_Name || current?.name || object.name;
      if (current) {
        await trx.updateTable('lp_map').set({ code, name, translations: JSON.stringify(translations), updated_at: new Date() }).where('id', '=', current.id).execute();
        return current.id;
      }
      const newRowId = newId();
      const inserted = await trx
        .insertInto('lp_map')
        .values({ id: newRowId, tenant_id: auth.tenantId, object_type: body.F_ObjectType, object_id: body.F_ObjectId, code, name, translations: JSON.stringify(translations) })
        .onConflict((oc) =>
          oc.columns(['tenant_id', 'object_type', 'object_id']).doUpdateSet({
            code,
            name,
            translations: merge ? sql`lp_map.translations || ${JSON.stringify(translations)}::jsonb` : JSON.stringify(translations),
            updated_at: new Date(),
          }),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      return inserted.id;
    });
    this.invalidate(auth, body.F_ObjectType);
    return id;
  }

  async patch(auth: AuthContext, id: string, body: z.output<typeof lpMapPatchBody>): Promise<void> {
    await this.checkLanguages(auth, body.translations);
    const type = await this.db.transaction().execute(async (trx) => {
      const current = await trx.selectFrom('lp_map').select(['id', 'object_type', 'translations']).where('tenant_id', '=', auth.tenantId).where('id', '=', id).forUpdate().executeTakeFirst();
      if (!current) throw notFound('language.mapNotFound');
      const translations = clean({ ...(current.translations ?? {}), ...body.translations });
      await trx
        .updateTable('lp_map')
        .set({ translations: JSON.stringify(translations), updated_at: new Date(), ...(body.F_Code ? { code: body.F_Code } : {}), ...(body.F_Name ? { name: body.F_Name } : {}) })
        .where('id', '=', id)
        .execute();
      return current.object_type;
    });
    this.invalidate(auth, type);
  }

  async remove(auth: AuthContext, id: string): Promise<void> {
    const row = await this.db.deleteFrom('lp_map').where('tenant_id', '=', auth.tenantId).where('id', '=', id).returning('object_type').executeTakeFirst();
    if (!row) throw notFound('language.mapNotFound');
    this.invalidate(auth, row.object_type);
  }
}

/** Drops empty translations. */
function clean(translations: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(translations).filter(([, text]) => text.trim() !== ''));
}
