import type { TableColumn, TableDesign } from '@app/contracts';
import type { DataScope } from '../../core/auth/data-scope.js';
import { AppError } from '../../core/errors.js';
import { parseBoolean, parseDate, parseDateTime, parseDecimal, parseInteger, quoteIdent, systemColumns, typeSignature, type Dialect } from './ddl.js';

/**
 * Statements of the generic CRUD over a released table, pure: names come from the stored design (a request's names
 * are only looked up in it), values are bound parameters, paging numbers are validated integers.
 */
export interface CrudContext {
  dialect: Dialect;
  /** The driver's placeholder of the n-th (1-based) parameter. */
  placeholder: (n: number) => string;
  design: TableDesign;
}

export interface Statement {
  sql: string;
  params: unknown[];
}

/** Bound values in order, each named by the driver's placeholder. */
export class Params {
  readonly values: unknown[] = [];
  constructor(private readonly placeholder: (n: number) => string) {}
  bind(value: unknown): string {
    this.values.push(value);
    return this.placeholder(this.values.length);
  }
}

/** Every column of the table, declared then system, looked up case-insensitively (MySQL and SQL Server ignore case). */
export function columnsOf(design: TableDesign): Map<string, TableColumn> {
  return new Map([...design.columns, ...systemColumns].map((c) => [c.name.toLowerCase(), c]));
}

export function primaryKeyOf(design: TableDesign): TableColumn {
  const key = design.columns.find((c) => c.primaryKey);
  if (!key) throw new Error(`released design of ${design.tableName} has no primary key`);
  return key;
}

/** Dates and times are read as text in SQL, so no driver or process time zone shifts them. */
export function selectExpr(dialect: Dialect, column: TableColumn): string {
  const q = quoteIdent(dialect, column.name);
  if (column.dataType !== 'date' && column.dataType !== 'datetime') return q;
  const time = column.dataType === 'datetime';
  if (dialect === 'postgres') return `to_char(${q}, '${time ? 'YYYY-MM-DD HH24:MI:SS' : 'YYYY-MM-DD'}') as ${q}`;
  if (dialect === 'mysql') return `date_format(${q}, '${time ? '%Y-%m-%d %H:%i:%s' : '%Y-%m-%d'}') as ${q}`;
  return `convert(varchar(${time ? 19 : 10}), ${q}, 120) as ${q}`;
}

/** The data scope through the system columns (creator, company, department); null when the caller sees all. */
export function scopeSql(dialect: Dialect, scope: DataScope, params: Params): string | null {
  if (scope.all) return null;
  const parts: string[] = [];
  const within = (column: string, ids: string[]) => {
    if (ids.length) parts.push(`${quoteIdent(dialect, column)} in (${ids.map((id) => params.bind(id)).join(', ')})`);
  };
  within('F_CreateUserId', scope.userIds);
  within('F_CompanyId', scope.companyIds);
  within('F_DepartmentId', scope.departmentIds);
  return parts.length ? `(${parts.join(' or ')})` : '1 = 0';
}

/** LIKE with '!' as the escape character: the same in every dialect, and no backslash rules to worry about. */
export const likePattern = (keyword: string) => `%${keyword.replace(/[!%_[]/g, '!$&')}%`;

function textOf(dialect: Dialect, column: TableColumn): string {
  const q = quoteIdent(dialect, column.name);
  if (column.dataType === 'varchar' || column.dataType === 'text') return q;
  return dialect === 'postgres' ? `cast(${q} as text)` : dialect === 'mysql' ? `cast(${q} as char)` : `cast(${q} as nvarchar(max))`;
}

export function whereSql(parts: (string | null)[]): string {
  const present = parts.filter((p): p is string => Boolean(p));
  return present.length ? ` where ${present.join(' and ')}` : '';
}

export function lookupColumn(design: TableDesign, name: string): TableColumn {
  const column = columnsOf(design).get(name.toLowerCase());
  if (!column) throw new AppError('dataDesign.unknownColumn', { table: design.tableName, column: name });
  return column;
}

export interface ListOptions {
  scope: DataScope;
  keyword?: string;
  field?: string;
  orderBy?: string;
  order?: 'asc' | 'desc';
  page: number;
  size: number;
}

/** One page and the count, same conditions. */
export function listSql(ctx: CrudContext, options: ListOptions): { page: Statement; count: Statement } {
  const { dialect, design } = ctx;
  const build = (params: Params) => {
    const conditions = [scopeSql(dialect, options.scope, params)];
    if (options.keyword) {
      const searched = options.field ? [lookupColumn(design, options.field)] : design.columns.filter((c) => c.dataType === 'varchar' || c.dataType === 'text');
      const like = dialect === 'postgres' ? 'ilike' : 'like';
      const pattern = likePattern(options.keyword);
      const tests = searched.map((c) => `${textOf(dialect, c)} ${like} ${params.bind(pattern)} escape '!'`);
      conditions.push(tests.length ? `(${tests.join(' or ')})` : '1 = 0');
    }
    return whereSql(conditions);
  };
  const table = quoteIdent(dialect, design.tableName);
  const key = quoteIdent(dialect, primaryKeyOf(design).name);
  const order = options.orderBy
    ? `${quoteIdent(dialect, lookupColumn(design, options.orderBy).name)} ${options.order ?? 'asc'}, ${key}`
    : `${quoteIdent(dialect, 'F_CreateDate')} desc, ${key}`;
  const page = Math.max(1, Math.trunc(options.page));
  const size = Math.max(1, Math.trunc(options.size));
  const offset = (page - 1) * size;
  const paging = dialect === 'mssql' ? `offset ${offset} rows fetch next ${size} rows only` : `limit ${size} offset ${offset}`;
  const columns = [...design.columns, ...systemColumns].map((c) => selectExpr(dialect, c)).join(', ');
  const pageParams = new Params(ctx.placeholder);
  const countParams = new Params(ctx.placeholder);
  return {
    page: { sql: `select ${columns} from ${table}${build(pageParams)} order by ${order} ${paging}`, params: pageParams.values },
    count: { sql: `select count(*) as total from ${table}${build(countParams)}`, params: countParams.values },
  };
}

/** The value to bind for a column, checked against its type (null stays null; the caller checks nullability). */
export function bindValue(dialect: Dialect, column: TableColumn, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  const bad = () => new AppError('dataDesign.badValue', { column: column.name, type: typeSignature(column) });
  switch (column.dataType) {
    case 'varchar':
    case 'text': {
      if (typeof value !== 'string' || value.includes('\u0000')) throw bad();
      if (column.dataType === 'varchar' && [...value].length > (column.length ?? 255)) throw bad();
      return value;
    }
    case 'int':
    case 'bigint': {
      const digits = parseInteger(value, column.dataType);
      if (digits === null) throw bad();
      return Number.isSafeInteger(Number(digits)) ? Number(digits) : digits;
    }
    case 'decimal': {
      const digits = parseDecimal(value, column.precision ?? 18, column.scale ?? 2);
      if (digits === null) throw bad();
      return digits;
    }
    case 'boolean': {
      const flag = parseBoolean(value);
      if (flag === null) throw bad();
      return dialect === 'postgres' ? flag : flag ? 1 : 0;
    }
    case 'date': {
      const date = parseDate(value);
      if (date === null) throw bad();
      return date;
    }
    case 'datetime': {
      const time = parseDateTime(value);
      if (time === null) throw bad();
      return time;
    }
    case 'json': {
      // A string is JSON text (what a text box sends); anything else is the value itself.
      if (typeof value === 'string') {
        try {
          JSON.parse(value);
        } catch {
          throw bad();
        }
        return value;
      }
      return JSON.stringify(value);
    }
  }
}

/** A row as the answer shows it, the same whichever driver read it. */
export function readRow(design: TableDesign, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const column of [...design.columns, ...systemColumns]) {
    const key = column.name in row ? column.name : Object.keys(row).find((k) => k.toLowerCase() === column.name.toLowerCase());
    const value = key === undefined ? null : row[key];
    out[column.name] = readValue(column, value);
  }
  return out;
}

function readValue(column: TableColumn, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (column.dataType) {
    case 'int':
      return Number(value);
    case 'bigint': {
      const n = Number(value);
      return Number.isSafeInteger(n) ? n : String(value);
    }
    case 'decimal':
      return String(value);
    case 'boolean':
      return value === true || value === 1 || value === '1' || value === 't';
    case 'json':
      if (typeof value !== 'string') return value;
      try {
        return JSON.parse(value);
      } catch {
        return value;
      }
    default:
      return value instanceof Date ? value.toISOString() : typeof value === 'object' && !Buffer.isBuffer(value) ? value : String(value);
  }
}

/** MariaDB 10.5+ has INSERT … RETURNING; MySQL has none (its identity is not returned through a pool). */
export function mysqlCanReturn(version: string): boolean {
  const m = /^(\d+)\.(\d+)/.exec(version);
  return /mariadb/i.test(version) && m !== null && (Number(m[1]) > 10 || (Number(m[1]) === 10 && Number(m[2]) >= 5));
}

/** insert … returning the key where the dialect can (`mysqlReturning`: the server is a MariaDB that can). */
export function insertSql(ctx: CrudContext, values: [TableColumn, unknown][], mysqlReturning = false): Statement {
  const { dialect, design } = ctx;
  const params = new Params(ctx.placeholder);
  const table = quoteIdent(dialect, design.tableName);
  const key = quoteIdent(dialect, primaryKeyOf(design).name);
  const names = values.map(([c]) => quoteIdent(dialect, c.name)).join(', ');
  const marks = values.map(([, v]) => params.bind(v)).join(', ');
  const sql =
    dialect === 'postgres'
      ? `insert into ${table} (${names}) values (${marks}) returning ${key}`
      : dialect === 'mssql'
        ? `insert into ${table} (${names}) output inserted.${key} values (${marks})`
        : `insert into ${table} (${names}) values (${marks})${mysqlReturning ? ` returning ${key}` : ''}`;
  return { sql, params: params.values };
}

/** Whether the row with this key exists within the scope. */
export function findSql(ctx: CrudContext, id: unknown, scope: DataScope): Statement {
  const { dialect, design } = ctx;
  const params = new Params(ctx.placeholder);
  const key = quoteIdent(dialect, primaryKeyOf(design).name);
  const where = whereSql([`${key} = ${params.bind(id)}`, scopeSql(dialect, scope, params)]);
  return { sql: `select ${key} from ${quoteIdent(dialect, design.tableName)}${where}`, params: params.values };
}

export function updateSql(ctx: CrudContext, id: unknown, values: [TableColumn, unknown][], scope: DataScope): Statement {
  const { dialect, design } = ctx;
  const params = new Params(ctx.placeholder);
  const set = values.map(([c, v]) => `${quoteIdent(dialect, c.name)} = ${params.bind(v)}`).join(', ');
  const key = quoteIdent(dialect, primaryKeyOf(design).name);
  const where = whereSql([`${key} = ${params.bind(id)}`, scopeSql(dialect, scope, params)]);
  return { sql: `update ${quoteIdent(dialect, design.tableName)} set ${set}${where}`, params: params.values };
}

export function deleteSql(ctx: CrudContext, id: unknown, scope: DataScope): Statement {
  const { dialect, design } = ctx;
  const params = new Params(ctx.placeholder);
  const key = quoteIdent(dialect, primaryKeyOf(design).name);
  const where = whereSql([`${key} = ${params.bind(id)}`, scopeSql(dialect, scope, params)]);
  return { sql: `delete from ${quoteIdent(dialect, design.tableName)}${where}`, params: params.values };
}
