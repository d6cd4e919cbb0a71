import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import {
  EXCEL_TEMPLATE_LIMITS,
  excelExportBody,
  ownValue,
  type ExcelExportBody,
  type ExcelExportColumn,
  type ExcelExportDetail,
  type ExcelExportFileQuery,
  type ExcelExportRow,
  type ExcelTemplateQuery,
  type FormValues,
  type PageResult,
} from '@app/contracts';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import { AppError, notFound } from '../../core/errors.js';
import { neutraliseCell, XLSX_CONTENT_TYPE as XLSX } from '../../core/excel/cells.js';
import { EXPORT_BATCH_ROWS, streamCaughtUp } from '../../core/excel/stream-writer.js';
import { newId } from '../../core/ids.js';
import { readRow } from '../data-design/crud-sql.js';
import { databaseDetail } from '../data-design/design.service.js';
import { cellText as optionText, type CellOption } from '../form-relation/excel.js';
import {
  badQuery,
  batchPhases,
  batchSql,
  countSql,
  estimateSql,
  type BatchCursor,
  type Filter,
  type ListField,
  type ListTable,
  type Order,
  type RowLimits,
} from '../form-relation/list-sql.js';
import type { PublishedListService } from '../form-relation/published-list.service.js';
import type { RelationAccess } from '../form-relation/relation-access.js';
import { FormDataService } from '../form-scheme/form-data.service.js';
import { FileManagerService } from '../file-manager/file-manager.service.js';
import { formatDate, parseDateCell } from './convert.js';
import { ExcelTemplateRepository, type ExportRecord, type ExportValues } from './excel-template.repository.js';
import { openTarget, type Target, type TargetRef } from './targets.js';

type Row = Record<string, unknown>;

export interface ExportProgress {
  rows: number;
  total: number;
  done: boolean;
  /** The copy in the caller's file manager (big exports), once written. */
  fileId: string | null;
}

/**
 * Excel export templates (docs/excel-templates.md "Export"): the templates, and the export itself — the bound
 * screen's source (its published form, or a released table) read in keyset batches and written as it is read by
 * exceljs' streaming writer straight into the reply, cells neutralised; the screen's query when the template says
 * so, its data scope always (administrators may export past it when the template says so); a big export is also
 * saved into the caller's file manager.
 */
export class ExcelExportService {
  readonly repo: ExcelTemplateRepository;
  private readonly data: FormDataService;
  private readonly files: FileManagerService;
  /** Progress of exports in flight, by the id the screen chose (per user). */
  private readonly progress = new Map<string, ExportProgress>();

  constructor(
    private readonly deps: AppDeps,
    private readonly access: RelationAccess,
    private readonly lists: PublishedListService,
  ) {
    this.repo = new ExcelTemplateRepository(deps.db);
    this.data = new FormDataService(deps);
    this.files = new FileManagerService(deps);
  }

  page(auth: AuthContext, q: ExcelTemplateQuery): Promise<PageResult<ExcelExportRow>> {
    return this.repo.pageExports(auth.tenantId, { page: q.limit, size: q.size, keyword: q.keyword, state: q.state, moduleId: q.F_ModuleId });
  }

  private async find(auth: AuthContext, id: string): Promise<ExportRecord> {
    const found = await this.repo.findExport(auth.tenantId, id);
    if (!found) throw notFound('excelTemplate.notFound', { id });
    return found;
  }

  detail(auth: AuthContext, id: string): Promise<ExcelExportDetail> {
    return this.find(auth, id);
  }

  private refOf(t: { F_TargetKind: 'form' | 'table'; F_RelationId: string; F_DbId: string; F_TableName: string }): TargetRef {
    return { kind: t.F_TargetKind, relationId: t.F_RelationId, linkId: t.F_DbId, tableName: t.F_TableName };
  }

  private async checked(auth: AuthContext, input: ExcelExportBody): Promise<ExportValues> {
    const body = excelExportBody.parse(input);
    if (!(await this.repo.moduleExists(auth.tenantId, body.F_ModuleId))) throw new AppError('excelTemplate.moduleNotFound', { id: body.F_ModuleId }, 400);
    const target = await openTarget(this.deps, this.access, auth, this.refOf(body));
    const headers = new Set<string>();
    for (const c of body.F_Columns) {
      if (headers.has(c.header)) throw new AppError('excelTemplate.duplicateHeader', { header: c.header }, 400);
      headers.add(c.header);
      if (!target.fields.has(c.field) && !(body.F_TargetKind === 'form' && SYSTEM_FIELDS.has(c.field)))
        throw new AppError('excelTemplate.unknownField', { field: c.field }, 400);
      if (c.dictionary && !(await this.repo.dictionaryExists(auth.tenantId, c.dictionary)))
        throw new AppError('excelTemplate.dictionaryNotFound', { code: c.dictionary }, 400);
    }
    return {
      name: body.F_Name,
      moduleId: body.F_ModuleId,
      buttonName: body.F_ButtonName,
      targetKind: body.F_TargetKind,
      relationId: body.F_TargetKind === 'form' ? body.F_RelationId : '',
      linkId: body.F_TargetKind === 'table' ? body.F_DbId : '',
      tableName: body.F_TargetKind === 'table' ? body.F_TableName : '',
      enabled: body.F_EnabledMark,
      description: body.F_Description,
      applyQuery: body.F_ApplyQuery,
      ignoreScope: body.F_IgnoreScope,
      columns: body.F_Columns,
    };
  }

  async add(auth: AuthContext, body: ExcelExportBody): Promise<string> {
    const values = await this.checked(auth, body);
    const id = newId();
    await this.repo.insertExport(auth.tenantId, id, auth.userId, values);
    return id;
  }

  async update(auth: AuthContext, id: string, body: ExcelExportBody): Promise<void> {
    await this.find(auth, id);
    const values = await this.checked(auth, body);
    if (!(await this.repo.updateExport(auth.tenantId, id, values))) throw notFound('excelTemplate.notFound', { id });
  }

  async remove(auth: AuthContext, id: string): Promise<void> {
    const { found } = await this.repo.remove('export', auth.tenantId, id);
    if (!found) throw notFound('excelTemplate.notFound', { id });
  }

  async setEnabled(auth: AuthContext, id: string, enabled: boolean): Promise<void> {
    if (!(await this.repo.setEnabled('export', auth.tenantId, id, enabled ? 1 : 0))) throw notFound('excelTemplate.notFound', { id });
  }

  /** Enabled, and its screen granted to the caller; otherwise it does not exist for them. */
  async usable(auth: AuthContext, id: string): Promise<ExportRecord> {
    const found = await this.repo.findExport(auth.tenantId, id);
    if (!found || !found.F_EnabledMark) throw notFound('excelTemplate.notFound', { id });
    const grants = await this.deps.grants.of(auth.tenantId, auth.userId);
    if (!grants.moduleIds.has(found.F_ModuleId)) throw notFound('excelTemplate.notFound', { id });
    return found;
  }

  exportProgress(auth: AuthContext, progressId: string): ExportProgress | null {
    return this.progress.get(`${auth.userId}:${progressId}`) ?? null;
  }

  /** The export: the stream starts as soon as the first batch is read; `rows` is the number of matching rows (capped count). */
  async exportFile(auth: AuthContext, id: string, q: ExcelExportFileQuery): Promise<{ fileName: string; contentType: string; stream: Readable; rows: number }> {
    const template = await this.usable(auth, id);
    const allRows = template.F_IgnoreScope === 1 && (await this.repo.isAdministrator(auth.tenantId, auth.userId));
    const applyQuery = template.F_ApplyQuery === 1;
    const source =
      template.F_TargetKind === 'form'
        ? await this.formSource(auth, template, q, applyQuery, allRows)
        : await this.tableSource(auth, template, q, applyQuery, allRows);
    const total = await source.count();
    // Columns the caller may not see (a published page's column permissions) are left out.
    const columns = template.F_Columns.filter((c) => source.has(c.field));
    if (!columns.length) throw new AppError('excelTemplate.columnsRequired', {}, 400);
    const dictionaries = await this.repo.dictionaryOptions(auth.tenantId, columns.map((c) => c.dictionary).filter(Boolean));
    const cell = columns.map((c) =>
      cellWriter(c, source.optionsOf(c.field), c.dictionary ? (dictionaries.get(c.dictionary.toLowerCase()) ?? []) : [], source.numeric(c.field)),
    );
    const fileName = `${template.F_Name}.xlsx`;
    const out = new PassThrough();
    const progressKey = q.progressId ? `${auth.userId}:${q.progressId}` : null;
    const progress: ExportProgress = { rows: 0, total, done: false, fileId: null };
    if (progressKey) this.progress.set(progressKey, progress);
    const saved = total > EXCEL_TEMPLATE_LIMITS.bigExportRows ? this.saveCopy(auth, fileName) : null;
    const stream = new PassThrough();
    out.pipe(stream);
    if (saved) out.pipe(saved.input);
    const useStyles = columns.some((c) => c.format && !isDateFormat(c.format));
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles, useSharedStrings: false });
    const sheet = workbook.addWorksheet('Sheet1');
    sheet.columns = columns.map((c) => ({ width: c.width, ...(useStyles && c.format && !isDateFormat(c.format) ? { style: { numFmt: c.format } } : {}) }));
    sheet.addRow(columns.map((c) => neutraliseCell(c.header))).commit();
    const subColumns = columns.map((c) => (c.field.includes('.') ? c.field.split('.')[0]! : null));
    const hasSubs = subColumns.some(Boolean);
    const write = async () => {
      for await (const rows of source.batches(EXPORT_BATCH_ROWS)) {
        for (const row of rows) {
          if (!hasSubs) {
            sheet.addRow(columns.map((c, i) => cell[i]!(ownValue(row, c.field)))).commit();
          } else {
            // One line per sub-table row; the main cells on the first line only (the import reads it back the same way).
            const record = await source.record!(row);
            const lines = Math.max(1, ...subColumns.filter(Boolean).map((s) => (Array.isArray(record[s!]) ? (record[s!] as unknown[]).length : 0)));
            for (let line = 0; line < lines; line++) {
              sheet
                .addRow(
                  columns.map((c, i) => {
                    const sub = subColumns[i];
                    if (!sub) return line === 0 ? cell[i]!(ownValue(record, c.field)) : null;
                    const subRow = (record[sub] as Row[] | undefined)?.[line];
                    return subRow ? cell[i]!(subRow[c.field.slice(sub.length + 1)]) : null;
                  }),
                )
                .commit();
            }
          }
          progress.rows += 1;
        }
        // Let the zip, the reply and the file-manager copy take what was written before reading more: `out` passes the
        // zip's bytes on only as fast as its slowest reader.
        await streamCaughtUp(sheet, [out, stream]);
      }
      sheet.commit();
      await workbook.commit();
    };
    write()
      .then(async () => {
        if (saved) progress.fileId = await saved.done;
      })
      .catch((error: unknown) => {
        this.deps.log.warn({ err: error }, 'excel export failed');
        const failure = error instanceof Error ? error : new Error(String(error));
        stream.destroy(failure);
        saved?.input.destroy(failure);
      })
      .finally(() => {
        progress.done = true;
        if (progressKey) setTimeout(() => this.progress.delete(progressKey), 60_000).unref();
      });
    return { fileName, contentType: XLSX, stream, rows: total };
  }

  /** The copy of a big export in the caller's file manager (its root), written as the reply is. */
  private saveCopy(auth: AuthContext, fileName: string): { input: PassThrough; done: Promise<string> } {
    const input = new PassThrough();
    const done = this.files.storeGenerated(auth.tenantId, auth.userId, fileName, XLSX, input);
    done.catch(() => undefined);
    return { input, done };
  }

  private async formSource(auth: AuthContext, template: ExportRecord, q: ExcelExportFileQuery, applyQuery: boolean, allRows: boolean) {
    const source = await this.lists.exportSource(auth, template.F_RelationId, q, { applyQuery, allRows });
    const byName = new Map(source.fields.map((f) => [f.name, f]));
    const needsSubs = template.F_Columns.some((c) => c.field.includes('.'));
    const target: Target | null = needsSubs ? await openTarget(this.deps, this.access, auth, this.refOf(template)) : null;
    const scope = allRows ? { all: true as const } : await this.deps.dataScopes.of(auth, source.opened.relation.moduleId);
    return {
      count: source.count,
      batches: source.batches,
      optionsOf: (field: string): CellOption[] | null => {
        const f = byName.get(field) ?? target?.fields.get(field);
        if (!f?.field) return null;
        return [...(source.loaded.get(field) ?? []), ...optionList(f.field)];
      },
      record: needsSubs ? (row: Row) => this.data.read(auth, source.opened.loaded, String(row.F_Id), { scope }) as Promise<FormValues> : undefined,
      numeric: (field: string) => NUMERIC.has((byName.get(field) ?? target?.fields.get(field))?.column.dataType ?? ''),
      has: (field: string) => byName.has(field) || (target?.fields.has(field) ?? false),
    };
  }

  private async tableSource(auth: AuthContext, template: ExportRecord, q: ExcelExportFileQuery, applyQuery: boolean, allRows: boolean) {
    const target = await openTarget(this.deps, this.access, auth, this.refOf(template));
    const fields = new Map<string, ListField>();
    for (const [name, f] of target.fields) fields.set(name, { name, column: f.column });
    const table: ListTable = { ctx: target.ctx, key: target.key, fields };
    const filters: Filter[] = [];
    if (applyQuery && q.query) {
      let raw: unknown;
      try {
        raw = JSON.parse(q.query);
      } catch {
        throw badQuery('not JSON');
      }
      if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw badQuery('not an object');
      for (const [name, value] of Object.entries(raw)) {
        const field = fields.get(name);
        if (!field) throw badQuery(name.slice(0, 64));
        if (value === null || value === undefined || value === '') continue;
        const text = ['varchar', 'text'].includes(field.column.dataType);
        filters.push({ field, match: text ? 'like' : 'eq', value: String(value) });
      }
    }
    const scope = allRows ? { all: true as const } : await this.deps.dataScopes.of(auth, template.F_ModuleId);
    const limits: RowLimits = { filters, conditions: [], scope };
    const keyField: ListField = { name: target.key.name, column: target.key };
    const order: Order = { field: keyField, order: 'asc' };
    const listed = [...fields.values()];
    const run = async (statement: { sql: string; params: unknown[] }) => {
      try {
        return await target.driver.execute(statement.sql, statement.params);
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw new AppError('publishedList.queryFailed', { detail: databaseDetail(error) }, 400);
      }
    };
    async function* batches(size: number): AsyncGenerator<Row[]> {
      for (const phase of batchPhases(table.ctx.dialect, order)) {
        let after: BatchCursor | null = null;
        for (;;) {
          const batch = await run(batchSql(table, listed, limits, order, phase, after, size));
          // The selected columns come back under their own names (dates already as text): no per-row design walk.
          yield batch.rows as Row[];
          if (batch.rows.length < size) break;
          const last = readRow(table.ctx.design, batch.rows[batch.rows.length - 1]!);
          after = { phase, value: last[target.key.name], key: last[target.key.name] };
        }
      }
    }
    return {
      // Exact up to the big-export threshold (all the decision needs); above it PostgreSQL's estimate for the progress bar.
      count: async () => {
        const cap = EXCEL_TEMPLATE_LIMITS.bigExportRows;
        const counted = await run(countSql(table, limits, cap));
        const first = counted.rows[0] ?? {};
        const total = Number(first.total ?? first.TOTAL ?? 0);
        if (total <= cap || table.ctx.dialect !== 'postgres') return total;
        const plan = await run(estimateSql(table, limits));
        const json = Object.values(plan.rows[0] ?? {})[0];
        const parsed = (typeof json === 'string' ? JSON.parse(json) : json) as { Plan?: { 'Plan Rows'?: number } }[];
        return Math.max(cap + 1, Math.round(parsed?.[0]?.Plan?.['Plan Rows'] ?? 0));
      },
      batches,
      optionsOf: (): CellOption[] | null => null,
      record: undefined as ((row: Row) => Promise<FormValues>) | undefined,
      numeric: (field: string) => NUMERIC.has(fields.get(field)?.column.dataType ?? ''),
      has: (field: string) => fields.has(field),
    };
  }
}

const SYSTEM_FIELDS = new Set(['F_CreateDate', 'F_ModifyDate']);
const NUMERIC = new Set(['int', 'bigint', 'decimal']);

const isDateFormat = (format: string) => /yyyy|MM|dd|HH|mm|ss/.test(format) && !/[#0]/.test(format);

/** A form field's own options (static, switch texts), as the published list shows them. */
function optionList(field: NonNullable<ReturnType<Target['fields']['get']>>['field'] & object): CellOption[] {
  const slot = (field as { __slot__?: { options?: unknown } }).__slot__;
  const options = Array.isArray(slot?.options) ? (slot.options as { label?: unknown; value?: unknown }[]) : [];
  return options.filter((o) => o && o.value !== undefined && o.value !== null).map((o) => ({ label: String(o.label ?? o.value), value: String(o.value) }));
}

/** How one column writes a value: labels or values, a date format, numbers as numbers, texts neutralised. */
function cellWriter(column: ExcelExportColumn, fieldOptions: CellOption[] | null, dictionary: CellOption[], numeric: boolean) {
  const options = [...dictionary, ...(fieldOptions ?? [])];
  const labels = column.show === 'label' && options.length > 0;
  const dateFormat = column.format && isDateFormat(column.format) ? column.format : '';
  return (value: unknown): ExcelJS.CellValue => {
    if (value === null || value === undefined || value === '') return null;
    if (labels) return neutraliseCell(optionText(fieldLike(options), value, []) as string);
    if (dateFormat) {
      const p = parseDateCell(String(value));
      if (p) return formatDate(p, dateFormat, 'datetime');
    }
    if (typeof value === 'number') return value;
    // Decimals are read as exact text; a number cell when it survives the round trip through a double.
    if (
      numeric &&
      typeof value === 'string' &&
      Number.isFinite(Number(value)) &&
      String(Number(value)) === value.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '')
    )
      return Number(value);
    if (typeof value === 'boolean') return value ? 1 : 0;
    if (Array.isArray(value)) return neutraliseCell(value.join(','));
    if (typeof value === 'object') return neutraliseCell(JSON.stringify(value));
    return neutraliseCell(String(value));
  };
}

/** A stand-in field carrying the options, so the published list's label writer (multi-values included) is reused. */
function fieldLike(options: CellOption[]) {
  return { __config__: { avueType: 'checkbox' }, __slot__: { options } } as unknown as Parameters<typeof optionText>[0];
}
