import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import {
  LIST_SYSTEM_FIELDS,
  flattenFields,
  isShown,
  ownValue,
  setOwnValue,
  validateFormValues,
  type FieldAuthority,
  type FieldError,
  type FormValues,
  type ImportReport,
  type ListButton,
  type PrintData,
  type PublishedListQuery,
  type PublishedListResult,
  type TableColumn,
} from '@app/contracts';
import type { DataScope } from '../../core/auth/data-scope.js';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import { AppError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { neutraliseCell, XLSX_CONTENT_TYPE as XLSX } from '../../core/excel/cells.js';
import { EXPORT_BATCH_ROWS, streamCaughtUp } from '../../core/excel/stream-writer.js';
import { checkXlsx, type XlsxLimits } from '../../core/excel/xlsx-guard.js';
import type { LinkDriver } from '../../core/data-links.js';
import { columnsOf, insertSql, lookupColumn, readRow, type CrudContext } from '../data-design/crud-sql.js';
import { now } from '../data-design/crud.service.js';
import { DataDesignRepository } from '../data-design/data-design.repository.js';
import { dialectOf } from '../data-design/ddl.js';
import { databaseDetail } from '../data-design/design.service.js';
import { FormDataService, columnValue, formValue, type FormDataOptions } from '../form-scheme/form-data.service.js';
import { FormSchemeService, type LoadedForm } from '../form-scheme/form-scheme.service.js';
import { planStorage } from '../form-scheme/form-tables.js';
import { cellText, fieldValue, readCell, type CellOption } from './excel.js';
import type { RelationRecord } from './form-relation.repository.js';
import type { OpenedRelation, RelationAccess } from './relation-access.js';
import {
  batchPhases,
  batchSql,
  type BatchCursor,
  countSql,
  estimateSql,
  indexPlans,
  matchOf,
  pageSql,
  parseQuery,
  systemListField,
  type ListField,
  type ListTable,
  type Order,
  type ResolvedCondition,
  type RowLimits,
} from './list-sql.js';

/** Rows counted exactly on PostgreSQL; above, the planner's estimate (docs "Measured"). */
export const COUNT_CAP = 100_000;
export const IMPORT_MAX_ROWS = 10_000;
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** Checked on the zip before the workbook is parsed (10,000 data rows plus the header). */
export const IMPORT_LIMITS: XlsxLimits = { maxUnpackedBytes: 50 * 1024 * 1024, maxRows: IMPORT_MAX_ROWS + 1, maxCellChars: 32_767 };

interface OpenList {
  opened: OpenedRelation;
  table: ListTable;
  driver: LinkDriver;
  hidden: Set<string>;
}

/**
 * Published lists: paging, filters, sorting, data conditions, CRUD through the Form engine, Excel export and import,
 * and the indexes a list configuration implies (docs/form-publishing-design.md "Published list").
 */
export class PublishedListService {
  private readonly designs: DataDesignRepository;
  private readonly data: FormDataService;
  private readonly schemes: FormSchemeService;
  /** Per driver: whether pg_trgm could be created (PostgreSQL links only). */
  private readonly trigram = new WeakMap<LinkDriver, Promise<boolean>>();

  constructor(
    readonly deps: AppDeps,
    readonly access: RelationAccess,
  ) {
    this.designs = new DataDesignRepository(deps.db);
    this.data = new FormDataService(deps);
    // Only detailOf is used (a form's answer shape); no scheme is ever saved here, so no address is checked.
    this.schemes = new FormSchemeService(deps, () => false);
  }

  // ---------------------------------------------------------------- the main table

  /** The form's main table (released design, its link's driver) and the fields a setting may name. */
  private async tableOf(auth: AuthContext, loaded: LoadedForm): Promise<{ table: ListTable; driver: LinkDriver }> {
    if (!loaded.tableInfo.length) throw new AppError('formRelation.formNoTables', { name: loaded.form.F_Name });
    const storage = planStorage(loaded.scheme, loaded.tableInfo);
    const driver = await this.deps.links.forLink(auth.tenantId, storage.linkId);
    const released = await this.designs.released(auth.tenantId, storage.linkId, storage.main.table.name);
    if (!released) throw new AppError('forms.tableNotReleased', { name: storage.main.table.name });
    const design = released.F_Design;
    const ctx: CrudContext = { dialect: dialectOf(driver.type), placeholder: (n) => driver.placeholder(n), design };
    const fields = new Map<string, ListField>();
    for (const b of storage.main.bindings) {
      const name = b.field.__vModel__;
      const column = columnsOf(design).get(b.column.toLowerCase());
      if (name && column) fields.set(name, { name, column, field: b.field });
    }
    for (const name of LIST_SYSTEM_FIELDS) fields.set(name, systemListField(name)!);
    return { table: { ctx, key: lookupColumn(design, storage.main.table.primaryKey), fields }, driver };
  }

  private async openList(auth: AuthContext, id: string, button: ListButton | null): Promise<OpenList> {
    const opened = await this.access.open(auth, id, button);
    const [{ table, driver }, hidden] = await Promise.all([this.tableOf(auth, opened.loaded), this.access.hiddenFields(auth, opened)]);
    return { opened, table, driver, hidden: new Set(hidden) };
  }

  /** Opened for the first of the buttons the caller holds (a record is read with view or edit). */
  private async openAny(auth: AuthContext, id: string, buttons: ListButton[]): Promise<OpenedRelation> {
    let refused: unknown;
    for (const button of buttons) {
      try {
        return await this.access.open(auth, id, button);
      } catch (error) {
        if (!(error instanceof AppError) || error.status !== 403) throw error;
        refused ??= error;
      }
    }
    throw refused;
  }

  private scopeOf(auth: AuthContext, relation: RelationRecord): Promise<DataScope> {
    return this.deps.dataScopes.of(auth, relation.moduleId);
  }

  /** The page's data conditions with the caller's tokens resolved. */
  private async conditionsOf(auth: AuthContext, list: OpenList): Promise<ResolvedCondition[]> {
    const conditions = list.opened.relation.setting.conditions;
    if (!conditions.length) return [];
    const needsUnits = conditions.some((c) => c.value === '@departmentId' || c.value === '@companyId');
    const units = needsUnits ? await this.designs.unitsOf(auth.tenantId, auth.userId) : { companyId: null, departmentId: null };
    const tokens: Record<string, string | null> = {
      '@userId': auth.userId,
      '@departmentId': units.departmentId,
      '@companyId': units.companyId,
      '@today': now().slice(0, 10),
    };
    return conditions.map((c) => {
      const field = list.table.fields.get(c.field);
      if (!field) throw new AppError('formRelation.unknownField', { field: c.field });
      // A token the caller has no value for (no department) matches nothing rather than everything.
      const value = c.value in tokens ? (tokens[c.value] ?? '\u0001') : c.value;
      return { field, operator: c.operator, value };
    });
  }

  private async limitsOf(auth: AuthContext, list: OpenList, query: string | undefined): Promise<RowLimits> {
    const filters = parseQuery(query, list.opened.relation.setting, list.table);
    const [conditions, scope] = await Promise.all([this.conditionsOf(auth, list), this.scopeOf(auth, list.opened.relation)]);
    return { filters, conditions, scope };
  }

  private defaultOrder(list: Pick<OpenList, 'opened' | 'table'>): Order {
    const sort = list.opened.relation.setting.sort;
    const field = sort && list.table.fields.get(sort.field);
    return field ? { field, order: sort.order } : { field: list.table.fields.get('F_CreateDate')!, order: 'desc' };
  }

  /** sidx: a sortable column the caller sees, or the default sort field; else 400. */
  private orderOf(list: OpenList, sidx: string | undefined, sord: 'asc' | 'desc' | undefined): Order {
    const fallback = this.defaultOrder(list);
    if (!sidx) return sord ? { ...fallback, order: sord } : fallback;
    const sortable = list.opened.relation.setting.columns.some((c) => c.field === sidx && c.sortable && !list.hidden.has(c.field));
    const field = list.table.fields.get(sidx);
    if (!field || (!sortable && sidx !== fallback.field.name)) throw new AppError('publishedList.badSort', { field: sidx.slice(0, 64) }, 400);
    return { field, order: sord ?? 'asc' };
  }

  /** The configured columns the caller may see, as fields of the main table. */
  private visibleColumns(list: OpenList) {
    return list.opened.relation.setting.columns
      .filter((c) => !list.hidden.has(c.field))
      .flatMap((c) => {
        const field = list.table.fields.get(c.field);
        return field ? [{ column: c, field }] : [];
      });
  }

  private async run(driver: LinkDriver, statement: { sql: string; params: unknown[] }) {
    try {
      return await driver.execute(statement.sql, statement.params);
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError('publishedList.queryFailed', { detail: databaseDetail(error) }, 400);
    }
  }

  private rowOf(table: ListTable, fields: ListField[], raw: Record<string, unknown>): Record<string, unknown> {
    const row = readRow(table.ctx.design, raw);
    const out: Record<string, unknown> = { F_Id: row[table.key.name] };
    for (const f of fields) setOwnValue(out, f.name, formValue(f.field, row[f.column.name]));
    return out;
  }

  // ---------------------------------------------------------------- list

  async list(auth: AuthContext, id: string, q: PublishedListQuery): Promise<PublishedListResult> {
    const list = await this.openList(auth, id, null);
    const limits = await this.limitsOf(auth, list, q.query);
    const order = this.orderOf(list, q.sidx, q.sord);
    const fields = this.visibleColumns(list).map((c) => c.field);
    const size = Math.min(Math.max(1, q.size), 1000);
    const [rows, total] = await Promise.all([this.run(list.driver, pageSql(list.table, fields, limits, order, q.limit, size)), this.count(list, limits)]);
    return { Rows: rows.rows.map((r) => this.rowOf(list.table, fields, r)), Total: total };
  }

  /**
   * The number of matching rows. PostgreSQL: exact up to COUNT_CAP, above it the planner's estimate (never below the
   * cap): counting a million rows exactly would cost every page a whole index scan. Other databases: exact.
   */
  private async count(list: OpenList, limits: RowLimits): Promise<number> {
    const { driver, table } = list;
    const capped = table.ctx.dialect === 'postgres';
    const counted = await this.run(driver, countSql(table, limits, capped ? COUNT_CAP : null));
    const first = counted.rows[0] ?? {};
    const total = Number(first.total ?? first.TOTAL ?? 0);
    if (!capped || total <= COUNT_CAP) return total;
    const plan = await this.run(driver, estimateSql(table, limits));
    const json = Object.values(plan.rows[0] ?? {})[0];
    const parsed = (typeof json === 'string' ? JSON.parse(json) : json) as { Plan?: { 'Plan Rows'?: number } }[];
    return Math.max(COUNT_CAP + 1, Math.round(parsed?.[0]?.Plan?.['Plan Rows'] ?? 0));
  }

  // ---------------------------------------------------------------- records

  /** Hidden columns are neither answered nor written (an update keeps their stored values). */
  private async dataOptions(auth: AuthContext, opened: OpenedRelation): Promise<{ options: FormDataOptions; hidden: Set<string> }> {
    const [scope, hidden] = await Promise.all([this.scopeOf(auth, opened.relation), this.access.hiddenFields(auth, opened)]);
    const hiddenSet = new Set(hidden);
    if (!hiddenSet.size) return { options: { scope }, hidden: hiddenSet };
    const authority: FieldAuthority[] = flattenFields(opened.loaded.scheme.data).map(({ field }) => {
      const own = field.__config__;
      const cut = Boolean(field.__vModel__ && hiddenSet.has(field.__vModel__));
      return { formId: own.formId, view: own.view !== false, edit: own.edit !== false && !cut, required: own.required === true && !cut };
    });
    return { options: { scope, authority }, hidden: hiddenSet };
  }

  private strip(values: FormValues, hidden: Set<string>): FormValues {
    return Object.fromEntries(Object.entries(values).filter(([k]) => !hidden.has(k)));
  }

  async read(auth: AuthContext, id: string, keyValue: string): Promise<FormValues> {
    const opened = await this.openAny(auth, id, ['view', 'edit']);
    const { options, hidden } = await this.dataOptions(auth, opened);
    return this.strip(await this.data.read(auth, opened.loaded, keyValue, { scope: options.scope }), hidden);
  }

  async add(auth: AuthContext, id: string, formData: FormValues): Promise<string> {
    const opened = await this.access.open(auth, id, 'add');
    const { options, hidden } = await this.dataOptions(auth, opened);
    return this.data.save(auth, opened.loaded, this.strip(formData, hidden), null, options);
  }

  async update(auth: AuthContext, id: string, keyValue: string, formData: FormValues): Promise<void> {
    const opened = await this.access.open(auth, id, 'edit');
    const { options, hidden } = await this.dataOptions(auth, opened);
    await this.data.save(auth, opened.loaded, this.strip(formData, hidden), keyValue, options);
  }

  async remove(auth: AuthContext, id: string, keyValue: string): Promise<void> {
    const opened = await this.access.open(auth, id, 'delete');
    await this.data.remove(auth, opened.loaded, keyValue, { scope: await this.scopeOf(auth, opened.relation) });
  }

  async print(auth: AuthContext, id: string, keyValue: string): Promise<PrintData> {
    const opened = await this.access.open(auth, id, 'print');
    const places = flattenFields(opened.loaded.scheme.data);
    if (!places.length) throw new AppError('formPrint.schemeInvalid', {}, 400);
    const { options, hidden } = await this.dataOptions(auth, opened);
    // The stored view-permission list: a field prints when it and every container around it may be viewed.
    const viewable = places.filter((place) => isShown(place) && !(place.field.__vModel__ && hidden.has(place.field.__vModel__)));
    if (!viewable.some(({ field }) => field.__vModel__)) throw new AppError('formPrint.noAuthority', {}, 403);
    const formData = this.strip(await this.data.read(auth, opened.loaded, keyValue, { scope: options.scope }), hidden);
    const setting = opened.relation.setting.print;
    const form = this.schemes.detailOf(opened.loaded);
    return { title: setting.title || opened.relation.name, form, formData, viewable: viewable.map((p) => Number(p.field.__config__.formId)), setting };
  }

  // ---------------------------------------------------------------- Excel

  /** The export as a stream, in the list's order: rows read in keyset batches and written as they come, so memory stays flat. */
  async export(
    auth: AuthContext,
    id: string,
    q: Pick<PublishedListQuery, 'query' | 'sidx' | 'sord'>,
  ): Promise<{ fileName: string; contentType: string; stream: Readable }> {
    const list = await this.openList(auth, id, 'export');
    const limits = await this.limitsOf(auth, list, q.query);
    const order = this.orderOf(list, q.sidx, q.sord);
    const columns = this.visibleColumns(list);
    const fields = columns.map((c) => c.field);
    const loaded = await this.loadedOptions(auth, fields);
    const out = new PassThrough();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
    const sheet = workbook.addWorksheet('Sheet1');
    sheet.addRow(columns.map((c) => neutraliseCell(c.column.label || c.field.field?.__config__.label || c.field.name))).commit();
    const write = async () => {
      for await (const rows of this.batches(list, fields, limits, order, EXPORT_BATCH_ROWS)) {
        for (const row of rows) sheet.addRow(fields.map((f) => neutraliseCell(cellText(f.field, ownValue(row, f.name), loaded.get(f.name))))).commit();
        // Let the zip and the reply take what was written before reading more.
        await streamCaughtUp(sheet, [out]);
      }
      sheet.commit();
      await workbook.commit();
    };
    write().catch((error: unknown) => {
      this.deps.log.warn({ err: error }, 'published list export failed');
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    return { fileName: `${list.opened.relation.name}.xlsx`, contentType: XLSX, stream: out };
  }

  /** The matching rows in the list's order, read in keyset batches (never an offset), as list rows (F_Id + fields). */
  private async *batches(list: Pick<OpenList, 'table' | 'driver'>, fields: ListField[], limits: RowLimits, order: Order, size: number) {
    for (const phase of batchPhases(list.table.ctx.dialect, order)) {
      let after: BatchCursor | null = null;
      for (;;) {
        const batch = await this.run(list.driver, batchSql(list.table, fields, limits, order, phase, after, size));
        yield batch.rows.map((raw) => this.rowOf(list.table, fields, raw));
        if (batch.rows.length < size) break;
        const last = readRow(list.table.ctx.design, batch.rows[batch.rows.length - 1]);
        after = { phase, value: last[order.field.column.name], key: last[list.table.key.name] };
      }
    }
  }

  /**
   * An export template's source (docs/excel-templates.md "Export"): the page opened for the caller (its menu entry
   * granted; no page button needed, the template is the permission), the main-table fields the caller may see, their
   * loaded dictionary options, and the matching rows in the list's order: the page's data conditions always, the data
   * scope unless `allRows` (administrators only, decided by the caller), the query and sort only with `applyQuery`.
   */
  async exportSource(
    auth: AuthContext,
    id: string,
    q: Pick<PublishedListQuery, 'query' | 'sidx' | 'sord'>,
    options: { applyQuery: boolean; allRows: boolean },
  ) {
    const list = await this.openList(auth, id, null);
    const limits = await this.limitsOf(auth, list, options.applyQuery ? q.query : undefined);
    if (options.allRows) limits.scope = { all: true };
    const order = options.applyQuery ? this.orderOf(list, q.sidx, q.sord) : this.defaultOrder(list);
    const fields = [...list.table.fields.values()].filter((f) => !list.hidden.has(f.name));
    const loaded = await this.loadedOptions(auth, fields);
    return {
      opened: list.opened,
      fields,
      loaded,
      count: () => this.count(list, limits),
      batches: (size: number) => this.batches(list, fields, limits, order, size),
    };
  }

  /** Dictionary items of the option fields among `fields` (field name → options): export shows, import reads their names. */
  private async loadedOptions(auth: AuthContext, fields: ListField[]): Promise<Map<string, CellOption[]>> {
    const codeOf = (f: ListField) => (f.field?.__config__.dataType === 'dataItem' ? (f.field.__config__.dataItem ?? '') : '');
    const codes = [...new Set(fields.map(codeOf).filter(Boolean))];
    const byCode = await this.access.repo.dictionaryOptions(auth.tenantId, codes);
    return new Map(fields.filter(codeOf).map((f) => [f.name, byCode.get(codeOf(f).toLowerCase()) ?? []]));
  }

  /** Main-table fields a file may fill: bound value fields the caller sees, uploads excepted. */
  private importable(list: OpenList): ListField[] {
    return [...list.table.fields.values()].filter(
      (f) => f.field && !list.hidden.has(f.name) && f.field.__config__.avueType !== 'upload' && f.field.__config__.view !== false,
    );
  }

  async importTemplate(auth: AuthContext, id: string): Promise<{ fileName: string; contentType: string; body: Buffer }> {
    const list = await this.openList(auth, id, 'import');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Sheet1');
    sheet.addRow(this.importable(list).map((f) => f.field!.__config__.label || f.name));
    return { fileName: `${list.opened.relation.name}.xlsx`, contentType: XLSX, body: Buffer.from(await workbook.xlsx.writeBuffer()) };
  }

  /**
   * Rows of the file validated with the Form engine's rules and the columns' types; with any error and without
   * keepValid nothing is stored, otherwise the good rows are stored in one transaction.
   */
  async import(auth: AuthContext, id: string, file: Buffer, keepValid: boolean, message: (e: FieldError) => string): Promise<ImportReport> {
    const list = await this.openList(auth, id, 'import');
    if (file.length > IMPORT_MAX_BYTES) throw new AppError('publishedList.importTooLarge', { max: '10 MB' }, 400);
    checkXlsx(file, IMPORT_LIMITS);
    const workbook = new ExcelJS.Workbook();
    try {
      await workbook.xlsx.load(file as unknown as ArrayBuffer);
    } catch {
      throw new AppError('excel.unreadable', {}, 400);
    }
    const sheet = workbook.worksheets[0];
    if (!sheet || sheet.rowCount < 1) throw new AppError('publishedList.importEmpty', {}, 400);
    const importable = this.importable(list);
    const loaded = await this.loadedOptions(auth, importable);
    const header = sheet.getRow(1);
    const byColumn = new Map<number, ListField>();
    header.eachCell((cell, col) => {
      const text = readCell(cell.value);
      const field = importable.find((f) => f.field!.__config__.label === text) ?? importable.find((f) => f.name === text);
      if (field) byColumn.set(col, field);
    });
    if (!byColumn.size) throw new AppError('publishedList.importNoColumns', {}, 400);
    const rows: { number: number; values: FormValues }[] = [];
    sheet.eachRow((row, number) => {
      if (number === 1) return;
      const values: FormValues = {};
      let any = false;
      for (const [col, field] of byColumn) {
        const text = readCell(row.getCell(col).value);
        if (text !== '') any = true;
        const value = fieldValue(field.field!, text, loaded.get(field.name));
        if (value !== undefined) setOwnValue(values, field.name, value);
      }
      if (any) rows.push({ number, values });
    });
    if (rows.length > IMPORT_MAX_ROWS) throw new AppError('excel.tooManyRows', { max: IMPORT_MAX_ROWS }, 400);

    const { ctx, key } = list.table;
    const { authority } = (await this.dataOptions(auth, list.opened)).options;
    const errors: ImportReport['errors'] = [];
    const good: [TableColumn, unknown][][] = [];
    const written = importable.filter((f) => [...byColumn.values()].includes(f));
    for (const { number, values } of rows) {
      const fieldErrors = validateFormValues(list.opened.loaded.scheme.data, values, authority);
      const messages = fieldErrors.filter((e) => e.row === undefined).map(message);
      const converted: [TableColumn, unknown][] = [];
      for (const f of written) {
        try {
          converted.push([f.column, columnValue(ctx, f.column, ownValue(values, f.name))]);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          messages.push(
            message({
              vModel: f.name,
              formId: f.field!.__config__.formId,
              key: error.key,
              params: { label: f.field!.__config__.label ?? f.name, ...error.params },
            }),
          );
        }
      }
      if (messages.length) errors.push({ row: number, messages: [...new Set(messages)] });
      else good.push(converted);
    }
    const report: ImportReport = { total: rows.length, imported: 0, errors };
    if ((errors.length && !keepValid) || !good.length) return report;

    const units = await this.designs.unitsOf(auth.tenantId, auth.userId);
    const all = columnsOf(ctx.design);
    const system: [TableColumn, unknown][] = [
      [all.get('f_createuserid')!, auth.userId],
      [all.get('f_createdate')!, now()],
      [all.get('f_companyid')!, units.companyId],
      [all.get('f_departmentid')!, units.departmentId],
    ];
    await list.driver.transaction(async (tx) => {
      for (const values of good) {
        const statement = insertSql(ctx, [...values, [key, newId()], ...system]);
        try {
          await tx.execute(statement.sql, statement.params);
        } catch (error) {
          if (error instanceof AppError) throw error;
          throw new AppError('forms.saveFailed', { detail: databaseDetail(error) }, 400);
        }
      }
    });
    report.imported = good.length;
    return report;
  }

  // ---------------------------------------------------------------- indexes

  private canTrigram(driver: LinkDriver): Promise<boolean> {
    let known = this.trigram.get(driver);
    if (!known) {
      known = driver
        .executeDdl(['create extension if not exists pg_trgm'])
        .then(() => true)
        .catch(() => false);
      this.trigram.set(driver, known);
    }
    return known;
  }

  private async existingIndexes(driver: LinkDriver, ctx: CrudContext): Promise<Set<string>> {
    const name = ctx.design.tableName;
    const sql =
      ctx.dialect === 'postgres'
        ? `select indexname as name from pg_indexes where schemaname = current_schema() and tablename = ${ctx.placeholder(1)}`
        : ctx.dialect === 'mysql'
          ? `select index_name as name from information_schema.statistics where table_schema = database() and table_name = ${ctx.placeholder(1)}`
          : `select name from sys.indexes where object_id = object_id(${ctx.placeholder(1)})`;
    const rows = await driver.execute(sql, [name]);
    return new Set(rows.rows.map((r) => String(r.name ?? r.NAME ?? '').toLowerCase()));
  }

  /**
   * Creates the indexes the relation's setting implies on the form's main table (query fields, sortable columns,
   * default sort, data conditions) when missing; answers their names. Called by the relation service after a
   * publish or an update, outside its transaction.
   */
  async ensureIndexes(auth: AuthContext, relation: RelationRecord, loaded: LoadedForm): Promise<string[]> {
    const { table, driver } = await this.tableOf(auth, loaded);
    const wantsLike = relation.setting.queryFields.some((f) => {
      const field = table.fields.get(f.field);
      return field !== undefined && matchOf(f, field) === 'like';
    });
    const trigram = table.ctx.dialect === 'postgres' && wantsLike ? await this.canTrigram(driver) : false;
    const plans = indexPlans(table, relation.setting, this.defaultOrder({ opened: { relation } as OpenedRelation, table }).field, trigram);
    const existing = await this.existingIndexes(driver, table.ctx);
    const made: string[] = [];
    for (const plan of plans) {
      if (existing.has(plan.name.toLowerCase())) {
        made.push(plan.name);
        continue;
      }
      try {
        await driver.executeDdl([plan.sql]);
        made.push(plan.name);
      } catch (error) {
        // An index is an optimisation: a database that refuses one (a key too long, rights) keeps the page working.
        this.deps.log.warn({ err: error, index: plan.name }, 'published list index not created');
      }
    }
    return made;
  }
}
