import { Readable } from 'node:stream';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import {
  DEFAULT_LINK_ID,
  EXCEL_TEMPLATE_LIMITS,
  excelImportBody,
  setOwnValue,
  validateFormValues,
  type ExcelImportBody,
  type ExcelImportColumn,
  type ExcelImportDetail,
  type ExcelImportRow,
  type ExcelImportRun,
  type ExcelTemplateQuery,
  type FieldError,
  type FormValues,
  type PageResult,
  type TableColumn,
} from '@app/contracts';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import { AppError, notFound } from '../../core/errors.js';
import { XLSX_CONTENT_TYPE as XLSX } from '../../core/excel/cells.js';
import { checkXlsx, type XlsxLimits } from '../../core/excel/xlsx-guard.js';
import { translate as message, type Lang, type MessageKey, type MessageParams } from '../../core/i18n/index.js';
import { newId } from '../../core/ids.js';

import { columnsOf } from '../data-design/crud-sql.js';
import { now } from '../data-design/crud.service.js';
import { DataDesignRepository } from '../data-design/data-design.repository.js';
import { databaseDetail } from '../data-design/design.service.js';
import { DataSourceService } from '../data-source/data-source.service.js';
import { storageKeyFor } from '../files/storage-keys.js';
import type { RelationAccess } from '../form-relation/relation-access.js';
import { FormDataInvalid, FormDataService, columnValue } from '../form-scheme/form-data.service.js';
import { cellText, convertCell, translate } from './convert.js';
import { ExcelTemplateRepository, type ImportRecord, type ImportValues, type RunProgress, type RunRecord } from './excel-template.repository.js';
import { existingValuesSql, insertBatchSize, insertRowsSql } from './target-sql.js';
import { openTarget, type Target, type TargetField, type TargetRef } from './targets.js';

/** A run whose heartbeat is older than this reads as failed (its process died). */
export const STALE_SECONDS = 30;
/** Progress is written at most this often (and at least once a second while rows move). */
const PROGRESS_MS = 400;
/** Valid rows checked against the table's unique columns together. */
const UNIQUE_BATCH = 1000;
/** Refused rows kept in the run row for the result dialog (all of them are in the error workbook). */
const ERRORS_SHOWN = 50;
/** A notes row's cells begin with this mark (the downloaded template's second row); such a row is not data. */
export const NOTE_MARK = '※';
/** Rows of a downloaded template that carry the drop-down lists. */
const VALIDATION_ROWS = 10_000;

export const IMPORT_LIMITS: XlsxLimits = {
  maxUnpackedBytes: 200 * 1024 * 1024,
  maxRows: EXCEL_TEMPLATE_LIMITS.importRows + 2,
  maxCellChars: 32_767,
};

type Body = ExcelImportBody;

interface ColumnPlan {
  col: ExcelImportColumn;
  /** 1-based sheet column; 0 for fixed columns. */
  index: number;
  target: TargetField;
  /** label → value (dictionary, data source, the field's own options); empty: no translation. */
  options: Map<string, string>;
  values: Set<string>;
}

interface BadRow {
  number: number;
  cells: unknown[];
  bad: Set<number>;
  messages: string[];
}

interface PendingRecord {
  rows: { number: number; cells: unknown[] }[];
  /** form: the form values; table: the values of the written columns in order. */
  values: FormValues | unknown[];
  bad: Set<number>;
  messages: string[];
  /** Unique main values (by plan index) for the table check. */
  unique: Map<number, string>;
}

interface Live {
  tenantId: string;
  progress: RunProgress;
  state: ExcelImportRun['state'];
}

const msg = (lang: Lang, key: MessageKey, params: MessageParams = {}) => message(lang, key, params);

/**
 * Excel import templates (docs/excel-templates.md): the templates (list, add, edit, delete, enable), the template
 * workbook, and imports: the file checked and its headers matched in the request, then read, validated and stored
 * asynchronously in this process with its progress in `excel_import_runs` (heartbeat; a stale run reads as failed).
 */
export class ExcelImportService {
  readonly repo: ExcelTemplateRepository;
  private readonly designs: DataDesignRepository;
  private readonly data: FormDataService;
  private readonly sources: DataSourceService;
  /** Runs of this process, by id: their progress is answered from here first (on PGlite a store holds the only connection). */
  private readonly live = new Map<string, Live>();
  /** Runs in flight (tests and shutdown wait for them). */
  readonly running = new Set<Promise<void>>();

  constructor(
    private readonly deps: AppDeps,
    private readonly access: RelationAccess,
  ) {
    this.repo = new ExcelTemplateRepository(deps.db);
    this.designs = new DataDesignRepository(deps.db);
    this.data = new FormDataService(deps);
    this.sources = new DataSourceService(deps);
  }

  // ---------------------------------------------------------------- templates

  page(auth: AuthContext, q: ExcelTemplateQuery): Promise<PageResult<ExcelImportRow>> {
    return this.repo.pageImports(auth.tenantId, { page: q.limit, size: q.size, keyword: q.keyword, state: q.state, moduleId: q.F_ModuleId });
  }

  private async find(auth: AuthContext, id: string): Promise<ImportRecord> {
    const found = await this.repo.findImport(auth.tenantId, id);
    if (!found) throw notFound('excelTemplate.notFound', { id });
    return found;
  }

  async detail(auth: AuthContext, id: string): Promise<ExcelImportDetail> {
    return this.find(auth, id);
  }

  /** The body checked against its target: fields exist, headers and fields once each, dictionaries and data sources known. */
  private async checked(auth: AuthContext, input: Body): Promise<ImportValues> {
    const body = excelImportBody.parse(input);
    if (!(await this.repo.moduleExists(auth.tenantId, body.F_ModuleId))) throw new AppError('excelTemplate.moduleNotFound', { id: body.F_ModuleId }, 400);
    const target = await openTarget(this.deps, this.access, auth, this.refOf(body));
    const headers = new Set<string>();
    const fields = new Set<string>();
    for (const c of body.F_Columns) {
      if (headers.has(c.header)) throw new AppError('excelTemplate.duplicateHeader', { header: c.header }, 400);
      headers.add(c.header);
      if (fields.has(c.field)) throw new AppError('excelTemplate.duplicateField', { field: c.field }, 400);
      fields.add(c.field);
      const field = target.fields.get(c.field);
      if (!field) throw new AppError('excelTemplate.unknownField', { field: c.field }, 400);
      if (field.sub && c.unique) throw new AppError('excelTemplate.subUnique', { field: c.field }, 400);
      if (c.fixed && c.defaultKind === 'none') throw new AppError('excelTemplate.defaultNeeded', { header: c.header }, 400);
      if (c.dictionary && !(await this.repo.dictionaryExists(auth.tenantId, c.dictionary)))
        throw new AppError('excelTemplate.dictionaryNotFound', { code: c.dictionary }, 400);
      if ((c.dataSourceId || c.dataSourceLabel || c.dataSourceValue) && !(c.dataSourceId && c.dataSourceLabel && c.dataSourceValue))
        throw new AppError('excelTemplate.dataSourceIncomplete', { header: c.header }, 400);
      if (c.dataSourceId) await this.sources.detail(auth, c.dataSourceId);
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
      errorRule: body.F_ErrorRule,
      columns: body.F_Columns,
    };
  }

  private refOf(body: { F_TargetKind: 'form' | 'table'; F_RelationId: string; F_DbId: string; F_TableName: string }): TargetRef {
    return { kind: body.F_TargetKind, relationId: body.F_RelationId, linkId: body.F_DbId, tableName: body.F_TableName };
  }

  async add(auth: AuthContext, body: Body): Promise<string> {
    const values = await this.checked(auth, body);
    const id = newId();
    await this.repo.insertImport(auth.tenantId, id, auth.userId, values);
    return id;
  }

  /** PUT /excel-import/{id}; the spec's PUT /task-scheduling/{id} with a template body is forwarded here (decided with the scheduled tasks part). */
  async update(auth: AuthContext, id: string, body: Body): Promise<void> {
    await this.find(auth, id);
    const values = await this.checked(auth, body);
    if (!(await this.repo.updateImport(auth.tenantId, id, values))) throw notFound('excelTemplate.notFound', { id });
  }

  async remove(auth: AuthContext, id: string): Promise<void> {
    const { found, keys } = await this.repo.remove('import', auth.tenantId, id);
    if (!found) throw notFound('excelTemplate.notFound', { id });
    await Promise.all(keys.map((key) => this.deps.storage.remove(key).catch(() => undefined)));
  }

  async setEnabled(auth: AuthContext, id: string, enabled: boolean): Promise<void> {
    if (!(await this.repo.setEnabled('import', auth.tenantId, id, enabled ? 1 : 0))) throw notFound('excelTemplate.notFound', { id });
  }

  /** The fields a template may name for a target (the dialog's field picker). */
  async targetFields(auth: AuthContext, ref: TargetRef) {
    const target = await openTarget(this.deps, this.access, auth, ref);
    return [...target.fields.values()].map((f) => ({
      field: f.name,
      label: f.label,
      dataType: f.column.dataType,
      length: f.column.dataType === 'varchar' ? (f.column.length ?? 255) : null,
      required: f.field ? f.field.__config__.required === true : f.column.nullable === false,
      dictionary: f.dictionary,
      hasOptions: f.options.length > 0,
      sub: f.sub ?? null,
    }));
  }

  // ---------------------------------------------------------------- the bound screen

  /** A template the caller may use on its screen: enabled, and its menu entry granted (else it does not exist for them). */
  async usable(auth: AuthContext, id: string): Promise<ImportRecord> {
    const found = await this.repo.findImport(auth.tenantId, id);
    if (!found || !found.F_EnabledMark) throw notFound('excelTemplate.notFound', { id });
    const grants = await this.deps.grants.of(auth.tenantId, auth.userId);
    if (!grants.moduleIds.has(found.F_ModuleId)) throw notFound('excelTemplate.notFound', { id });
    return found;
  }

  /** GET /excel-import/module/{moduleId}: the enabled import and export templates of a screen granted to the caller. */
  async ofModule(auth: AuthContext, moduleId: string) {
    const grants = await this.deps.grants.of(auth.tenantId, auth.userId);
    if (!grants.moduleIds.has(moduleId)) return { imports: [], exports: [] };
    return this.repo.ofModule(auth.tenantId, moduleId);
  }

  /** The options of each translated column: dictionary items, data-source rows, the form field's own options. */
  private async plans(auth: AuthContext, template: ImportRecord, target: Target): Promise<ColumnPlan[]> {
    const codes = [...new Set(template.F_Columns.map((c) => c.dictionary || target.fields.get(c.field)?.dictionary || '').filter(Boolean))];
    const dictionaries = await this.repo.dictionaryOptions(auth.tenantId, codes);
    const plans: ColumnPlan[] = [];
    for (const col of template.F_Columns) {
      const field = target.fields.get(col.field);
      if (!field) throw new AppError('excelTemplate.unknownField', { field: col.field }, 400);
      const pairs: { label: string; value: string }[] = [];
      const code = col.dictionary || field.dictionary;
      if (code) pairs.push(...(dictionaries.get(code.toLowerCase()) ?? []));
      if (col.dataSourceId) {
        const page = await this.sources.data(auth, col.dataSourceId, { limit: 1, size: this.deps.config.sql.maxRows, params: {} });
        for (const row of page.Rows as Record<string, unknown>[]) {
          const label = row[col.dataSourceLabel];
          const value = row[col.dataSourceValue];
          if (label !== null && label !== undefined && value !== null && value !== undefined) pairs.push({ label: String(label), value: String(value) });
        }
      }
      if (!col.dictionary && !col.dataSourceId) pairs.push(...field.options);
      const options = new Map<string, string>();
      for (const p of pairs) if (!options.has(p.label)) options.set(p.label, p.value);
      plans.push({ col, index: 0, target: field, options, values: new Set(pairs.map((p) => p.value)) });
    }
    return plans;
  }

  // ---------------------------------------------------------------- the template workbook

  /**
   * GET /excel-import/download/{a}/{b}: a is the bound screen's menu entry id, b the template id. The header row,
   * a notes row (required, unique, formats, lengths, options), drop-downs on option columns fed by a hidden sheet.
   */
  async templateFile(
    auth: AuthContext,
    moduleId: string,
    id: string,
    lang: Lang,
    admin: boolean,
  ): Promise<{ fileName: string; contentType: string; body: Buffer }> {
    const template = admin ? await this.find(auth, id) : await this.usable(auth, id);
    if (template.F_ModuleId !== moduleId) throw notFound('excelTemplate.notFound', { id });
    const target = await openTarget(this.deps, this.access, auth, this.refOf(template));
    const plans = (await this.plans(auth, template, target)).filter((p) => !p.col.fixed);
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Sheet1');
    const lists = book.addWorksheet('options', { state: 'veryHidden' });
    sheet.columns = plans.map((p) => ({ width: Math.min(40, Math.max(12, p.col.header.length * 2 + 4)) }));
    const header = sheet.addRow(plans.map((p) => p.col.header));
    header.font = { bold: true };
    plans.forEach((p, i) => {
      const cell = header.getCell(i + 1);
      cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE6F0FF' } };
      if (p.col.required) cell.font = { bold: true, color: { argb: 'FFC00000' } };
    });
    const notes = sheet.addRow(
      plans.map((p) => {
        const parts: string[] = [];
        if (p.col.required) parts.push(msg(lang, 'excelTemplate.noteRequired'));
        if (p.col.unique) parts.push(msg(lang, 'excelTemplate.noteUnique'));
        if (p.col.type === 'date' || p.col.type === 'datetime') parts.push(msg(lang, 'excelTemplate.noteDate'));
        if (p.col.maxLength) parts.push(msg(lang, 'excelTemplate.noteMax', { max: p.col.maxLength }));
        if (p.options.size) parts.push(msg(lang, 'excelTemplate.noteOptions'));
        if (p.col.note) parts.push(p.col.note);
        return `${NOTE_MARK} ${parts.join('；') || msg(lang, 'excelTemplate.notes')}`;
      }),
    );
    notes.font = { italic: true, color: { argb: 'FF888888' } };
    let listColumn = 0;
    plans.forEach((p, i) => {
      if (!p.options.size) return;
      listColumn += 1;
      const labels = [...p.options.keys()];
      labels.forEach((label, r) => (lists.getCell(r + 1, listColumn).value = label));
      const letter = lists.getColumn(listColumn).letter;
      const column = sheet.getColumn(i + 1).letter;
      (sheet as unknown as { dataValidations: { add: (range: string, v: ExcelJS.DataValidation) => void } }).dataValidations.add(
        `${column}3:${column}${VALIDATION_ROWS + 2}`,
        {
          type: 'list',
          allowBlank: true,
          formulae: [`options!$${letter}$1:$${letter}$${labels.length}`],
          showErrorMessage: false,
        },
      );
    });
    return { fileName: `${template.F_Name}.xlsx`, contentType: XLSX, body: Buffer.from(await book.xlsx.writeBuffer()) };
  }

  // ---------------------------------------------------------------- an import

  /**
   * Checks the file (type, size, the shared guard, formulas, merged header cells) and its headers in the request, then
   * runs the rest in this process and answers the run at once; the screen polls GET …/runs/{runId}.
   */
  async start(auth: AuthContext, id: string, file: Buffer, fileName: string, lang: Lang, formMessage: (e: FieldError) => string): Promise<ExcelImportRun> {
    const template = await this.usable(auth, id);
    if (!/\.xlsx$/i.test(fileName)) throw new AppError('excelTemplate.wrongType', { name: fileName.slice(0, 100) }, 400);
    if (file.length > EXCEL_TEMPLATE_LIMITS.importBytes) throw new AppError('excelTemplate.fileTooLarge', { max: '30 MB' }, 400);
    const facts = checkXlsx(file, IMPORT_LIMITS);
    if (facts.mergedHeader) throw new AppError('excelTemplate.mergedHeader', {}, 400);
    if (facts.formulas) throw new AppError('excelTemplate.formulas', {}, 400);
    const target = await openTarget(this.deps, this.access, auth, this.refOf(template));
    const plans = await this.plans(auth, template, target);
    const head = await this.readHead(file);
    if (!head.header) throw new AppError('excelTemplate.empty', {}, 400);
    const byHeader = new Map<string, number>();
    head.header.forEach((value, index) => {
      const text = cellText(value);
      if (text && !byHeader.has(text)) byHeader.set(text, index);
    });
    const missing = plans.filter((p) => !p.col.fixed && !byHeader.has(p.col.header)).map((p) => p.col.header);
    if (missing.length) throw new AppError('excelTemplate.headersMismatch', { missing: missing.join('、') }, 400);
    for (const p of plans) p.index = p.col.fixed ? 0 : byHeader.get(p.col.header)!;
    if (!head.hasData) throw new AppError('excelTemplate.empty', {}, 400);

    const runId = newId();
    await this.repo.insertRun(auth.tenantId, runId, id, auth.userId, fileName.slice(0, 200));
    const progress: RunProgress = { read: 0, valid: 0, invalid: 0, stored: 0, total: Math.max(0, facts.rows - 1 - (head.notes ? 1 : 0)) };
    this.live.set(runId, { tenantId: auth.tenantId, progress, state: 'running' });
    const job = this.process(auth, template, target, plans, file, head.header, runId, progress, lang, formMessage)
      .catch(async (error: unknown) => {
        this.deps.log.warn({ err: error, runId }, 'excel import failed');
        const detail = error instanceof AppError ? msg(lang, error.key, error.params) : databaseDetail(error);
        progress.stored = 0;
        await this.repo.finishRun(runId, 'failed', progress, { message: msg(lang, 'excelTemplate.failed', { detail }), errors: [], errorKey: null });
      })
      .finally(() => {
        this.live.delete(runId);
        this.running.delete(job);
      });
    this.running.add(job);
    return this.run(auth, id, runId);
  }

  /** The header row, whether a notes row follows and whether there is a data row, read without the rest of the file. */
  private async readHead(file: Buffer): Promise<{ header: unknown[] | null; notes: boolean; hasData: boolean }> {
    let header: unknown[] | null = null;
    let notes = false;
    for await (const row of sheetRows(file)) {
      if (!header) {
        header = row.values;
        continue;
      }
      if (isNotesRow(row.values)) {
        notes = true;
        continue;
      }
      if (row.values.some((v) => cellText(v) !== '')) return { header, notes, hasData: true };
    }
    return { header, notes, hasData: false };
  }

  private async process(
    auth: AuthContext,
    template: ImportRecord,
    target: Target,
    plans: ColumnPlan[],
    file: Buffer,
    header: unknown[],
    runId: string,
    progress: RunProgress,
    lang: Lang,
    formMessage: (e: FieldError) => string,
  ): Promise<void> {
    // PGlite: a store on the platform link holds the only connection, so progress is kept in memory meanwhile.
    const sharesConnection = this.deps.dbKind === 'pglite' && target.linkId === DEFAULT_LINK_ID;
    let storing = false;
    let writing: Promise<void> | null = null;
    const flush = () => {
      if (writing || (storing && sharesConnection)) return;
      writing = this.repo
        .progress(runId, progress)
        .catch(() => undefined)
        .finally(() => (writing = null));
    };
    const timer = setInterval(flush, PROGRESS_MS);
    try {
      const person = await this.person(auth);
      const fixedValues = new Map<number, unknown>();
      plans.forEach((p, i) => {
        if (p.col.fixed) fixedValues.set(i, defaultOf(p.col, person));
      });
      const mainPlans = plans.map((p, i) => ({ p, i })).filter(({ p }) => !p.target.sub);
      const subPlans = plans.map((p, i) => ({ p, i })).filter(({ p }) => p.target.sub);
      const tableColumns: TableColumn[] = target.kind === 'table' ? plans.map((p) => p.target.column) : [];
      const bad: BadRow[] = [];
      const good: (FormValues | unknown[])[] = [];
      const seen = plans.map((p) => (p.col.unique ? new Map<string, number>() : null));
      let pending: PendingRecord[] = [];
      let current: PendingRecord | null = null;

      const reject = (record: PendingRecord) => {
        progress.invalid += 1;
        const messages = [...new Set(record.messages)];
        record.rows.forEach((r, k) => bad.push({ number: r.number, cells: r.cells, bad: k === 0 ? record.bad : new Set(), messages: k === 0 ? messages : [] }));
      };
      const checkUnique = async () => {
        const uniquePlans = plans.map((p, i) => ({ p, i })).filter(({ p }) => p.col.unique && !p.target.sub);
        for (const { p, i } of uniquePlans) {
          const values = [...new Set(pending.filter((r) => !r.messages.length).flatMap((r) => (r.unique.has(i) ? [r.unique.get(i)!] : [])))];
          for (let at = 0; at < values.length; at += 500) {
            const chunk = values.slice(at, at + 500);
            const bound = chunk.map((v) => columnValue(target.ctx, p.target.column, v));
            const statement = existingValuesSql(target.ctx, p.target.column, bound);
            const found = await target.driver.execute(statement.sql, statement.params);
            const taken = new Set(found.rows.map((r) => String(Object.values(r)[0])));
            for (const record of pending) {
              const v = record.unique.get(i);
              if (v !== undefined && taken.has(String(columnValue(target.ctx, p.target.column, v)))) {
                record.bad.add(p.index);
                record.messages.push(msg(lang, 'excelTemplate.duplicateInTable', { header: p.col.header, value: v }));
              }
            }
          }
        }
        for (const record of pending) {
          if (record.messages.length) reject(record);
          else {
            good.push(record.values);
            progress.valid += 1;
          }
        }
        pending = [];
      };
      const finish = async (record: PendingRecord | null) => {
        if (!record) return;
        if (!record.messages.length && target.kind === 'form') {
          for (const e of validateFormValues(target.loaded!.scheme.data, record.values as FormValues)) record.messages.push(formMessage(e));
        }
        pending.push(record);
        if (pending.length >= UNIQUE_BATCH) await checkUnique();
      };

      let header1 = true;
      for await (const row of sheetRows(file)) {
        if (header1) {
          header1 = false;
          continue;
        }
        if (row.number === 2 && isNotesRow(row.values)) continue;
        const cells = plans.map((p) => (p.index ? row.values[p.index] : undefined));
        const texts = cells.map((v) => cellText(v));
        if (texts.every((t) => t === '')) continue;
        progress.read += 1;
        if (progress.read % 2000 === 0) await yieldToLoop();
        const continuation = current !== null && subPlans.length > 0 && mainPlans.every(({ i }) => plans[i]!.col.fixed || texts[i] === '');
        const record: PendingRecord = continuation
          ? current!
          : { rows: [], values: target.kind === 'form' ? {} : new Array(plans.length).fill(null), bad: new Set(), messages: [], unique: new Map() };
        record.rows.push({ number: row.number, cells: row.values.slice() });
        const subRows = new Map<string, Record<string, unknown>>();
        for (const [i, p] of plans.entries()) {
          if (continuation && !p.target.sub) continue;
          const converted = this.cell(p, cells[i], texts[i]!, fixedValues.has(i) ? fixedValues.get(i) : undefined, person, lang);
          if (!converted.ok) {
            record.bad.add(p.index);
            record.messages.push(converted.message);
            continue;
          }
          let value = converted.value;
          if (p.col.unique && value !== null && value !== undefined && value !== '') {
            const key = String(value);
            const first = seen[i]!.get(key);
            if (first !== undefined) {
              record.bad.add(p.index);
              record.messages.push(msg(lang, 'excelTemplate.duplicateInFile', { header: p.col.header, value: key, row: first }));
            } else {
              seen[i]!.set(key, row.number);
              record.unique.set(i, key);
            }
          }
          if (target.kind === 'table') {
            try {
              value = columnValue(target.ctx, p.target.column, value);
            } catch (error) {
              if (!(error instanceof AppError)) throw error;
              record.bad.add(p.index);
              record.messages.push(`${p.col.header}：${msg(lang, error.key, error.params)}`);
              continue;
            }
            (record.values as unknown[])[i] = value;
          } else if (p.target.sub) {
            if (value !== null && value !== undefined) {
              const own = subRows.get(p.target.sub) ?? {};
              own[p.target.name.slice(p.target.sub.length + 1)] = value;
              subRows.set(p.target.sub, own);
            }
          } else if (value !== null && value !== undefined) setOwnValue(record.values as FormValues, p.target.name, value);
        }
        // Each sub-table with a value in this line gets one row of it.
        for (const [container, values] of subRows) {
          const form = record.values as Record<string, unknown>;
          const list = (form[container] as Record<string, unknown>[] | undefined) ?? [];
          list.push(values);
          form[container] = list;
        }
        if (!continuation) {
          await finish(current);
          current = record;
        }
      }
      await finish(current);
      await checkUnique();
      progress.total = progress.read;
      flush();

      const errors = bad
        .filter((b) => b.messages.length)
        .slice(0, ERRORS_SHOWN)
        .map((b) => ({ row: b.number, messages: b.messages }));
      const errorKey = bad.length ? await this.errorWorkbook(auth, runId, header, bad, lang) : null;
      if (template.F_ErrorRule === 'refuse' && progress.invalid > 0) {
        await writing;
        await this.repo.finishRun(runId, 'refused', progress, { message: msg(lang, 'excelTemplate.refused', { count: progress.invalid }), errors, errorKey });
        return;
      }
      if (good.length) {
        await writing;
        storing = true;
        const person2 = await this.designs.unitsOf(auth.tenantId, auth.userId);
        if (target.kind === 'table') await this.storeRows(auth, target, tableColumns, good as unknown[][], person2, progress);
        else await this.storeForms(auth, template, target, good as FormValues[], progress, lang, formMessage, bad);
        storing = false;
      }
      await writing;
      await this.repo.finishRun(runId, 'done', progress, { message: null, errors, errorKey });
    } finally {
      clearInterval(timer);
    }
  }

  private async person(auth: AuthContext) {
    const [name, units] = await Promise.all([this.repo.userName(auth.tenantId, auth.userId), this.designs.unitsOf(auth.tenantId, auth.userId)]);
    return { userId: auth.userId, name, ...units };
  }

  /** One cell: default, required, length, translation, type. */
  private cell(
    p: ColumnPlan,
    raw: unknown,
    text: string,
    fixed: unknown,
    person: Person,
    lang: Lang,
  ): { ok: true; value: unknown } | { ok: false; message: string } {
    const { col } = p;
    if (p.col.fixed) return { ok: true, value: fixed };
    if (text === '') {
      const value = col.defaultKind === 'none' ? null : defaultOf(col, person);
      if ((value === null || value === '') && col.required) return { ok: false, message: msg(lang, 'excelTemplate.cellRequired', { header: col.header }) };
      return { ok: true, value };
    }
    if (col.maxLength && [...text].length > col.maxLength)
      return { ok: false, message: msg(lang, 'excelTemplate.cellTooLong', { header: col.header, max: col.maxLength }) };
    if (p.options.size) {
      const value = translate(p.options, p.values, text);
      return value === null
        ? { ok: false, message: msg(lang, 'excelTemplate.cellOption', { header: col.header, value: text.slice(0, 50) }) }
        : { ok: true, value };
    }
    const converted = convertCell(col.type, col.format, raw, text);
    if (!converted.ok) return { ok: false, message: msg(lang, `excelTemplate.${converted.key}`, { header: col.header, value: text.slice(0, 50) }) };
    return { ok: true, value: converted.value };
  }

  /** Table target: every good row in one transaction, several rows per statement; system columns as generic CRUD fills them. */
  private async storeRows(
    auth: AuthContext,
    target: Target,
    columns: TableColumn[],
    rows: unknown[][],
    units: { companyId: string | null; departmentId: string | null },
    progress: RunProgress,
  ): Promise<void> {
    const all = columnsOf(target.ctx.design);
    const system: [TableColumn, unknown][] = [
      [all.get('f_createuserid')!, auth.userId],
      [all.get('f_createdate')!, now()],
      [all.get('f_companyid')!, units.companyId],
      [all.get('f_departmentid')!, units.departmentId],
    ];
    const withKey = !target.key.identity;
    const written = [...(withKey ? [target.key] : []), ...columns, ...system.map(([c]) => c)];
    const size = insertBatchSize(target.ctx, written.length);
    const stored = progress.stored;
    await target.driver.transaction(async (tx) => {
      for (let at = 0; at < rows.length; at += size) {
        const chunk = rows.slice(at, at + size).map((r) => [...(withKey ? [newId()] : []), ...r, ...system.map(([, v]) => v)]);
        const statement = insertRowsSql(target.ctx, written, chunk);
        try {
          await tx.execute(statement.sql, statement.params);
        } catch (error) {
          if (error instanceof AppError) throw error;
          throw new AppError('forms.saveFailed', { detail: databaseDetail(error) }, 400);
        }
        progress.stored = stored + Math.min(rows.length, at + size);
        if ((at / size) % 20 === 0) await yieldToLoop();
      }
    });
  }

  /**
   * Form target: each record through the Form engine's save (validation, computed fields, sub-tables), all in one
   * transaction when the form is stored on the platform database; on an external link each record is its own
   * transaction (every row was validated before the first is stored).
   */
  private async storeForms(
    auth: AuthContext,
    _template: ImportRecord,
    target: Target,
    records: FormValues[],
    progress: RunProgress,
    lang: Lang,
    formMessage: (e: FieldError) => string,
    _bad: BadRow[],
  ): Promise<void> {
    const scope = await this.deps.dataScopes.of(auth, target.opened!.relation.moduleId);
    const saveAll = async (transaction?: Parameters<Parameters<ExcelTemplateRepository['inTransaction']>[0]>[0]) => {
      for (const values of records) {
        try {
          await this.data.save(auth, target.loaded!, values, null, { scope, transaction });
        } catch (error) {
          if (error instanceof FormDataInvalid) throw new AppError('excelTemplate.failed', { detail: error.errors.map(formMessage).join('；') }, 400);
          throw error;
        }
        progress.stored += 1;
        if (progress.stored % 200 === 0) await yieldToLoop();
      }
    };
    void lang;
    if (target.linkId === DEFAULT_LINK_ID) await this.repo.inTransaction((trx) => saveAll(trx));
    else await saveAll();
  }

  /** The refused rows as they were, with an error column; the bad cells filled red. Stored for GET …/runs/{runId}/errors. */
  private async errorWorkbook(auth: AuthContext, runId: string, header: unknown[], bad: BadRow[], lang: Lang): Promise<string> {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Sheet1');
    const width = Math.max(header.length - 1, ...bad.map((b) => b.cells.length - 1), 1);
    const headerRow = sheet.getRow(1);
    for (let c = 1; c <= width; c++) headerRow.getCell(c).value = cellText(header[c]) || null;
    headerRow.getCell(width + 1).value = msg(lang, 'excelTemplate.errorColumn');
    headerRow.font = { bold: true };
    bad.forEach((b, i) => {
      const row = sheet.getRow(i + 2);
      for (let c = 1; c <= width; c++) {
        const value = b.cells[c];
        const cell = row.getCell(c);
        cell.value = value === undefined ? null : isPlain(value) ? (value as ExcelJS.CellValue) : cellText(value);
        if (b.bad.has(c)) cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFF9999' } };
      }
      const note = row.getCell(width + 1);
      note.value = b.messages.join('；');
      note.font = { color: { argb: 'FFC00000' } };
    });
    sheet.getColumn(width + 1).width = 60;
    const body = Buffer.from(await book.xlsx.writeBuffer());
    const key = storageKeyFor(auth.tenantId, `excel-errors-${runId}`);
    await this.deps.storage.write(key, Readable.from(body), XLSX);
    return key;
  }

  /** A run's progress or result; a running run whose heartbeat is stale (its process died) reads as failed. */
  async run(auth: AuthContext, id: string, runId: string, lang?: Lang): Promise<ExcelImportRun> {
    const found = await this.repo.run(auth.tenantId, id, runId);
    if (!found || found.userId !== auth.userId) throw notFound('excelTemplate.runNotFound', { id: runId });
    return this.answer(found, lang ?? 'zh-CN');
  }

  private answer(found: RunRecord, lang: Lang): ExcelImportRun {
    const live = this.live.get(found.F_Id);
    const { errorKey, userId: _user, heartbeatAge, ...rest } = found;
    const out: ExcelImportRun = { ...rest, hasErrors: errorKey !== null };
    if (live && out.state === 'running') Object.assign(out, live.progress);
    else if (out.state === 'running' && heartbeatAge > STALE_SECONDS) {
      out.state = 'failed';
      out.message = msg(lang, 'excelTemplate.stale', { seconds: STALE_SECONDS });
    }
    return out;
  }

  /** The error workbook of a run of the caller's. */
  async errorFile(auth: AuthContext, id: string, runId: string): Promise<{ fileName: string; contentType: string; stream: Readable }> {
    const found = await this.repo.run(auth.tenantId, id, runId);
    if (!found || found.userId !== auth.userId || !found.errorKey) throw notFound('excelTemplate.runNotFound', { id: runId });
    const name = found.F_FileName.replace(/\.xlsx$/i, '') || 'import';
    return { fileName: `${name}-errors.xlsx`, contentType: XLSX, stream: await this.deps.storage.read(found.errorKey) };
  }

  /** Waits for the runs in flight (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running]);
  }
}

type Person = { userId: string; name: string; companyId: string | null; departmentId: string | null };

function defaultOf(col: ExcelImportColumn, person: Person): unknown {
  switch (col.defaultKind) {
    case 'none':
      return null;
    case 'value':
      return col.defaultValue;
    case 'userId':
      return person.userId;
    case 'userName':
      return person.name;
    case 'departmentId':
      return person.departmentId;
    case 'companyId':
      return person.companyId;
    case 'now':
      return now();
    case 'today':
      return now().slice(0, 10);
  }
}

const isPlain = (v: unknown) => v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || v instanceof Date;

function isNotesRow(values: unknown[]): boolean {
  const texts = values.map((v) => cellText(v)).filter(Boolean);
  return texts.length > 0 && texts.every((t) => t.startsWith(NOTE_MARK));
}

/** The first worksheet's rows, streamed: `values` is 1-based as exceljs gives it. */
async function* sheetRows(file: Buffer): AsyncGenerator<{ number: number; values: unknown[] }> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([file]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    worksheets: 'emit',
    entries: 'emit',
  });
  try {
    for await (const sheet of reader) {
      for await (const row of sheet as unknown as AsyncIterable<ExcelJS.Row>) {
        yield { number: row.number, values: (row.values as unknown[]) ?? [] };
      }
      return;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('excel.unreadable', {}, 400);
  }
}
