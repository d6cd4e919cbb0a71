import { sql, type Kysely } from 'kysely';
import type { ExcelExportColumn, ExcelExportRow, ExcelImportColumn, ExcelImportRow, ExcelImportRun } from '@app/contracts';
import type { Database } from '../../core/db/schema.js';
import { containsPattern, fetchPage, formatTime } from '../../core/db/helpers.js';
import { ADMIN_ROLE_CODE } from '../../db/module-catalog.js';

export type TemplateKind = 'import' | 'export';
const tableOf = (kind: TemplateKind) => (kind === 'import' ? 'excel_imports' : 'excel_exports');

export interface TemplateFilter {
  page: number;
  size: number;
  keyword?: string;
  state?: number;
  moduleId?: string;
}

export interface TemplateValues {
  name: string;
  moduleId: string;
  buttonName: string;
  targetKind: string;
  relationId: string;
  linkId: string;
  tableName: string;
  enabled: number;
  description: string;
}
export interface ImportValues extends TemplateValues {
  errorRule: string;
  columns: ExcelImportColumn[];
}
export interface ExportValues extends TemplateValues {
  applyQuery: number;
  ignoreScope: number;
  columns: ExcelExportColumn[];
}

export interface ImportRecord extends ExcelImportRow {
  F_Columns: ExcelImportColumn[];
}
export interface ExportRecord extends ExcelExportRow {
  F_Columns: ExcelExportColumn[];
}

export interface RunProgress {
  read: number;
  valid: number;
  invalid: number;
  stored: number;
  total: number;
}

/** What one import run row answers, its heartbeat's age in seconds included (a stale run reads as failed). */
export type RunRecord = Omit<ExcelImportRun, 'hasErrors'> & { errorKey: string | null; userId: string; heartbeatAge: number };

/** Excel import and export templates, their import runs and the file-manager rows of big exports: all SQL of the feature. */
export class ExcelTemplateRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private baseColumns(kind: TemplateKind) {
    const t = tableOf(kind);
    return [
      sql<string>`${sql.ref(`${t}.id`)}`.as('F_Id'),
      sql<string>`${sql.ref(`${t}.name`)}`.as('F_Name'),
      sql<string>`${sql.ref(`${t}.module_id`)}`.as('F_ModuleId'),
      sql<string | null>`m.full_name`.as('F_ModuleName'),
      sql<string>`${sql.ref(`${t}.button_name`)}`.as('F_ButtonName'),
      sql<'form' | 'table'>`${sql.ref(`${t}.target_kind`)}`.as('F_TargetKind'),
      sql<string>`${sql.ref(`${t}.relation_id`)}`.as('F_RelationId'),
      sql<string>`${sql.ref(`${t}.link_id`)}`.as('F_DbId'),
      sql<string>`${sql.ref(`${t}.table_name`)}`.as('F_TableName'),
      sql<number>`${sql.ref(`${t}.enabled`)}`.as('F_EnabledMark'),
      sql<string>`${sql.ref(`${t}.description`)}`.as('F_Description'),
      formatTime(`${t}.created_at`).as('F_CreateDate'),
      sql<string | null>`u.real_name`.as('F_CreateUserName'),
    ];
  }

  private selectImports(tenantId: string) {
    return this.db
      .selectFrom('excel_imports')
      .leftJoin('modules as m', 'm.id', 'excel_imports.module_id')
      .leftJoin('users as u', 'u.id', 'excel_imports.created_by')
      .where('excel_imports.tenant_id', '=', tenantId)
      .select(this.baseColumns('import'))
      .select(sql<'skip' | 'refuse'>`excel_imports.error_rule`.as('F_ErrorRule'));
  }

  private selectExports(tenantId: string) {
    return this.db
      .selectFrom('excel_exports')
      .leftJoin('modules as m', 'm.id', 'excel_exports.module_id')
      .leftJoin('users as u', 'u.id', 'excel_exports.created_by')
      .where('excel_exports.tenant_id', '=', tenantId)
      .select(this.baseColumns('export'))
      .select([sql<number>`excel_exports.apply_query`.as('F_ApplyQuery'), sql<number>`excel_exports.ignore_scope`.as('F_IgnoreScope')]);
  }

  pageImports(tenantId: string, f: TemplateFilter): Promise<{ Rows: ExcelImportRow[]; Total: number }> {
    let q = this.selectImports(tenantId);
    if (f.keyword)
      q = q.where((eb) => eb.or([eb('excel_imports.name', 'ilike', containsPattern(f.keyword!)), eb('m.full_name', 'ilike', containsPattern(f.keyword!))]));
    if (f.state !== undefined) q = q.where('excel_imports.enabled', '=', f.state);
    if (f.moduleId) q = q.where('excel_imports.module_id', '=', f.moduleId);
    return fetchPage(q.orderBy('excel_imports.created_at', 'desc').orderBy('excel_imports.id', 'desc'), f);
  }

  pageExports(tenantId: string, f: TemplateFilter): Promise<{ Rows: ExcelExportRow[]; Total: number }> {
    let q = this.selectExports(tenantId);
    if (f.keyword)
      q = q.where((eb) => eb.or([eb('excel_exports.name', 'ilike', containsPattern(f.keyword!)), eb('m.full_name', 'ilike', containsPattern(f.keyword!))]));
    if (f.state !== undefined) q = q.where('excel_exports.enabled', '=', f.state);
    if (f.moduleId) q = q.where('excel_exports.module_id', '=', f.moduleId);
    return fetchPage(q.orderBy('excel_exports.created_at', 'desc').orderBy('excel_exports.id', 'desc'), f);
  }

  findImport(tenantId: string, id: string): Promise<ImportRecord | undefined> {
    return this.selectImports(tenantId)
      .select(sql<ExcelImportColumn[]>`excel_imports.columns`.as('F_Columns'))
      .where('excel_imports.id', '=', id)
      .executeTakeFirst();
  }

  findExport(tenantId: string, id: string): Promise<ExportRecord | undefined> {
    return this.selectExports(tenantId)
      .select(sql<ExcelExportColumn[]>`excel_exports.columns`.as('F_Columns'))
      .where('excel_exports.id', '=', id)
      .executeTakeFirst();
  }

  /** The enabled templates bound to a menu entry. */
  async ofModule(tenantId: string, moduleId: string) {
    const [imports, exports] = await Promise.all([
      this.db
        .selectFrom('excel_imports')
        .select(['id as F_Id', 'name as F_Name', 'button_name as F_ButtonName'])
        .where('tenant_id', '=', tenantId)
        .where('module_id', '=', moduleId)
        .where('enabled', '=', 1)
        .orderBy('created_at')
        .orderBy('id')
        .execute(),
      this.db
        .selectFrom('excel_exports')
        .select(['id as F_Id', 'name as F_Name', 'button_name as F_ButtonName', 'apply_query as F_ApplyQuery'])
        .where('tenant_id', '=', tenantId)
        .where('module_id', '=', moduleId)
        .where('enabled', '=', 1)
        .orderBy('created_at')
        .orderBy('id')
        .execute(),
    ]);
    return { imports, exports };
  }

  private common(v: TemplateValues) {
    return {
      name: v.name,
      module_id: v.moduleId,
      button_name: v.buttonName,
      target_kind: v.targetKind,
      relation_id: v.relationId,
      link_id: v.linkId,
      table_name: v.tableName,
      enabled: v.enabled,
      description: v.description,
    };
  }

  async insertImport(tenantId: string, id: string, userId: string, v: ImportValues): Promise<void> {
    await this.db
      .insertInto('excel_imports')
      .values({ id, tenant_id: tenantId, created_by: userId, ...this.common(v), error_rule: v.errorRule, columns: JSON.stringify(v.columns) })
      .execute();
  }

  async insertExport(tenantId: string, id: string, userId: string, v: ExportValues): Promise<void> {
    await this.db
      .insertInto('excel_exports')
      .values({
        id,
        tenant_id: tenantId,
        created_by: userId,
        ...this.common(v),
        apply_query: v.applyQuery,
        ignore_scope: v.ignoreScope,
        columns: JSON.stringify(v.columns),
      })
      .execute();
  }

  async updateImport(tenantId: string, id: string, v: ImportValues): Promise<boolean> {
    const r = await this.db
      .updateTable('excel_imports')
      .set({ ...this.common(v), error_rule: v.errorRule, columns: JSON.stringify(v.columns), updated_at: new Date() })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async updateExport(tenantId: string, id: string, v: ExportValues): Promise<boolean> {
    const r = await this.db
      .updateTable('excel_exports')
      .set({ ...this.common(v), apply_query: v.applyQuery, ignore_scope: v.ignoreScope, columns: JSON.stringify(v.columns), updated_at: new Date() })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async setEnabled(kind: TemplateKind, tenantId: string, id: string, enabled: number): Promise<boolean> {
    const r = await this.db
      .updateTable(tableOf(kind))
      .set({ enabled, updated_at: new Date() })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Deletes a template (an import template's runs go with it); answers the error workbooks' storage keys to remove. */
  async remove(kind: TemplateKind, tenantId: string, id: string): Promise<{ found: boolean; keys: string[] }> {
    return this.db.transaction().execute(async (trx) => {
      const keys =
        kind === 'import'
          ? (
              await trx
                .selectFrom('excel_import_runs')
                .select('error_key')
                .where('tenant_id', '=', tenantId)
                .where('template_id', '=', id)
                .where('error_key', 'is not', null)
                .execute()
            ).map((r) => r.error_key!)
          : [];
      const r = await trx.deleteFrom(tableOf(kind)).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return { found: Number(r.numDeletedRows) > 0, keys };
    });
  }

  /** Whether the menu entry exists (and, on a tenant other than the platform's, is the tenant's). */
  async moduleExists(tenantId: string, moduleId: string): Promise<boolean> {
    const row = await this.db.selectFrom('modules').select('id').where('id', '=', moduleId).executeTakeFirst();
    if (!row) return false;
    const tenant = await this.db.selectFrom('tenants').select('is_default').where('id', '=', tenantId).executeTakeFirst();
    if (tenant?.is_default) return true;
    const own = await this.db
      .selectFrom('tenant_modules')
      .select('module_id')
      .where('tenant_id', '=', tenantId)
      .where('module_id', '=', moduleId)
      .executeTakeFirst();
    return !!own;
  }

  async dictionaryExists(tenantId: string, code: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('dictionary_types')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where(sql`lower(code)`, '=', code.toLowerCase())
      .executeTakeFirst();
    return !!row;
  }

  /** Dictionary items by code (lower case): label → value pairs of the enabled items, in their order. */
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
      .orderBy('i.id')
      .execute();
    for (const r of rows) {
      const list = byCode.get(r.code) ?? [];
      list.push({ label: r.name, value: r.value });
      byCode.set(r.code, list);
    }
    return byCode;
  }

  /** The importer's name (the "current user name" default). */
  async userName(tenantId: string, userId: string): Promise<string> {
    const row = await this.db.selectFrom('users').select('real_name').where('tenant_id', '=', tenantId).where('id', '=', userId).executeTakeFirst();
    return row?.real_name ?? '';
  }

  /** Whether the user holds the tenant's administrator role (enabled): only they may export past the data scope. */
  async isAdministrator(tenantId: string, userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('user_roles as ur')
      .innerJoin('roles as r', 'r.id', 'ur.role_id')
      .select('r.id')
      .where('ur.user_id', '=', userId)
      .where('r.tenant_id', '=', tenantId)
      .where('r.enabled', '=', true)
      .where('r.en_code', '=', ADMIN_ROLE_CODE)
      .executeTakeFirst();
    return !!row;
  }

  // ---------------------------------------------------------------- runs

  async insertRun(tenantId: string, id: string, templateId: string, userId: string, fileName: string): Promise<void> {
    await this.db
      .insertInto('excel_import_runs')
      .values({ id, tenant_id: tenantId, template_id: templateId, user_id: userId, file_name: fileName, errors: '[]' })
      .execute();
  }

  /** Progress and heartbeat of a running run. */
  async progress(id: string, p: RunProgress): Promise<void> {
    await this.db
      .updateTable('excel_import_runs')
      .set({ rows_read: p.read, rows_valid: p.valid, rows_invalid: p.invalid, rows_stored: p.stored, rows_total: p.total, heartbeat_at: new Date() })
      .where('id', '=', id)
      .where('state', '=', 'running')
      .execute();
  }

  async finishRun(
    id: string,
    state: 'done' | 'refused' | 'failed',
    p: RunProgress,
    result: { message: string | null; errors: { row: number; messages: string[] }[]; errorKey: string | null },
  ): Promise<void> {
    await this.db
      .updateTable('excel_import_runs')
      .set({
        state,
        rows_read: p.read,
        rows_valid: p.valid,
        rows_invalid: p.invalid,
        rows_stored: p.stored,
        rows_total: p.total,
        message: result.message,
        errors: JSON.stringify(result.errors),
        error_key: result.errorKey,
        heartbeat_at: new Date(),
        finished_at: new Date(),
      })
      .where('id', '=', id)
      .execute();
  }

  run(tenantId: string, templateId: string, id: string): Promise<RunRecord | undefined> {
    return this.db
      .selectFrom('excel_import_runs')
      .select([
        'id as F_Id',
        'template_id as F_TemplateId',
        'file_name as F_FileName',
        sql<'running' | 'done' | 'refused' | 'failed'>`state`.as('state'),
        'rows_read as read',
        'rows_valid as valid',
        'rows_stored as stored',
        'rows_total as total',
        'rows_invalid as invalid',
        'message',
        sql<{ row: number; messages: string[] }[]>`errors`.as('errors'),
        'error_key as errorKey',
        'user_id as userId',
        formatTime('started_at').as('startedAt'),
        sql<string | null>`case when finished_at is null then null else ${formatTime('finished_at')} end`.as('finishedAt'),
        sql<number>`extract(epoch from (now() - heartbeat_at))::float8`.as('heartbeatAge'),
      ])
      .where('tenant_id', '=', tenantId)
      .where('template_id', '=', templateId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** A transaction on the platform database (an import into a published form stored there saves every row in it). */
  inTransaction<T>(fn: (trx: Parameters<Parameters<ReturnType<Kysely<Database>['transaction']>['execute']>[0]>[0]) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }
}
