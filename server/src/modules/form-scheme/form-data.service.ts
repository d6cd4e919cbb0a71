import {
  DEFAULT_LINK_ID,
  authorityOf,
  isShown,
  joinMulti,
  ownValue,
  recomputeValues,
  setOwnValue,
  validateFormValues,
  type FieldAuthority,
  type FieldError,
  type FormField,
  type FormValues,
  type TableColumn,
} from '@app/contracts';
import type { DataScope } from '../../core/auth/data-scope.js';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import { AppError, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { Transaction } from 'kysely';
import type { Database } from '../../core/db/schema.js';
import type { LinkTransaction } from '../../core/data-links.js';
import { joinPlatformTransaction } from '../database-link/driver-platform.js';
import {
  Params,
  bindValue,
  columnsOf,
  deleteSql,
  findSql,
  insertSql,
  lookupColumn,
  readRow,
  selectExpr,
  updateSql,
  whereSql,
  type CrudContext,
  type Statement,
} from '../data-design/crud-sql.js';
import { now } from '../data-design/crud.service.js';
import { DataDesignRepository } from '../data-design/data-design.repository.js';
import { dialectOf, parseDecimal, quoteIdent, systemColumns } from '../data-design/ddl.js';
import { databaseDetail } from '../data-design/design.service.js';
import type { LoadedForm } from './form-scheme.service.js';
import { SORT_COLUMN, checkReleased, planStorage, type Binding, type TablePlan } from './form-tables.js';

/** A save refused by validation: the field errors (the route answers them translated, and in `data`). */
export class FormDataInvalid extends AppError {
  constructor(readonly errors: FieldError[]) {
    super('forms.invalidData', {}, 400);
  }
}

const ALL = { all: true } as const;

interface OpenTable {
  plan: TablePlan;
  ctx: CrudContext;
  key: TableColumn;
  relation?: TableColumn;
  sort?: TableColumn;
}

interface Storage {
  main: OpenTable;
  subs: OpenTable[];
  transaction: <T>(fn: (tx: LinkTransaction) => Promise<T>) => Promise<T>;
}

export interface FormDataOptions {
  /** Field authority of a workflow node; absent: the admin screen (each field's own view, every field written). */
  authority?: FieldAuthority[];
  /** The caller's data scope (a published page's): a record outside it is not found. Absent: every record. */
  scope?: DataScope;
  /**
   * A platform-database transaction to join (the workflow engine saves forms with its action): a form stored on the
   * platform link runs its statements on it (and its reads of designs too: on PGlite the transaction holds the only
   * connection). A form on an external link keeps its own transaction (not atomic with the caller's).
   */
  transaction?: Transaction<Database>;
}

function selectWhere(ctx: CrudContext, column: TableColumn, value: unknown, orderBy: TableColumn[] = []): Statement {
  const params = new Params(ctx.placeholder);
  const columns = [...ctx.design.columns, ...systemColumns].map((c) => selectExpr(ctx.dialect, c)).join(', ');
  const where = whereSql([`${quoteIdent(ctx.dialect, column.name)} = ${params.bind(value)}`]);
  const order = orderBy.length ? ` order by ${orderBy.map((c) => quoteIdent(ctx.dialect, c.name)).join(', ')}` : '';
  return { sql: `select ${columns} from ${quoteIdent(ctx.dialect, ctx.design.tableName)}${where}${order}`, params: params.values };
}

function deleteWhere(ctx: CrudContext, column: TableColumn, value: unknown): Statement {
  const params = new Params(ctx.placeholder);
  return {
    sql: `delete from ${quoteIdent(ctx.dialect, ctx.design.tableName)}${whereSql([`${quoteIdent(ctx.dialect, column.name)} = ${params.bind(value)}`])}`,
    params: params.values,
  };
}

const TEXT = new Set(['varchar', 'text']);

/** A form value as its column stores it: lists comma-joined, flags and numbers as text in text columns, '' as null elsewhere. */
export function columnValue(ctx: CrudContext, column: TableColumn, value: unknown): unknown {
  let v = value === undefined ? null : value;
  if (Array.isArray(v)) v = joinMulti(v);
  if (TEXT.has(column.dataType) && (typeof v === 'number' || typeof v === 'boolean')) v = String(v);
  if (!TEXT.has(column.dataType) && typeof v === 'string' && v.trim() === '') v = null;
  return bindValue(ctx.dialect, column, v);
}

/** A stored value as the form holds it: decimals as plain decimal text, rate / slider as numbers, switches as their values. */
export function formValue(field: FormField | undefined, value: unknown): unknown {
  if (value === null || value === undefined || !field) return value ?? null;
  const type = field.__config__.avueType;
  if (type === 'number' || type === 'computation') return parseDecimal(String(value), 76, 38) ?? String(value);
  if (type === 'rate' || type === 'slider') return Number(value);
  if (type === 'switch') {
    for (const flag of [field['active-value'], field['inactive-value']]) if (flag !== undefined && String(flag) === String(value)) return flag;
  }
  return value;
}

/**
 * Form data (docs/forms-design.md "Form data"): validated with the shared form-logic rules, converted through the
 * released column types, then the main row and the sub-table rows are written in one transaction of the tables'
 * link. System columns are filled as in generic CRUD.
 */
export class FormDataService {
  private readonly designs: DataDesignRepository;

  constructor(private readonly deps: AppDeps) {
    this.designs = new DataDesignRepository(deps.db);
  }

  private async open(auth: AuthContext, loaded: LoadedForm, joined?: Transaction<Database>): Promise<Storage> {
    if (!loaded.tableInfo.length) throw new AppError('forms.noTables');
    const storage = planStorage(loaded.scheme, loaded.tableInfo);
    const driver = await this.deps.links.forLink(auth.tenantId, storage.linkId);
    const designs = joined ? new DataDesignRepository(joined) : this.designs;
    const dialect = dialectOf(driver.type);
    const openTable = async (plan: TablePlan): Promise<OpenTable> => {
      const released = await designs.released(auth.tenantId, storage.linkId, plan.table.name);
      if (!released) throw new AppError('forms.tableNotReleased', { name: plan.table.name });
      checkReleased(plan, released.F_Design);
      const ctx: CrudContext = { dialect, placeholder: (n) => driver.placeholder(n), design: released.F_Design };
      const all = columnsOf(ctx.design);
      return {
        plan,
        ctx,
        key: lookupColumn(ctx.design, plan.table.primaryKey),
        relation: plan.container ? lookupColumn(ctx.design, plan.table.relationField) : undefined,
        sort: plan.container ? all.get(SORT_COLUMN.toLowerCase()) : undefined,
      };
    };
    const [main, ...subs] = await Promise.all([storage.main, ...storage.subs].map(openTable));
    const onPlatform = joined !== undefined && storage.linkId === DEFAULT_LINK_ID;
    return { main, subs, transaction: (fn) => (onPlatform ? joinPlatformTransaction(joined, auth.tenantId, fn) : driver.transaction(fn)) };
  }

  /** The bindings written: shown fields (containers around them included); with a workflow authority list, editable ones only. */
  private written(bindings: Binding[], options: FormDataOptions): Binding[] {
    return bindings.filter((b) => isShown(b.place, options.authority) && (options.authority === undefined || authorityOf(b.field, options.authority).edit));
  }

  /** Every value checked and converted; all errors together (FormDataInvalid), or the rows to write. */
  private prepare(storage: Storage, loaded: LoadedForm, formData: FormValues, options: FormDataOptions) {
    const errors = validateFormValues(loaded.scheme.data, formData, options.authority);
    const convert = (t: OpenTable, values: Record<string, unknown>, row?: number): [TableColumn, unknown][] =>
      this.written(t.plan.bindings, options).flatMap((b): [TableColumn, unknown][] => {
        const column = lookupColumn(t.ctx.design, b.column);
        try {
          return [[column, columnValue(t.ctx, column, ownValue(values, b.field.__vModel__ ?? ''))]];
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          const base = {
            vModel: b.field.__vModel__ ?? '',
            formId: b.field.__config__.formId,
            key: error.key,
            params: { label: b.field.__config__.label ?? '', ...error.params },
          };
          errors.push(row === undefined ? base : { ...base, row });
          return [];
        }
      });
    const main = convert(storage.main, formData);
    // A sub-table is rewritten only where its rows may be edited: shown, and editable under a workflow authority.
    const subs = storage.subs
      .filter(
        (t) =>
          isShown(t.plan.containerPlace!, options.authority) && (options.authority === undefined || authorityOf(t.plan.container!, options.authority).edit),
      )
      .map((t) => {
        const given = ownValue(formData, t.plan.container!.__vModel__ ?? '');
        const rows = Array.isArray(given) ? given : given === undefined || given === null ? undefined : [];
        return { table: t, rows: rows?.map((r, i) => convert(t, typeof r === 'object' && r !== null ? (r as Record<string, unknown>) : {}, i)) };
      });
    if (errors.length) throw new FormDataInvalid(errors);
    return { main, subs };
  }

  private async run(tx: LinkTransaction, statement: Statement) {
    try {
      return await tx.execute(statement.sql, statement.params);
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError('forms.saveFailed', { detail: databaseDetail(error) }, 400);
    }
  }

  /** Creator, creation time, company and department of a new row, as generic CRUD fills them. */
  private systemValues(auth: AuthContext, units: { companyId: string | null; departmentId: string | null }, t: OpenTable): [TableColumn, unknown][] {
    const all = columnsOf(t.ctx.design);
    const values: [string, unknown][] = [
      ['F_CreateUserId', auth.userId],
      ['F_CreateDate', now()],
      ['F_CompanyId', units.companyId],
      ['F_DepartmentId', units.departmentId],
    ];
    return values.map(([name, value]) => [all.get(name.toLowerCase())!, value]);
  }

  /** Stores a new record (no primaryKey) or replaces one; answers its key. A refused save changes nothing. */
  async save(auth: AuthContext, loaded: LoadedForm, given: FormValues, primaryKey: string | null, options: FormDataOptions = {}): Promise<string> {
    const storage = await this.open(auth, loaded, options.transaction);
    // Computed fields are worked out here from the values stored with them (as a save replaces the record's fields,
    // those are exactly the values sent): an import or an API call need not send them, and no client can store a
    // total that does not match its figures.
    const formData = recomputeValues(loaded.scheme.data, given);
    const prepared = this.prepare(storage, loaded, formData, options);
    const key = primaryKey ?? newId();
    // Read before the transaction: on PGlite the platform link's transaction holds the only connection.
    const units = await (options.transaction ? new DataDesignRepository(options.transaction) : this.designs).unitsOf(auth.tenantId, auth.userId);
    const system = this.systemValues(auth, units, storage.main);
    const modified = columnsOf(storage.main.ctx.design).get('f_modifydate')!;
    await storage.transaction(async (tx) => {
      const main = storage.main;
      if (primaryKey === null) {
        await this.run(tx, insertSql(main.ctx, [...prepared.main, [main.key, key], ...system]));
      } else {
        if ((await this.run(tx, findSql(main.ctx, key, options.scope ?? ALL))).rows.length === 0) throw notFound('forms.dataNotFound', { id: key });
        await this.run(tx, updateSql(main.ctx, key, [...prepared.main, [modified, now()]], options.scope ?? ALL));
      }
      for (const { table, rows } of prepared.subs) {
        // Rows not sent on an update stay as they are.
        if (rows === undefined) continue;
        const kept = primaryKey === null ? [] : await this.keptColumns(tx, table, key, options);
        if (primaryKey !== null) await this.run(tx, deleteWhere(table.ctx, table.relation!, key));
        const subSystem = this.systemValues(auth, units, table);
        for (const [index, values] of rows.entries()) {
          const own: [TableColumn, unknown][] = [
            [table.key, newId()],
            [table.relation!, key],
            ...(table.sort ? [[table.sort, index] as [TableColumn, unknown]] : []),
          ];
          await this.run(tx, insertSql(table.ctx, [...values, ...(kept[index] ?? []), ...own, ...subSystem]));
        }
      }
    });
    return key;
  }

  /**
   * The stored values of the columns a save may not write (hidden, or read-only under a workflow authority), per row
   * in their order: the rewritten rows keep them by position, so an approver who may edit one column of a sub-table
   * does not wipe the others.
   */
  private async keptColumns(tx: LinkTransaction, table: OpenTable, key: string, options: FormDataOptions): Promise<[TableColumn, unknown][][]> {
    const written = new Set(this.written(table.plan.bindings, options));
    const columns = table.plan.bindings.filter((b) => !written.has(b)).map((b) => lookupColumn(table.ctx.design, b.column));
    if (columns.length === 0) return [];
    const stored = await this.run(tx, selectWhere(table.ctx, table.relation!, key, table.sort ? [table.sort, table.key] : [table.key]));
    return stored.rows.map((raw) => {
      const row = readRow(table.ctx.design, raw);
      return columns.map((column): [TableColumn, unknown] => [column, bindValue(table.ctx.dialect, column, row[column.name] ?? null)]);
    });
  }

  /** The stored record as form data: main fields by __vModel__, each sub-table as its rows in their order. */
  async read(auth: AuthContext, loaded: LoadedForm, primaryKey: string, options: FormDataOptions = {}): Promise<FormValues> {
    const storage = await this.open(auth, loaded, options.transaction);
    return storage.transaction(async (tx) => {
      const main = storage.main;
      if (options.scope && (await this.run(tx, findSql(main.ctx, primaryKey, options.scope))).rows.length === 0)
        throw notFound('forms.dataNotFound', { id: primaryKey });
      const found = (await this.run(tx, selectWhere(main.ctx, main.key, primaryKey))).rows[0];
      if (!found) throw notFound('forms.dataNotFound', { id: primaryKey });
      const values = (t: OpenTable, raw: Record<string, unknown>) => {
        const row = readRow(t.ctx.design, raw);
        const out: FormValues = {};
        for (const b of t.plan.bindings) {
          if (!isShown(b.place, options.authority) || !b.field.__vModel__) continue;
          setOwnValue(out, b.field.__vModel__, formValue(b.field, row[lookupColumn(t.ctx.design, b.column).name]));
        }
        return out;
      };
      const formData = values(main, found);
      for (const t of storage.subs) {
        const container = t.plan.container!;
        if (!isShown(t.plan.containerPlace!, options.authority) || !container.__vModel__) continue;
        const rows = await this.run(tx, selectWhere(t.ctx, t.relation!, primaryKey, t.sort ? [t.sort, t.key] : [t.key]));
        setOwnValue(
          formData,
          container.__vModel__,
          rows.rows.map((r) => values(t, r)),
        );
      }
      return formData;
    });
  }

  /** The record and its sub-table rows, together. */
  async remove(auth: AuthContext, loaded: LoadedForm, primaryKey: string, options: Pick<FormDataOptions, 'scope'> = {}): Promise<void> {
    const storage = await this.open(auth, loaded);
    await storage.transaction(async (tx) => {
      if ((await this.run(tx, findSql(storage.main.ctx, primaryKey, options.scope ?? ALL))).rows.length === 0)
        throw notFound('forms.dataNotFound', { id: primaryKey });
      for (const t of storage.subs) await this.run(tx, deleteWhere(t.ctx, t.relation!, primaryKey));
      await this.run(tx, deleteSql(storage.main.ctx, primaryKey, ALL));
    });
  }
}
