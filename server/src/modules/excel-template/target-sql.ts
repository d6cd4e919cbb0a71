import type { TableColumn } from '@app/contracts';
import { Params, type CrudContext, type Statement } from '../data-design/crud-sql.js';
import { quoteIdent } from '../data-design/ddl.js';

/**
 * Statements of an import into a released table (the data platform's CRUD context: names from the released design,
 * values bound), pure.
 */

/** Rows per multi-row insert: SQL Server takes at most 1,000 rows and 2,100 parameters per statement. */
export const insertBatchSize = (ctx: CrudContext, columns: number) =>
  Math.max(1, Math.min(ctx.dialect === 'mssql' ? 1000 : 500, Math.floor((ctx.dialect === 'mssql' ? 2000 : 30_000) / Math.max(1, columns))));

/** One insert of several rows, each row the values of `columns` in order. */
export function insertRowsSql(ctx: CrudContext, columns: TableColumn[], rows: unknown[][]): Statement {
  const params = new Params(ctx.placeholder);
  const names = columns.map((c) => quoteIdent(ctx.dialect, c.name)).join(', ');
  const values = rows.map((row) => `(${row.map((v) => params.bind(v)).join(', ')})`).join(', ');
  return { sql: `insert into ${quoteIdent(ctx.dialect, ctx.design.tableName)} (${names}) values ${values}`, params: params.values };
}

/** Which of these values the column already holds (a unique column's check against the table). */
export function existingValuesSql(ctx: CrudContext, column: TableColumn, values: unknown[]): Statement {
  const params = new Params(ctx.placeholder);
  const q = quoteIdent(ctx.dialect, column.name);
  const list = values.map((v) => params.bind(v)).join(', ');
  return { sql: `select ${q} as v from ${quoteIdent(ctx.dialect, ctx.design.tableName)} where ${q} in (${list})`, params: params.values };
}
