import {
  LIST_SYSTEM_FIELDS,
  defaultMatchOf,
  joinMulti,
  type DataCondition,
  type FormField,
  type FormRelationSetting,
  type QueryMatch,
  type TableColumn,
} from '@app/contracts';
import type { DataScope } from '../../core/auth/data-scope.js';
import { AppError } from '../../core/errors.js';
import { Params, bindValue, likePattern, scopeSql, selectExpr, whereSql, type CrudContext, type Statement } from '../data-design/crud-sql.js';
import { quoteIdent, systemColumns, type Dialect } from '../data-design/ddl.js';

/**
 * The SQL of a published list (docs/form-publishing-design.md "Published list"), pure: every name comes from the
 * released design through ListField (a request's names are only looked up in the setting), every value is bound.
 */

/** A field a list setting may name: a main-form field bound to the main table, or a system column. */
export interface ListField {
  name: string;
  column: TableColumn;
  /** The form field; absent for LIST_SYSTEM_FIELDS. */
  field?: FormField;
}

export interface ListTable {
  ctx: CrudContext;
  key: TableColumn;
  /** Fields by name (`__vModel__` or system column). */
  fields: Map<string, ListField>;
}

export interface Filter {
  field: ListField;
  match: QueryMatch;
  value: unknown;
}

export interface ResolvedCondition {
  field: ListField;
  operator: DataCondition['operator'];
  value: string;
}

export interface Order {
  field: ListField;
  order: 'asc' | 'desc';
}

/** Everything that limits the rows of one request: query filters, the page's data conditions, the data scope. */
export interface RowLimits {
  filters: Filter[];
  conditions: ResolvedCondition[];
  scope: DataScope;
}

const TEXT = new Set(['varchar', 'text']);
const isText = (c: TableColumn) => TEXT.has(c.dataType);
const q = (ctx: CrudContext, c: TableColumn) => quoteIdent(ctx.dialect, c.name);
const table = (ctx: CrudContext) => quoteIdent(ctx.dialect, ctx.design.tableName);

export const badQuery = (detail: string) => new AppError('publishedList.badQuery', { detail }, 400);

/** The field a setting names, or undefined (not a main-form field on the main table nor a system column). */
export function systemListField(name: string): ListField | undefined {
  if (!(LIST_SYSTEM_FIELDS as readonly string[]).includes(name)) return undefined;
  return { name, column: systemColumns.find((c) => c.name === name)! };
}

/** The match of a configured query field. */
export const matchOf = (f: { match?: QueryMatch }, field: ListField): QueryMatch =>
  f.match ?? (field.field ? defaultMatchOf(field.field.__config__.avueType) : 'range');

const emptyValue = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.every(emptyValue));

/** The query parameter (JSON object field → value) checked against the configured query fields; empty values dropped. */
export function parseQuery(text: string | undefined, setting: FormRelationSetting, table: ListTable): Filter[] {
  if (!text || !text.trim()) return [];
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw badQuery('not JSON');
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw badQuery('not an object');
  const filters: Filter[] = [];
  for (const [name, value] of Object.entries(raw)) {
    const configured = setting.queryFields.find((f) => f.field === name);
    const field = configured && table.fields.get(name);
    if (!configured || !field) throw badQuery(`${name.slice(0, 64)} is not a query field`);
    if (emptyValue(value)) continue;
    const match = matchOf(configured, field);
    if (match === 'range') {
      if (!Array.isArray(value) || value.length !== 2) throw badQuery(`${name}: [from, to] expected`);
      if (value.some((v) => !emptyValue(v) && typeof v !== 'string' && typeof v !== 'number')) throw badQuery(`${name}: [from, to] expected`);
    } else if (match === 'in') {
      if (!(
        typeof value === 'string' ||
        typeof value === 'number' ||
        (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number'))
      ))
        throw badQuery(`${name}: text or a list expected`);
    } else if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
      // A multi-value field filtered with like / eq: its comma-joined text, as stored.
      if (!Array.isArray(value)) throw badQuery(`${name}: text expected`);
    }
    filters.push({ field, match, value });
  }
  return filters;
}

/** A filter value bound as its column's type; a value the column cannot hold is a bad query. */
function typed(ctx: CrudContext, field: ListField, value: unknown): unknown {
  const c = field.column;
  let v: unknown = Array.isArray(value) ? joinMulti(value) : value;
  if (isText(c)) return String(v);
  if (typeof v === 'string') v = v.trim();
  try {
    return bindValue(ctx.dialect, c, c.dataType === 'datetime' && typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v} 00:00:00` : v);
  } catch {
    throw badQuery(`${field.name}: ${String(v).slice(0, 50)}`);
  }
}

function textOf(dialect: Dialect, column: TableColumn): string {
  const c = quoteIdent(dialect, column.name);
  if (isText(column)) return c;
  return dialect === 'postgres' ? `cast(${c} as text)` : dialect === 'mysql' ? `cast(${c} as char)` : `cast(${c} as nvarchar(max))`;
}

const likeOp = (dialect: Dialect) => (dialect === 'postgres' ? 'ilike' : 'like');

function filterSql(ctx: CrudContext, f: Filter, params: Params): string {
  const col = q(ctx, f.field.column);
  switch (f.match) {
    case 'like':
      return `${textOf(ctx.dialect, f.field.column)} ${likeOp(ctx.dialect)} ${params.bind(likePattern(String(Array.isArray(f.value) ? joinMulti(f.value) : f.value)))} escape '!'`;
    case 'prefix': {
      const text = String(Array.isArray(f.value) ? joinMulti(f.value) : f.value);
      return `${textOf(ctx.dialect, f.field.column)} like ${params.bind(`${likePattern(text).slice(1)}`)} escape '!'`;
    }
    case 'eq':
      return `${col} = ${params.bind(typed(ctx, f.field, f.value))}`;
    case 'in': {
      const items = (Array.isArray(f.value) ? f.value.map(String) : String(f.value).split(',')).map((s) => s.trim()).filter(Boolean);
      if (!items.length) return '1 = 1';
      return `${col} in (${items.map((v) => params.bind(typed(ctx, f.field, v))).join(', ')})`;
    }
    case 'range': {
      const [from, to] = f.value as unknown[];
      const parts: string[] = [];
      if (!emptyValue(from)) parts.push(`${col} >= ${params.bind(typed(ctx, f.field, from))}`);
      if (!emptyValue(to)) {
        // A date as the upper end of a date-time column takes in the whole day.
        const end = f.field.column.dataType === 'datetime' && typeof to === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(to.trim()) ? `${to.trim()} 23:59:59` : to;
        parts.push(`${col} <= ${params.bind(typed(ctx, f.field, end))}`);
      }
      return parts.length ? parts.join(' and ') : '1 = 1';
    }
  }
}

const OPERATORS = { eq: '=', ne: '<>', gt: '>', ge: '>=', lt: '<', le: '<=' } as const;

function conditionSql(ctx: CrudContext, c: ResolvedCondition, params: Params): string {
  const col = q(ctx, c.field.column);
  const bad = () => new AppError('publishedList.badCondition', { field: c.field.name, value: c.value.slice(0, 50) }, 400);
  const bound = (v: string) => {
    try {
      return params.bind(typed(ctx, c.field, v));
    } catch {
      throw bad();
    }
  };
  switch (c.operator) {
    case 'empty':
      return isText(c.field.column) ? `(${col} is null or ${col} = '')` : `${col} is null`;
    case 'notEmpty':
      return isText(c.field.column) ? `(${col} is not null and ${col} <> '')` : `${col} is not null`;
    case 'like':
      return `${textOf(ctx.dialect, c.field.column)} ${likeOp(ctx.dialect)} ${params.bind(likePattern(c.value))} escape '!'`;
    case 'in': {
      const items = c.value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      return items.length ? `${col} in (${items.map(bound).join(', ')})` : '1 = 0';
    }
    default:
      // ne keeps rows without a value, as "not equal to" reads.
      return c.operator === 'ne' ? `(${col} is null or ${col} <> ${bound(c.value)})` : `${col} ${OPERATORS[c.operator]} ${bound(c.value)}`;
  }
}

export function limitsSql(ctx: CrudContext, limits: RowLimits, params: Params): string[] {
  return [
    ...limits.filters.map((f) => filterSql(ctx, f, params)),
    ...limits.conditions.map((c) => conditionSql(ctx, c, params)),
    ...[scopeSql(ctx.dialect, limits.scope, params)].filter((s): s is string => s !== null),
  ];
}

/** The columns read: the key, the given fields (dates as text). */
function selectList(ctx: CrudContext, key: TableColumn, fields: ListField[]): string {
  const seen = new Set<string>([key.name.toLowerCase()]);
  const out = [selectExpr(ctx.dialect, key)];
  for (const f of fields) {
    if (seen.has(f.column.name.toLowerCase())) continue;
    seen.add(f.column.name.toLowerCase());
    out.push(selectExpr(ctx.dialect, f.column));
  }
  return out.join(', ');
}

/** order by the sort field, then the key in the same direction (one index (field, key) serves both ways). */
export function orderSql(ctx: CrudContext, key: TableColumn, order: Order): string {
  return `${q(ctx, order.field.column)} ${order.order}, ${q(ctx, key)} ${order.order}`;
}

/** One page of the list. */
export function pageSql(t: ListTable, fields: ListField[], limits: RowLimits, order: Order, page: number, size: number): Statement {
  const { ctx } = t;
  const params = new Params(ctx.placeholder);
  const where = whereSql(limitsSql(ctx, limits, params));
  const offset = (Math.max(1, Math.trunc(page)) - 1) * Math.trunc(size);
  const paging = ctx.dialect === 'mssql' ? `offset ${offset} rows fetch next ${Math.trunc(size)} rows only` : `limit ${Math.trunc(size)} offset ${offset}`;
  return {
    sql: `select ${selectList(ctx, t.key, fields)} from ${table(ctx)}${where} order by ${orderSql(ctx, t.key, order)} ${paging}`,
    params: params.values,
  };
}

/**
 * The number of matching rows, counted up to `cap` + 1 (a derived table with a row limit): an exact count of a
 * large table is the cost of a whole index scan on every page; above the cap the service asks the planner.
 */
export function countSql(t: ListTable, limits: RowLimits, cap: number | null): Statement {
  const { ctx } = t;
  const params = new Params(ctx.placeholder);
  const where = whereSql(limitsSql(ctx, limits, params));
  if (cap === null) return { sql: `select count(*) as total from ${table(ctx)}${where}`, params: params.values };
  const limit = Math.trunc(cap) + 1;
  const inner =
    ctx.dialect === 'mssql' ? `select top ${limit} 1 as one from ${table(ctx)}${where}` : `select 1 as one from ${table(ctx)}${where} limit ${limit}`;
  return { sql: `select count(*) as total from (${inner}) capped`, params: params.values };
}

/** The planner's row estimate of the same conditions (PostgreSQL: explain as JSON). */
export function estimateSql(t: ListTable, limits: RowLimits): Statement {
  const { ctx } = t;
  const params = new Params(ctx.placeholder);
  const where = whereSql(limitsSql(ctx, limits, params));
  return { sql: `explain (format json) select 1 from ${table(ctx)}${where}`, params: params.values };
}

/**
 * Where an export has got to: the phase (rows with a sort value, or rows without one) and the last row's sort value
 * and key within it.
 */
export interface BatchCursor {
  phase: 'value' | 'null';
  value: unknown;
  key: unknown;
}

/**
 * The export's phases in the list's order: where the dialect puts rows without a sort value (PostgreSQL: last when
 * ascending, first when descending; MySQL and SQL Server the other way round).
 */
export function batchPhases(dialect: Dialect, order: Order): BatchCursor['phase'][] {
  const nullsFirst = dialect === 'postgres' ? order.order === 'desc' : order.order === 'asc';
  return nullsFirst ? ['null', 'value'] : ['value', 'null'];
}

/**
 * One export batch in the list's order, by keyset (never an offset, so every batch costs the same): within a phase
 * the rows after the cursor, ordered by the sort field then the key as the page orders them.
 */
export function batchSql(
  t: ListTable,
  fields: ListField[],
  limits: RowLimits,
  order: Order,
  phase: BatchCursor['phase'],
  after: BatchCursor | null,
  size: number,
): Statement {
  const { ctx } = t;
  const params = new Params(ctx.placeholder);
  const parts = limitsSql(ctx, limits, params);
  const sort = q(ctx, order.field.column);
  const key = q(ctx, t.key);
  const beyond = order.order === 'asc' ? '>' : '<';
  if (phase === 'null') {
    parts.push(`${sort} is null`);
    if (after) parts.push(`${key} ${beyond} ${params.bind(after.key)}`);
  } else {
    parts.push(`${sort} is not null`);
    if (after) {
      // PostgreSQL and MySQL compare rows, which an index on (sort, key) serves directly; SQL Server spells it out.
      if (ctx.dialect === 'mssql') {
        const value = params.bind(after.value);
        parts.push(`(${sort} ${beyond} ${value} or (${sort} = ${params.bind(after.value)} and ${key} ${beyond} ${params.bind(after.key)}))`);
      } else {
        parts.push(`(${sort}, ${key}) ${beyond} (${params.bind(after.value)}, ${params.bind(after.key)})`);
      }
    }
  }
  const orderBy = phase === 'null' ? `${key} ${order.order}` : orderSql(ctx, t.key, order);
  const n = Math.trunc(size);
  const select = selectList(ctx, t.key, [...fields, order.field]);
  const sql =
    ctx.dialect === 'mssql'
      ? `select top ${n} ${select} from ${table(ctx)}${whereSql(parts)} order by ${orderBy}`
      : `select ${select} from ${table(ctx)}${whereSql(parts)} order by ${orderBy} limit ${n}`;
  return { sql, params: params.values };
}

// ---------------------------------------------------------------- indexes

export interface IndexPlan {
  name: string;
  sql: string;
}

/** A short stable hash of an index's definition (FNV-1a, base 36). */
function shortHash(text: string): string {
  let h = 0x811c9dc5;
  for (const ch of text) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(36).padStart(7, '0');
}

/** `ix_<table>_<hash>` within PostgreSQL's 63 characters (the table name is shortened when needed). */
export function indexName(tableName: string, definition: string): string {
  const hash = shortHash(`${tableName.toLowerCase()}|${definition}`);
  return `ix_${tableName.slice(0, 63 - 4 - hash.length)}_${hash}`;
}

/**
 * The indexes a setting implies on the main table (docs "Published list" › Indexes): per query field with eq / in /
 * range / prefix (field, default sort, key); like: a trigram GIN index on PostgreSQL when `trigram` (else none);
 * default sort and each sortable column (column, key); each condition field alone.
 */
export function indexPlans(t: ListTable, setting: FormRelationSetting, defaultSort: ListField, trigram: boolean): IndexPlan[] {
  const { ctx, key } = t;
  const plans = new Map<string, IndexPlan & { leading: string }>();
  const add = (columns: string, using = '') => {
    const name = indexName(ctx.design.tableName, `${using}(${columns})`);
    if (!plans.has(name))
      plans.set(name, {
        name,
        sql: `create index ${quoteIdent(ctx.dialect, name)} on ${table(ctx)}${using} (${columns})`,
        leading: using ? '' : columns.split(', ')[0],
      });
  };
  const cols = (...columns: TableColumn[]) => {
    const names = [...new Set(columns.map((c) => c.name))];
    return names.map((n) => quoteIdent(ctx.dialect, n)).join(', ');
  };
  // Long texts cannot be btree keys in MySQL / SQL Server (and rarely should be); they are filtered by like only.
  const indexable = (c: TableColumn) => c.dataType !== 'text' && c.dataType !== 'json';
  for (const f of setting.queryFields) {
    const field = t.fields.get(f.field);
    if (!field) continue;
    const match = matchOf(f, field);
    if (match === 'like') {
      if (trigram && ctx.dialect === 'postgres' && isText(field.column)) add(`${q(ctx, field.column)} gin_trgm_ops`, ' using gin');
      continue;
    }
    if (!indexable(field.column)) continue;
    add(cols(field.column, defaultSort.column, key));
  }
  if (indexable(defaultSort.column)) add(cols(defaultSort.column, key));
  for (const c of setting.columns) {
    const field = t.fields.get(c.field);
    if (c.sortable && field && indexable(field.column)) add(cols(field.column, key));
  }
  for (const c of setting.conditions) {
    const field = t.fields.get(c.field);
    // A btree that already starts with the field serves its condition; a second one would only cost writes.
    const served = field && [...plans.values()].some((p) => p.leading === cols(field.column));
    if (field && !served && indexable(field.column)) add(cols(field.column));
  }
  return [...plans.values()].map(({ name, sql }) => ({ name, sql }));
}
