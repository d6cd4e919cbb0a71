import { REPORT_LIMITS, dataPermissions, type DataSet, type ReportDesign } from '@app/contracts';
import type { DataScope } from '../../core/auth/data-scope.js';
import type { LinkDriver } from '../../core/data-links.js';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import { AppError } from '../../core/errors.js';
import { DataSourceService } from '../data-source/data-source.service.js';
import { bindNamedParams, reasonOf } from '../database-link/sql-text.js';
import { InterfaceService } from '../interface/interface.service.js';

export interface DataSetResult {
  rows: Record<string, unknown>[];
  fields: { name: string; type: 'text' | 'number' | 'date' }[];
  truncated: boolean;
}

/** The scope a view applies: null reads every row (a data set without scope columns, or an unlimited viewer). */
export type RowScope = DataScope | null;

const SCOPE_PARAM = '__report_scope_';

/** A name quoted for the link's database (scope columns are checked identifiers, quoted for their case). */
function quoteName(driver: LinkDriver, name: string): string {
  if (driver.type === 'mysql') return `\`${name.replace(/`/g, '``')}\``;
  if (driver.type === 'sqlserver') return `[${name.replace(/]/g, ']]')}]`;
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * The rows a data scope leaves of a data set's SQL: `select * from (<sql>) q where <owner> in (…) or <department>
 * in (…) or <company> in (…)`, every value bound. A scope with nothing in it leaves no row.
 */
function scopedSql(driver: LinkDriver, text: string, dataSet: DataSet, scope: DataScope, values: Record<string, unknown>): string {
  if (scope.all) return text;
  const columns = dataSet.scope ?? {};
  const parts: string[] = [];
  let n = 0;
  const add = (column: string | undefined, ids: string[]) => {
    if (!column || !ids.length) return;
    const names = ids.map((id) => {
      const name = `${SCOPE_PARAM}${n++}`;
      values[name] = id;
      return `@${name}`;
    });
    parts.push(`q.${quoteName(driver, column)} in (${names.join(', ')})`);
  };
  add(columns.user, scope.userIds);
  add(columns.department, scope.departmentIds);
  add(columns.company, scope.companyIds);
  return `select * from (${text}\n) q where ${parts.length ? parts.join(' or ') : '1 = 0'}`;
}

/** Whether a data set names scope columns (then a release applies the viewer's data scope to it). */
export const hasScopeColumns = (dataSet: DataSet) => !!(dataSet.scope?.user || dataSet.scope?.department || dataSet.scope?.company);

const typeOf = (value: unknown): 'text' | 'number' | 'date' => {
  if (typeof value === 'number' || typeof value === 'bigint') return 'number';
  if (value instanceof Date || (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2})?)?/.test(value))) return 'date';
  return 'text';
};

/** Fields of rows that came without a description (interfaces, static rows): the keys of the first rows. */
function fieldsOfRows(rows: Record<string, unknown>[]): DataSetResult['fields'] {
  const seen = new Map<string, DataSetResult['fields'][number]['type']>();
  for (const row of rows.slice(0, 50)) {
    for (const [name, value] of Object.entries(row)) if (!seen.has(name) || (value !== null && seen.get(name) === 'text')) seen.set(name, typeOf(value));
  }
  return [...seen].map(([name, type]) => ({ name, type }));
}

/** A value at a dotted path of an interface's JSON answer ('' = the answer itself). */
function atPath(value: unknown, path: string | undefined): unknown {
  let current = value;
  for (const key of (path ?? '').split('.').filter(Boolean)) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/**
 * Reads a report's data sets: SQL on a database link through the read-only path (read-only transaction, the link's
 * query role, the server's time-out; `@name` bound, never concatenated), a defined data source (its SQL on its
 * link), a defined interface (the outbound address guard applies) or the design's static rows. At most
 * REPORT_LIMITS.dataSetRows rows each; more are cut and the report says so.
 */
export class DataSetReader {
  private readonly dataSources: DataSourceService;
  private readonly interfaces: InterfaceService;

  constructor(private readonly deps: AppDeps) {
    this.dataSources = new DataSourceService(deps);
    this.interfaces = new InterfaceService(deps);
  }

  async read(
    auth: AuthContext,
    dataSet: DataSet,
    values: Record<string, unknown>,
    scope: RowScope,
    maxRows: number = REPORT_LIMITS.dataSetRows,
  ): Promise<DataSetResult> {
    const applied = scope && hasScopeColumns(dataSet) ? scope : null;
    switch (dataSet.kind) {
      case 'static': {
        const rows = (dataSet.rows ?? []).slice(0, maxRows).map((row) => ({ ...row }));
        return { rows: applied ? rows.filter((row) => inScope(row, dataSet, applied)) : rows, fields: fieldsOfRows(rows), truncated: false };
      }
      case 'interface': {
        if (!dataSet.interfaceId) throw new AppError('report.dataSetInterface', { name: dataSet.name }, 400);
        const stringValues = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === null || v === undefined ? '' : String(v)]));
        const answer = await this.interfaces.call(auth, dataSet.interfaceId, stringValues);
        const found = atPath(answer.body, dataSet.rowsPath);
        if (!Array.isArray(found) || found.some((row) => row === null || typeof row !== 'object' || Array.isArray(row)))
          throw new AppError('report.dataSetNotRows', { name: dataSet.name }, 400);
        const all = found as Record<string, unknown>[];
        const rows = (applied ? all.filter((row) => inScope(row, dataSet, applied)) : all).slice(0, maxRows);
        return { rows, fields: fieldsOfRows(rows), truncated: all.length > maxRows };
      }
      case 'dataSource': {
        if (!dataSet.dataSourceId) throw new AppError('report.dataSetSource', { name: dataSet.name }, 400);
        const source = await this.dataSources.detail(auth, dataSet.dataSourceId);
        // The data source's own parameter defaults, then the report's values of the same names.
        const defaults = Object.fromEntries(source.F_Params.map((p) => [p.name, p.defaultValue]));
        return this.sql(auth, dataSet, source.F_DbId, source.F_Sql, { ...defaults, ...values }, applied, maxRows);
      }
      case 'sql': {
        if (!dataSet.linkId) throw new AppError('report.dataSetLink', { name: dataSet.name }, 400);
        if (!dataSet.sql?.trim()) throw new AppError('report.dataSetSql', { name: dataSet.name }, 400);
        return this.sql(auth, dataSet, dataSet.linkId, dataSet.sql, values, applied, maxRows);
      }
    }
  }

  private async sql(
    auth: AuthContext,
    dataSet: DataSet,
    linkId: string,
    text: string,
    given: Record<string, unknown>,
    scope: DataScope | null,
    maxRows: number,
  ): Promise<DataSetResult> {
    const driver = await this.deps.links.forLink(auth.tenantId, linkId);
    const values = { ...given };
    const statement = scope ? scopedSql(driver, text, dataSet, scope, values) : text;
    try {
      const bound = bindNamedParams(statement, values, (n) => driver.placeholder(n), {
        backslashEscapes: driver.type === 'mysql',
        bracketQuotes: driver.type === 'sqlserver',
      });
      const result = await driver.readQuery(bound.sql, { params: bound.params, maxRows, timeoutMs: this.deps.config.sql.timeoutMs });
      const fields = result.fields.map((f) => ({ name: f.name, type: fieldType(f.dataType) }));
      return { rows: result.rows, fields: fields.length ? fields : fieldsOfRows(result.rows), truncated: result.truncated };
    } catch (error) {
      if (error instanceof AppError && error.key !== 'dataLink.queryFailed') throw error;
      throw new AppError(
        'report.dataSetFailed',
        { name: dataSet.name, detail: error instanceof AppError ? String(error.params.reason ?? error.key) : reasonOf(error) },
        400,
      );
    }
  }

  /** Whoever saves a design must be allowed to run SQL on links themselves (its rows reach every viewer). */
  async assertMayUseLinks(auth: AuthContext, design: ReportDesign): Promise<void> {
    const needsQuery = design.dataSets.some((d) => d.kind === 'sql' || d.kind === 'dataSource');
    if (needsQuery && !(await this.deps.grants.hasAny(auth, [dataPermissions.linkQuery]))) {
      const first = design.dataSets.find((d) => d.kind === 'sql' || d.kind === 'dataSource')!;
      throw new AppError('report.linkNotAllowed', { id: first.linkId ?? first.dataSourceId ?? first.name }, 403);
    }
  }
}

/** Static and interface rows are filtered here (SQL rows by the database). */
function inScope(row: Record<string, unknown>, dataSet: DataSet, scope: DataScope): boolean {
  if (scope.all) return true;
  const s = dataSet.scope ?? {};
  const has = (column: string | undefined, ids: string[]) => !!column && ids.includes(String(row[column] ?? ''));
  return has(s.user, scope.userIds) || has(s.department, scope.departmentIds) || has(s.company, scope.companyIds);
}

function fieldType(dataType: string): 'text' | 'number' | 'date' {
  const t = dataType.toLowerCase();
  if (/(int|numeric|decimal|real|double|float|money|number)/.test(t)) return 'number';
  if (/(date|time)/.test(t)) return 'date';
  return 'text';
}
