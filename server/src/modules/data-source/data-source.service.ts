import type { z } from 'zod';
import type { DataSource, DataSourceParamValues, DataTreeNode, dataSourceBody, dataSourceDataQuery, dataSourceQuery } from '@app/contracts';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import { AppError, notFound } from '../../core/errors.js';
import { refusingDuplicates } from '../../core/db/helpers.js';
import { newId } from '../../core/ids.js';
import type { LinkDriver, QueryResult, ResultField } from '../../core/data-links.js';
import { bindNamedParams, reasonOf } from '../database-link/sql-text.js';
import { DataSourceRepository, type DataSourceValues } from './data-source.repository.js';
import { containsLike, dialectOf } from './dialect.js';
import { buildTree } from './tree.js';

type Body = z.output<typeof dataSourceBody>;
type DataQuery = z.output<typeof dataSourceDataQuery>;

/** The keyword of the filter, bound like the data source's own parameters; `__` keeps it apart from theirs. */
const KEYWORD_PARAM = '__kw';

/**
 * Data sources: named read-only queries over a database link. Definitions are managed with the buttons;
 * running one (fields, data, tree, column values) is open to every signed-in user of the tenant because forms read
 * their options through it. Every run goes through the link driver's readQuery: read-only transaction, query role,
 * row cap, server-side time-out. Caller input reaches SQL only as bound parameters or validated, quoted names.
 */
export class DataSourceService {
  private readonly repo: DataSourceRepository;

  constructor(private readonly deps: AppDeps) {
    this.repo = new DataSourceRepository(deps.db);
  }

  page(auth: AuthContext, q: z.output<typeof dataSourceQuery>) {
    return this.repo.page(auth.tenantId, { page: q.limit, size: q.size, keyword: q.keyword || undefined });
  }

  async detail(auth: AuthContext, id: string): Promise<DataSource> {
    const row = await this.repo.find(auth.tenantId, id);
    if (!row) throw notFound('dataSource.notFound', { id });
    return row;
  }

  async create(auth: AuthContext, body: Body): Promise<string> {
    if (await this.repo.codeTaken(auth.tenantId, body.F_Code)) throw codeExists(body.F_Code);
    await this.validate(auth, body);
    const id = newId();
    await refusingDuplicates(
      () => this.repo.insert(auth.tenantId, auth.userId, id, values(body)),
      () => codeExists(body.F_Code),
    );
    return id;
  }

  async update(auth: AuthContext, id: string, body: Body): Promise<void> {
    await this.detail(auth, id);
    if (await this.repo.codeTaken(auth.tenantId, body.F_Code, id)) throw codeExists(body.F_Code);
    await this.validate(auth, body);
    const updated = await refusingDuplicates(
      () => this.repo.update(auth.tenantId, id, values(body)),
      () => codeExists(body.F_Code),
    );
    if (!updated) throw notFound('dataSource.notFound', { id });
  }

  async remove(auth: AuthContext, id: string): Promise<void> {
    if (!(await this.repo.remove(auth.tenantId, id))) throw notFound('dataSource.notFound', { id });
  }

  /**
   * On save the query is asked for its columns with the default parameter values, so a broken query, an undeclared
   * `@name` or an id/parent field that is not a result column is refused now rather than when a form opens.
   */
  private async validate(auth: AuthContext, body: Body): Promise<void> {
    const driver = await this.driver(auth, body.F_DbId);
    const source = { F_Sql: body.F_Sql, F_Params: body.F_Params } as DataSource;
    const fields = await this.fieldsOf(driver, source, defaults(source));
    for (const field of [body.F_IdField, body.F_ParentField]) {
      if (field && !hasField(fields, field)) throw new AppError('dataSource.unknownField', { field });
    }
  }

  async fields(auth: AuthContext, id: string, params: DataSourceParamValues): Promise<ResultField[]> {
    const source = await this.detail(auth, id);
    return this.fieldsOf(await this.driver(auth, source.F_DbId), source, resolveParams(source, params));
  }

  /** One page of rows (limit = page number, size ≤ the row cap), optionally filtered by a column containing a keyword. */
  async data(auth: AuthContext, id: string, q: DataQuery) {
    const source = await this.detail(auth, id);
    const driver = await this.driver(auth, source.F_DbId);
    const dialect = dialectOf(driver);
    const values: Record<string, unknown> = resolveParams(source, q.params);
    const fields = await this.fieldsOf(driver, source, values);
    let where = '';
    if (q.field && q.keyword) {
      const column = `d.${columnOf(driver, fields, q.field)}`;
      where = `\nwhere lower(${dialect.asText(column)}) like @${KEYWORD_PARAM} escape '!'`;
      values[KEYWORD_PARAM] = containsLike(q.keyword);
    }
    const filtered = `select * from (${source.F_Sql}\n) d${where}`;
    const size = Math.min(q.size, this.deps.config.sql.maxRows);
    const orderBy = source.F_IdField && hasField(fields, source.F_IdField) ? `p.${columnOf(driver, fields, source.F_IdField)}` : null;
    const [page, count] = await Promise.all([
      this.run(driver, `select * from (${filtered}) p${dialect.page(orderBy, (q.limit - 1) * size, size)}`, values, size),
      this.run(driver, `select count(*) as total from (${filtered}) c`, values, 1),
    ]);
    return { Rows: page.rows, Total: Number(count.rows[0]?.total ?? 0), fields: page.fields.length ? page.fields : fields, durationMs: page.durationMs };
  }

  /** Rows (up to the row cap) nested by the id / parent columns. */
  async tree(auth: AuthContext, id: string, q: { params: DataSourceParamValues; idField?: string; parentField?: string }): Promise<DataTreeNode[]> {
    const source = await this.detail(auth, id);
    const idField = q.idField || source.F_IdField;
    const parentField = q.parentField || source.F_ParentField;
    if (!idField || !parentField) throw new AppError('dataSource.treeFields');
    const driver = await this.driver(auth, source.F_DbId);
    const result = await this.run(driver, source.F_Sql, resolveParams(source, q.params), this.deps.config.sql.maxRows);
    const names = result.fields.length ? result.fields : await this.fieldsOf(driver, source, resolveParams(source, q.params));
    for (const field of [idField, parentField]) {
      if (!hasField(names, field)) throw new AppError('dataSource.unknownField', { field });
    }
    return buildTree(result.rows, exactName(names, idField), exactName(names, parentField));
  }

  /** Distinct values of one result column, ordered, at most the row cap. */
  async columnData(auth: AuthContext, id: string, col: string, params: DataSourceParamValues) {
    const source = await this.detail(auth, id);
    const driver = await this.driver(auth, source.F_DbId);
    const values = resolveParams(source, params);
    const column = `d.${columnOf(driver, await this.fieldsOf(driver, source, values), col)}`;
    const cap = this.deps.config.sql.maxRows;
    // The limit sits inside: MySQL drops ORDER BY from a derived table that has no LIMIT.
    const text = `select distinct ${column} as value from (${source.F_Sql}\n) d where ${column} is not null${dialectOf(driver).page('1', 0, cap + 1)}`;
    const result = await this.run(driver, text, values, cap);
    return { values: result.rows.map((r) => r.value), truncated: result.truncated };
  }

  private async fieldsOf(driver: LinkDriver, source: Pick<DataSource, 'F_Sql'>, values: Record<string, unknown>): Promise<ResultField[]> {
    // No rows are read: the database still parses, plans and types the query.
    return (await this.run(driver, `select * from (${source.F_Sql}\n) d where 1 = 0`, values, 1)).fields;
  }

  private async run(driver: LinkDriver, text: string, values: Record<string, unknown>, maxRows: number): Promise<QueryResult> {
    const bound = bindNamedParams(text, values, (n) => driver.placeholder(n), { backslashEscapes: driver.type === 'mysql' });
    try {
      return await driver.readQuery(bound.sql, { params: bound.params, maxRows, timeoutMs: this.deps.config.sql.timeoutMs });
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError('dataSource.sqlInvalid', { detail: reasonOf(error) });
    }
  }

  private async driver(auth: AuthContext, linkId: string): Promise<LinkDriver> {
    try {
      return await this.deps.links.forLink(auth.tenantId, linkId);
    } catch (error) {
      if (error instanceof AppError && error.status === 404) throw new AppError('dataSource.linkNotFound', { id: linkId });
      throw error;
    }
  }
}

function codeExists(code: string) {
  return new AppError('dataSource.codeExists', { code }, 409);
}

function values(body: Body): DataSourceValues {
  return {
    code: body.F_Code,
    name: body.F_Name,
    link_id: body.F_DbId,
    sql_text: body.F_Sql,
    params: body.F_Params,
    id_field: body.F_IdField,
    parent_field: body.F_ParentField,
    description: body.F_Description,
  };
}

function defaults(source: Pick<DataSource, 'F_Params'>): Record<string, unknown> {
  return Object.fromEntries(source.F_Params.map((p) => [p.name, p.defaultValue]));
}

/** Declared parameters only; a missing value takes the default, an unknown name is refused (likely a typo). */
function resolveParams(source: Pick<DataSource, 'F_Params'>, given: DataSourceParamValues): Record<string, unknown> {
  const declared = new Set(source.F_Params.map((p) => p.name));
  for (const name of Object.keys(given)) {
    if (!declared.has(name)) throw new AppError('dataSource.unknownParam', { name });
  }
  return { ...defaults(source), ...given };
}

const hasField = (fields: ResultField[], name: string) => fields.some((f) => f.name.toLowerCase() === name.toLowerCase());
const exactName = (fields: ResultField[], name: string) => fields.find((f) => f.name.toLowerCase() === name.toLowerCase())?.name ?? name;

/** A result column, quoted: only names the query actually returns, spelled as it returns them. */
function columnOf(driver: LinkDriver, fields: ResultField[], name: string): string {
  if (!hasField(fields, name)) throw new AppError('dataSource.unknownField', { field: name });
  return driver.quoteIdent(exactName(fields, name));
}
