import { sql, type Kysely } from 'kysely';
import type { FormSchemeHistoryRow, FormSchemeOption, FormTable } from '@app/contracts';
import type { Database } from '../../core/db/schema.js';
import { containsPattern, fetchPage, formatTime } from '../../core/db/helpers.js';

/** A form row as the list shows it (F_Scheme / tableInfo are added from a version). */
export interface FormRow {
  F_Id: string;
  F_Name: string;
  F_Type: number;
  F_Category: string;
  F_Url: string;
  F_Description: string;
  F_SortCode: number;
  F_EnabledMark: number;
  F_IsDefault: number;
  F_SchemeId: string;
  F_Version: number;
  F_CreateUserName: string | null;
  F_CreateDate: string | null;
  F_ModifyDate: string | null;
  F_HasTables: boolean;
}

/** A stored version: its content as stored (checked by the service with parseScheme before use). */
export interface VersionRow {
  id: string;
  scheme_id: string;
  version: number;
  content: unknown;
  table_info: FormTable[];
}

export interface FormValues {
  name: string;
  form_type: number;
  category: string;
  url: string;
  description: string;
  sort_code: number;
}

export interface PageFilter {
  page: number;
  size: number;
  keyword?: string;
  formType?: number;
  category?: string;
  enabled?: number;
}

/** The only Kysely code of the module: forms (form_schemes) and their versions (form_scheme_versions). */
export class FormSchemeRepository {
  constructor(readonly db: Kysely<Database>) {}

  private rows(tenantId: string) {
    return this.db
      .selectFrom('form_schemes as f')
      .leftJoin('users as u', 'u.id', 'f.created_by')
      .where('f.tenant_id', '=', tenantId)
      .select([
        'f.id as F_Id',
        'f.name as F_Name',
        'f.form_type as F_Type',
        'f.category as F_Category',
        'f.url as F_Url',
        'f.description as F_Description',
        'f.sort_code as F_SortCode',
        sql<number>`case when f.enabled then 1 else 0 end`.as('F_EnabledMark'),
        sql<number>`case when f.is_default then 1 else 0 end`.as('F_IsDefault'),
        sql<string>`coalesce(f.current_version_id, '')`.as('F_SchemeId'),
        'f.current_version as F_Version',
        'u.real_name as F_CreateUserName',
        formatTime('f.created_at').as('F_CreateDate'),
        formatTime('f.updated_at').as('F_ModifyDate'),
        'f.has_tables as F_HasTables',
      ]);
  }

  page(tenantId: string, f: PageFilter): Promise<{ Rows: FormRow[]; Total: number }> {
    let query = this.rows(tenantId);
    if (f.keyword) {
      const like = containsPattern(f.keyword);
      query = query.where((eb) => eb.or([eb('f.name', 'ilike', like), eb('f.description', 'ilike', like), eb('f.url', 'ilike', like)]));
    }
    // As a list filter F_Type 1 means every form with an address: system forms (1) and address-based forms (2).
    if (f.formType !== undefined) query = query.where('f.form_type', 'in', f.formType === 1 ? [1, 2] : [f.formType]);
    if (f.category) query = query.where('f.category', '=', f.category);
    if (f.enabled !== undefined) query = query.where('f.enabled', '=', f.enabled === 1);
    return fetchPage(query.orderBy('f.sort_code').orderBy('f.created_at', 'desc').orderBy('f.id'), f) as Promise<{ Rows: FormRow[]; Total: number }>;
  }

  /** Enabled forms of the given stored types, for pickers. */
  options(tenantId: string, f: { formTypes: readonly number[]; category?: string; keyword?: string }): Promise<FormSchemeOption[]> {
    let query = this.db
      .selectFrom('form_schemes')
      .where('tenant_id', '=', tenantId)
      .where('form_type', 'in', [...f.formTypes])
      .where('enabled', '=', true)
      .select([
        'id as F_Id',
        'name as F_Name',
        'form_type as F_Type',
        'category as F_Category',
        'url as F_Url',
        sql<string>`coalesce(current_version_id, '')`.as('F_SchemeId'),
      ]);
    if (f.category) query = query.where('category', '=', f.category);
    if (f.keyword) query = query.where('name', 'ilike', containsPattern(f.keyword));
    return query.orderBy('sort_code').orderBy('created_at', 'desc').orderBy('id').execute();
  }

  find(tenantId: string, id: string): Promise<FormRow | undefined> {
    return this.rows(tenantId).where('f.id', '=', id).executeTakeFirst() as Promise<FormRow | undefined>;
  }

  /** An enabled address-based form (F_Type 2; never a system form) by its address (case-insensitive, as the unique index). */
  findByAddress(tenantId: string, url: string): Promise<FormRow | undefined> {
    return this.rows(tenantId)
      .where('f.form_type', '=', 2)
      .where('f.enabled', '=', true)
      .where(sql<boolean>`lower(f.url) = ${url.toLowerCase()}`)
      .executeTakeFirst() as Promise<FormRow | undefined>;
  }

  async addressTaken(tenantId: string, url: string, exceptId?: string): Promise<boolean> {
    let query = this.db
      .selectFrom('form_schemes')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where(sql<boolean>`lower(url) = ${url.toLowerCase()}`);
    if (exceptId) query = query.where('id', '<>', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  version(tenantId: string, versionId: string): Promise<VersionRow | undefined> {
    return this.db
      .selectFrom('form_scheme_versions')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', versionId)
      .select(['id', 'scheme_id', 'version', sql<unknown>`content`.as('content'), sql<FormTable[]>`table_info`.as('table_info')])
      .executeTakeFirst();
  }

  history(tenantId: string, schemeId: string, f: { page: number; size: number }): Promise<{ Rows: FormSchemeHistoryRow[]; Total: number }> {
    const query = this.db
      .selectFrom('form_scheme_versions as v')
      .innerJoin('form_schemes as f', 'f.id', 'v.scheme_id')
      .leftJoin('users as u', 'u.id', 'v.created_by')
      .where('v.tenant_id', '=', tenantId)
      .where('v.scheme_id', '=', schemeId)
      .select([
        'v.id as F_Id',
        'v.scheme_id as F_SchemeInfoId',
        'v.version as F_Version',
        sql<boolean>`v.id = f.current_version_id`.as('F_Current'),
        'u.real_name as F_CreateUserName',
        formatTime('v.created_at').as('F_CreateDate'),
      ])
      .orderBy('v.version', 'desc');
    return fetchPage(query, f);
  }

  /** A new form and its version 1, together. */
  async insert(
    tenantId: string,
    userId: string,
    ids: { form: string; version: string },
    v: FormValues,
    content: unknown,
    tableInfo: FormTable[],
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('form_schemes')
        .values({
          id: ids.form,
          tenant_id: tenantId,
          ...v,
          created_by: userId,
          current_version_id: ids.version,
          current_version: 1,
          has_tables: tableInfo.length > 0,
        })
        .execute();
      await trx
        .insertInto('form_scheme_versions')
        .values({
          id: ids.version,
          tenant_id: tenantId,
          scheme_id: ids.form,
          version: 1,
          content: JSON.stringify(content),
          table_info: JSON.stringify(tableInfo),
          created_by: userId,
        })
        .execute();
    });
  }

  /**
   * A new version (current + 1) pointed at by the form, with the form's own fields (`v`, when given), together. The
   * form row is locked first, so concurrent saves number their versions one after the other. Answers the new
   * version number, or null when the form is gone.
   */
  async addVersion(
    tenantId: string,
    userId: string,
    formId: string,
    versionId: string,
    v: FormValues | null,
    content: unknown,
    tableInfo: FormTable[],
  ): Promise<number | null> {
    return this.db.transaction().execute(async (trx) => {
      const form = await trx
        .selectFrom('form_schemes')
        .select('current_version')
        .where('tenant_id', '=', tenantId)
        .where('id', '=', formId)
        .forUpdate()
        .executeTakeFirst();
      if (!form) return null;
      const version = form.current_version + 1;
      await trx
        .insertInto('form_scheme_versions')
        .values({
          id: versionId,
          tenant_id: tenantId,
          scheme_id: formId,
          version,
          content: JSON.stringify(content),
          table_info: JSON.stringify(tableInfo),
          created_by: userId,
        })
        .execute();
      await trx
        .updateTable('form_schemes')
        .set({ ...(v ?? {}), current_version_id: versionId, current_version: version, has_tables: tableInfo.length > 0, updated_at: new Date() })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', formId)
        .execute();
      return version;
    });
  }

  /** Names of the published pages (form relations) showing the form. */
  async publishedAs(tenantId: string, id: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('form_relations')
      .select('name')
      .where('tenant_id', '=', tenantId)
      .where('form_id', '=', id)
      .orderBy('name')
      .execute();
    return rows.map((r) => r.name);
  }

  /** The form and (cascade) its versions. */
  async remove(tenantId: string, id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('form_schemes').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async setEnabled(tenantId: string, id: string, enabled: boolean): Promise<boolean> {
    const result = await this.db
      .updateTable('form_schemes')
      .set({ enabled, updated_at: new Date() })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * One default per type and category: setting one clears the others of its type and category in the same
   * statement; clearing touches the form only.
   */
  async setDefault(tenantId: string, id: string, value: boolean): Promise<boolean> {
    if (!value) {
      const result = await this.db
        .updateTable('form_schemes')
        .set({ is_default: false })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    }
    const result = await sql`
      update form_schemes f set is_default = (f.id = ${id})
      from form_schemes t
      where t.tenant_id = ${tenantId} and t.id = ${id}
        and f.tenant_id = t.tenant_id and f.form_type = t.form_type and f.category = t.category
        and (f.is_default or f.id = t.id)`.execute(this.db);
    return Number(result.numAffectedRows ?? 0n) > 0;
  }

  /** data_sources belongs to modules/data-source; only the id of a source named by id or code is read here. */
  async dataSourceId(tenantId: string, idOrCode: string): Promise<string | undefined> {
    const found = await sql<{
      id: string;
    }>`select id from data_sources where tenant_id = ${tenantId} and (id = ${idOrCode} or code = ${idOrCode}) order by (id = ${idOrCode}) desc limit 1`.execute(
      this.db,
    );
    return found.rows[0]?.id;
  }

  /**
   * The enabled data relation cascading the field `targetFormId` of the form, if any (field options filter by it).
   * Data relations are written by form-relation; the form reads them here so the two modules do not import each other.
   */
  async cascadeOf(tenantId: string, formId: string, targetFormId: number): Promise<{ filterField: string } | undefined> {
    const row = await this.db
      .selectFrom('data_relations')
      .select('filter_field')
      .where('tenant_id', '=', tenantId)
      .where('form_id', '=', formId)
      .where('target_form_id', '=', targetFormId)
      .where('enabled', '=', true)
      .executeTakeFirst();
    return row && { filterField: row.filter_field };
  }
}
