import { SYSTEM_COLUMNS, type ColumnDataType, type TableColumn, type TableDesign, type TableIndex } from '@app/contracts';
import { AppError } from '../../core/errors.js';
import type { DbType } from '../../core/data-links.js';

/**
 * DDL for the release path, built from a validated design only: every name is a checked identifier quoted here,
 * every default a typed literal rendered here, every comment an escaped string literal. Pure functions.
 */
export type Dialect = 'postgres' | 'mysql' | 'mssql';

export function dialectOf(type: DbType): Dialect {
  if (type === 'mysql') return 'mysql';
  if (type === 'sqlserver') return 'mssql';
  return 'postgres';
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/** Quotes a name; a name that is not an identifier is a programming error here (contracts validate first). */
export function quoteIdent(dialect: Dialect, name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`not an identifier: ${JSON.stringify(name)}`);
  if (dialect === 'mysql') return `\`${name}\``;
  if (dialect === 'mssql') return `[${name}]`;
  return `"${name}"`;
}

/** A string literal. Backslashes are doubled where the dialect may read them as escapes (MySQL, PostgreSQL E''). */
export function stringLiteral(dialect: Dialect, text: string): string {
  if (text.includes('\u0000')) throw new AppError('error.validation', { detail: 'NUL character' });
  const quoted = text.replaceAll("'", "''");
  if (dialect === 'mssql') return `N'${quoted}'`;
  if (dialect === 'mysql') return `'${quoted.replaceAll('\\', '\\\\')}'`;
  // standard_conforming_strings may be off on an external server: E'' reads backslashes the same either way.
  return text.includes('\\') ? `E'${quoted.replaceAll('\\', '\\\\')}'` : `'${quoted}'`;
}

/** Columns every released table gets; generic CRUD fills them and data scopes filter on them. */
export const systemColumns: TableColumn[] = SYSTEM_COLUMNS.map((name) => ({
  name,
  dataType: name === 'F_CreateDate' || name === 'F_ModifyDate' ? 'datetime' : 'varchar',
  length: name === 'F_CreateDate' || name === 'F_ModifyDate' ? null : 64,
  precision: null,
  scale: null,
  nullable: true,
  primaryKey: false,
  identity: false,
  defaultValue: null,
  comment: '',
}));

export const isSystemColumn = (name: string) => SYSTEM_COLUMNS.some((s) => s.toLowerCase() === name.toLowerCase());

const NOT_INDEXABLE: ColumnDataType[] = ['text', 'json'];

export function columnType(dialect: Dialect, column: TableColumn): string {
  const length = column.length ?? 255;
  const decimal = `(${column.precision ?? 18},${column.scale ?? 2})`;
  switch (column.dataType) {
    case 'varchar':
      return dialect === 'mssql' ? `nvarchar(${length})` : `varchar(${length})`;
    case 'text':
      return dialect === 'mysql' ? 'longtext' : dialect === 'mssql' ? 'nvarchar(max)' : 'text';
    case 'int':
      return dialect === 'postgres' ? 'integer' : 'int';
    case 'bigint':
      return 'bigint';
    case 'decimal':
      return dialect === 'postgres' ? `numeric${decimal}` : `decimal${decimal}`;
    case 'boolean':
      return dialect === 'mysql' ? 'tinyint(1)' : dialect === 'mssql' ? 'bit' : 'boolean';
    case 'date':
      return 'date';
    case 'datetime':
      return dialect === 'mysql' ? 'datetime' : dialect === 'mssql' ? 'datetime2(0)' : 'timestamp(0)';
    case 'json':
      return dialect === 'mysql' ? 'json' : dialect === 'mssql' ? 'nvarchar(max)' : 'jsonb';
  }
}

/** What a released column's type is, for refusing changes: '(varchar, 50)' differs from '(varchar, 100)'. */
export function typeSignature(column: TableColumn): string {
  if (column.dataType === 'varchar') return `varchar(${column.length ?? 255})`;
  if (column.dataType === 'decimal') return `decimal(${column.precision ?? 18},${column.scale ?? 2})`;
  return column.dataType;
}

const INT_RANGE = { int: [-(2n ** 31n), 2n ** 31n - 1n], bigint: [-(2n ** 63n), 2n ** 63n - 1n] } as const;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

function validDate(y: string, m: string, d: string): boolean {
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return date.getUTCFullYear() === Number(y) && date.getUTCMonth() === Number(m) - 1 && date.getUTCDate() === Number(d);
}

/** 'yyyy-MM-dd' of a valid calendar date, or null. */
export function parseDate(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const m = DATE.exec(value.trim());
  return m && validDate(m[1], m[2], m[3]) ? `${m[1]}-${m[2]}-${m[3]}` : null;
}

/** 'yyyy-MM-dd HH:mm:ss' of a valid local time, or null. */
export function parseDateTime(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const m = DATETIME.exec(value.trim());
  if (!m || !validDate(m[1], m[2], m[3])) return null;
  const [h, min, s] = [Number(m[4]), Number(m[5]), Number(m[6] ?? '0')];
  if (h > 23 || min > 59 || s > 59) return null;
  return `${m[1]}-${m[2]}-${m[3]} ${m[4]}:${m[5]}:${m[6] ?? '00'}`;
}

/** An integer in the type's range, as digits, or null. */
export function parseInteger(value: unknown, type: 'int' | 'bigint'): string | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) return null;
    text = String(value);
  } else if (typeof value === 'string' && /^-?\d{1,19}$/.test(value.trim())) text = value.trim();
  else return null;
  const n = BigInt(text);
  const [min, max] = INT_RANGE[type];
  return n >= min && n <= max ? n.toString() : null;
}

/** A decimal fitting (precision, scale), as digits, or null. */
export function parseDecimal(value: unknown, precision: number, scale: number): string | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : typeof value === 'string' ? value.trim() : '';
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return null;
  const whole = m[2].replace(/^0+(?=\d)/, '');
  const fraction = (m[3] ?? '').replace(/0+$/, '');
  if (fraction.length > scale || (whole === '0' ? 0 : whole.length) > precision - scale) return null;
  return `${m[1]}${whole}${fraction ? `.${fraction}` : ''}`;
}

export function parseBoolean(value: unknown): boolean | null {
  if (value === true || value === 1 || value === '1' || value === 'true') return true;
  if (value === false || value === 0 || value === '0' || value === 'false') return false;
  return null;
}

/** The canonical default of a column (null = none), or an AppError naming the column. */
export function normaliseDefault(column: TableColumn): string | number | boolean | null {
  const value = column.defaultValue;
  if (value === null || value === undefined || value === '') return null;
  const fail = () => new AppError('dataDesign.badDefault', { column: column.name, type: typeSignature(column), value: String(value).slice(0, 100) });
  switch (column.dataType) {
    case 'varchar': {
      if (typeof value !== 'string') throw fail();
      if ([...value].length > (column.length ?? 255)) throw fail();
      return value;
    }
    case 'int':
    case 'bigint': {
      const digits = parseInteger(value, column.dataType);
      if (digits === null) throw fail();
      return Number.isSafeInteger(Number(digits)) ? Number(digits) : digits;
    }
    case 'decimal': {
      const digits = parseDecimal(value, column.precision ?? 18, column.scale ?? 2);
      if (digits === null) throw fail();
      return digits;
    }
    case 'boolean': {
      const flag = parseBoolean(value);
      if (flag === null) throw fail();
      return flag;
    }
    case 'date': {
      const date = parseDate(value);
      if (date === null) throw fail();
      return date;
    }
    case 'datetime': {
      if (typeof value === 'string' && value.trim().toUpperCase() === 'CURRENT_TIMESTAMP') return 'CURRENT_TIMESTAMP';
      const time = parseDateTime(value);
      if (time === null) throw fail();
      return time;
    }
    case 'text':
    case 'json':
      throw new AppError('dataDesign.noDefault', { column: column.name, type: column.dataType });
  }
}

/** The DEFAULT clause's literal for a normalised default. */
function defaultSql(dialect: Dialect, column: TableColumn): string | null {
  const value = normaliseDefault(column);
  if (value === null) return null;
  if (typeof value === 'boolean') return dialect === 'postgres' ? String(value) : value ? '1' : '0';
  if (typeof value === 'number') return String(value);
  if (column.dataType === 'int' || column.dataType === 'bigint' || column.dataType === 'decimal') return value;
  if (column.dataType === 'datetime' && value === 'CURRENT_TIMESTAMP') return 'current_timestamp';
  return stringLiteral(dialect, value);
}

/**
 * The design checked and completed: one primary key (not null), identity only on an int/bigint key, no system
 * column names, no duplicate names (case-insensitive: MySQL and SQL Server ignore case), defaults that fit their
 * types, indexes over known indexable columns. Throws the first problem as an AppError (400).
 */
export function normaliseDesign(design: TableDesign): TableDesign {
  const seen = new Set<string>();
  const columns = design.columns.map((c) => {
    const key = c.name.toLowerCase();
    if (isSystemColumn(c.name)) throw new AppError('dataDesign.reservedColumn', { column: c.name });
    if (seen.has(key)) throw new AppError('dataDesign.duplicateColumn', { column: c.name });
    seen.add(key);
    const column: TableColumn = {
      ...c,
      length: c.dataType === 'varchar' ? (c.length ?? 255) : null,
      precision: c.dataType === 'decimal' ? (c.precision ?? 18) : null,
      scale: c.dataType === 'decimal' ? (c.scale ?? 2) : null,
      nullable: c.primaryKey || c.identity ? false : c.nullable,
    };
    if (column.dataType === 'decimal' && (column.scale ?? 0) > (column.precision ?? 0)) throw new AppError('dataDesign.scaleTooLarge', { column: c.name });
    if (column.primaryKey && NOT_INDEXABLE.includes(column.dataType)) throw new AppError('dataDesign.notIndexable', { column: c.name, type: c.dataType });
    if (column.identity && (!column.primaryKey || (column.dataType !== 'int' && column.dataType !== 'bigint')))
      throw new AppError('dataDesign.identityType', { column: c.name });
    if (column.identity && normaliseDefault(column) !== null) throw new AppError('dataDesign.identityDefault', { column: c.name });
    column.defaultValue = normaliseDefault(column);
    return column;
  });
  const keys = columns.filter((c) => c.primaryKey).length;
  if (keys !== 1) throw new AppError('dataDesign.primaryKeyCount', { count: keys });

  const byName = new Map([...columns, ...systemColumns].map((c) => [c.name.toLowerCase(), c]));
  const indexNames = new Set<string>();
  const indexes = design.indexes.map((index): TableIndex => {
    if (indexNames.has(index.name.toLowerCase())) throw new AppError('dataDesign.duplicateIndex', { index: index.name });
    indexNames.add(index.name.toLowerCase());
    const used = new Set<string>();
    return {
      ...index,
      columns: index.columns.map((name) => {
        const column = byName.get(name.toLowerCase());
        if (!column) throw new AppError('dataDesign.indexColumn', { index: index.name, column: name });
        if (used.has(column.name)) throw new AppError('dataDesign.indexDuplicateColumn', { index: index.name, column: name });
        if (NOT_INDEXABLE.includes(column.dataType)) throw new AppError('dataDesign.notIndexable', { column: name, type: column.dataType });
        used.add(column.name);
        return column.name;
      }),
    };
  });
  return { tableName: design.tableName, comment: design.comment, columns, indexes };
}

function columnSql(dialect: Dialect, column: TableColumn): string {
  const parts = [quoteIdent(dialect, column.name), columnType(dialect, column)];
  if (column.identity) {
    parts.push(dialect === 'postgres' ? 'generated by default as identity' : dialect === 'mssql' ? 'identity(1,1)' : '');
  }
  parts.push(column.nullable ? 'null' : 'not null');
  if (column.identity && dialect === 'mysql') parts.push('auto_increment');
  const def = defaultSql(dialect, column);
  if (def !== null) parts.push(`default ${def}`);
  if (dialect === 'mysql' && column.comment) parts.push(`comment ${stringLiteral(dialect, column.comment)}`);
  return parts.filter(Boolean).join(' ');
}

/** Comments are separate statements on PostgreSQL (comment on) and SQL Server (extended properties). */
function commentSql(dialect: Dialect, table: string, column: string | null, comment: string): string[] {
  if (!comment || dialect === 'mysql') return [];
  if (dialect === 'postgres') {
    const target = column ? `column ${quoteIdent(dialect, table)}.${quoteIdent(dialect, column)}` : `table ${quoteIdent(dialect, table)}`;
    return [`comment on ${target} is ${stringLiteral(dialect, comment)}`];
  }
  quoteIdent(dialect, table);
  if (column) quoteIdent(dialect, column);
  // The schema is the connection's default one, where the table was created.
  const level2 = column ? `, @level2type = N'COLUMN', @level2name = ${stringLiteral(dialect, column)}` : '';
  return [
    `declare @schema sysname = schema_name(); exec sp_addextendedproperty @name = N'MS_Description', @value = ${stringLiteral(dialect, comment)}, ` +
      `@level0type = N'SCHEMA', @level0name = @schema, @level1type = N'TABLE', @level1name = ${stringLiteral(dialect, table)}${level2}`,
  ];
}

const indexColumns = (dialect: Dialect, index: TableIndex) => index.columns.map((c) => quoteIdent(dialect, c)).join(', ');

export function createIndexSql(dialect: Dialect, table: string, index: TableIndex): string {
  return `create ${index.unique ? 'unique ' : ''}index ${quoteIdent(dialect, index.name)} on ${quoteIdent(dialect, table)} (${indexColumns(dialect, index)})`;
}

/** MySQL index clause inside create/alter table. */
const mysqlIndex = (index: TableIndex) => `${index.unique ? 'unique ' : ''}index ${quoteIdent('mysql', index.name)} (${indexColumns('mysql', index)})`;

/**
 * create table with the system columns, its comments, then its indexes. `design` must be normalised.
 * MySQL/MariaDB commit DDL statement by statement, so there the whole table (comments and indexes included) is one
 * statement: a failure leaves nothing half-made behind that a later release would find as a foreign table.
 */
export function createTableSql(dialect: Dialect, design: TableDesign): string[] {
  const table = quoteIdent(dialect, design.tableName);
  const all = [...design.columns, ...systemColumns];
  const key = design.columns.filter((c) => c.primaryKey).map((c) => quoteIdent(dialect, c.name));
  const lines = [...all.map((c) => columnSql(dialect, c)), `primary key (${key.join(', ')})`];
  if (dialect === 'mysql') lines.push(...design.indexes.map(mysqlIndex));
  const body = lines.map((line) => `  ${line}`).join(',\n');
  const options =
    dialect === 'mysql' ? ` engine=InnoDB default charset=utf8mb4${design.comment ? ` comment=${stringLiteral(dialect, design.comment)}` : ''}` : '';
  return [
    `create table ${table} (\n${body}\n)${options}`,
    ...commentSql(dialect, design.tableName, null, design.comment),
    ...design.columns.flatMap((c) => commentSql(dialect, design.tableName, c.name, c.comment)),
    ...(dialect === 'mysql' ? [] : design.indexes.map((index) => createIndexSql(dialect, design.tableName, index))),
  ];
}

/** alter table … add for new columns and indexes of a released table (never drops or changes one); one statement on MySQL. */
export function alterTableSql(dialect: Dialect, tableName: string, columns: TableColumn[], indexes: TableIndex[]): string[] {
  const table = quoteIdent(dialect, tableName);
  if (dialect === 'mysql') {
    const clauses = [...columns.map((c) => `add column ${columnSql(dialect, c)}`), ...indexes.map((i) => `add ${mysqlIndex(i)}`)];
    return clauses.length ? [`alter table ${table} ${clauses.join(', ')}`] : [];
  }
  const add = dialect === 'mssql' ? 'add' : 'add column';
  return [
    ...columns.map((c) => `alter table ${table} ${add} ${columnSql(dialect, c)}`),
    ...columns.flatMap((c) => commentSql(dialect, tableName, c.name, c.comment)),
    ...indexes.map((i) => createIndexSql(dialect, tableName, i)),
  ];
}

export interface ReleasePlan {
  /** What data_tables keeps: the released columns and indexes, old ones first (nothing is ever dropped). */
  design: TableDesign;
  statements: string[];
  created: boolean;
  addedColumns: string[];
  addedIndexes: string[];
}

const sameDefault = (a: TableColumn, b: TableColumn) => JSON.stringify(a.defaultValue ?? null) === JSON.stringify(b.defaultValue ?? null);

/**
 * What a release does: create the table, or (`released` = the stored design) add the new columns and indexes.
 * A released column may change its comment only; its type and constraints stay as they are in the database, so a
 * change is refused rather than ignored. Columns left out of `incoming` are kept.
 */
export function planRelease(dialect: Dialect, released: TableDesign | null, incoming: TableDesign): ReleasePlan {
  const next = normaliseDesign(incoming);
  if (!released) {
    return {
      design: next,
      statements: createTableSql(dialect, next),
      created: true,
      addedColumns: next.columns.map((c) => c.name),
      addedIndexes: next.indexes.map((i) => i.name),
    };
  }
  const oldColumns = new Map(released.columns.map((c) => [c.name.toLowerCase(), c]));
  const newColumns: TableColumn[] = [];
  for (const column of next.columns) {
    const old = oldColumns.get(column.name.toLowerCase());
    if (old) {
      if (typeSignature(old) !== typeSignature(column)) {
        throw new AppError('dataDesign.typeChange', { column: old.name, from: typeSignature(old), to: typeSignature(column) });
      }
      if (old.nullable !== column.nullable || old.primaryKey !== column.primaryKey || old.identity !== column.identity || !sameDefault(old, column)) {
        throw new AppError('dataDesign.columnChange', { column: old.name });
      }
    } else {
      if (column.primaryKey || column.identity) throw new AppError('dataDesign.newPrimaryKey', { column: column.name });
      if (!column.nullable && column.defaultValue === null) throw new AppError('dataDesign.newColumnNotNull', { column: column.name });
      newColumns.push(column);
    }
  }
  const known = new Map([...released.columns, ...newColumns, ...systemColumns].map((c) => [c.name.toLowerCase(), c]));
  const oldIndexes = new Map(released.indexes.map((i) => [i.name.toLowerCase(), i]));
  const newIndexes: TableIndex[] = [];
  for (const index of next.indexes) {
    const old = oldIndexes.get(index.name.toLowerCase());
    if (old) {
      if (old.unique !== index.unique || old.columns.join(',').toLowerCase() !== index.columns.join(',').toLowerCase()) {
        throw new AppError('dataDesign.indexChange', { index: old.name });
      }
      continue;
    }
    // An index may name a released column the incoming design left out; use the released spelling.
    newIndexes.push({ ...index, columns: index.columns.map((c) => known.get(c.toLowerCase())?.name ?? c) });
  }
  return {
    design: { ...released, columns: [...released.columns, ...newColumns], indexes: [...released.indexes, ...newIndexes] },
    statements: alterTableSql(dialect, released.tableName, newColumns, newIndexes),
    created: false,
    addedColumns: newColumns.map((c) => c.name),
    addedIndexes: newIndexes.map((i) => i.name),
  };
}
