import { FIELD_OPTIONS_MAX, flattenFields, type FieldOptionsResult, type FormField } from '@app/contracts';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import { AppError, notFound } from '../../core/errors.js';
import { runReadQuery } from '../database-link/read-query.js';
import { IDENTIFIER, bindNamedParams } from '../database-link/sql-text.js';
import type { LinkDriver } from '../../core/data-links.js';
import { DataSourceService } from '../data-source/index.js';
import { containsLike, dialectOf } from '../data-source/dialect.js';
import type { FormSchemeRepository } from './form-scheme.repository.js';
import type { LoadedForm } from './form-scheme.service.js';
import { linkIdOf } from './form-tables.js';

/** The filter's own parameter; `__` keeps it apart from the SQL's. */
const KEYWORD_PARAM = '__kw';
/** The parent values' parameters (`__pv0`, `__pv1`, …) of a cascaded field. */
const PARENT_PARAM = '__pv';

/**
 * A cascaded field's filter (docs/form-publishing-design.md "Data relations"): the option rows whose `column` equals
 * one of the source field's values (a multi-value source is comma-joined). No values: no options.
 */
interface ParentFilter {
  column: string;
  values: string[];
}

/** The parent value split into its values (comma-joined multi-values), blanks dropped. */
const parentValues = (parentValue: string) =>
  parentValue
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');

/** A row's value of a column, the name matched without case (databases fold unquoted names differently). */
function columnValue(row: Record<string, unknown>, column: string): unknown {
  if (column in row) return row[column];
  const key = Object.keys(row).find((k) => k.toLowerCase() === column.toLowerCase());
  return key === undefined ? undefined : row[key];
}

/** Whether the SQL reads `@keyword` (binding tells: the value comes back among the bound parameters). */
function usesKeyword(driver: LinkDriver, sql: string): boolean {
  const marker = {};
  const bound = bindNamedParams(sql, { keyword: marker }, (n) => driver.placeholder(n), {
    backslashEscapes: driver.type === 'mysql',
    bracketQuotes: driver.type === 'sqlserver',
  });
  return bound.params.includes(marker);
}

/**
 * Options of select-like fields whose source is a data source or SQL (docs/forms-design.md "Calls", field-options):
 * always run from a stored scheme (or, for the designer's preview, by a caller who may edit forms), read-only through
 * the Data platform, at most FIELD_OPTIONS_MAX rows.
 */
export class FieldOptionsService {
  private readonly sources: DataSourceService;

  constructor(
    private readonly deps: AppDeps,
    private readonly repo: FormSchemeRepository,
  ) {
    this.sources = new DataSourceService(deps);
  }

  /**
   * A stored field's options. `parentValue` is the source field's value when an enabled data relation cascades this
   * field: only the rows whose filter column equals one of its values answer (none for an empty value). Without a
   * relation on the field it is ignored.
   */
  async ofStored(auth: AuthContext, loaded: LoadedForm, formId: number, keyword: string | undefined, parentValue?: string): Promise<FieldOptionsResult> {
    const place = flattenFields(loaded.scheme.data).find((p) => p.field.__config__.formId === formId);
    if (!place) throw notFound('forms.fieldNotFound', { formId });
    let parent: ParentFilter | undefined;
    if (parentValue !== undefined) {
      const relation = await this.repo.cascadeOf(auth.tenantId, loaded.form.F_Id, formId);
      if (relation) parent = { column: relation.filterField, values: parentValues(parentValue) };
    }
    if (parent?.values.length === 0) return { rows: [] };
    return this.ofField(auth, place.field, keyword, parent);
  }

  /**
   * dataSource: the source's rows, filtered by showField containing the keyword; dataSql: the field's SQL with
   * `@keyword` bound when it uses it, else filtered by showField the same way. Other sources: 400.
   */
  async ofField(auth: AuthContext, field: FormField, keyword: string | undefined, parent?: ParentFilter): Promise<FieldOptionsResult> {
    const c = field.__config__;
    const label = c.label ?? '';
    const text = keyword?.trim() ?? '';
    if (c.dataType === 'dataSource') {
      if (!c.dataSource) throw new AppError('forms.optionsSourceMissing', { label });
      const id = (await this.repo.dataSourceId(auth.tenantId, c.dataSource)) ?? c.dataSource;
      const filter = text && c.showField ? { field: c.showField, keyword: text } : {};
      // Filtered by the parent's values afterwards, so as many rows as a run may answer are read first.
      const size = parent ? this.deps.config.sql.maxRows : FIELD_OPTIONS_MAX;
      const page = await this.sources.data(auth, id, { limit: 1, size, params: {}, ...filter });
      const rows = parent ? page.Rows.filter((row) => parent.values.includes(String(columnValue(row, parent.column) ?? ''))) : page.Rows;
      return { rows: rows.slice(0, FIELD_OPTIONS_MAX) };
    }
    if (c.dataType === 'dataSql') {
      if (!c.sql?.trim()) throw new AppError('forms.optionsSourceMissing', { label });
      const driver = await this.deps.links.forLink(auth.tenantId, linkIdOf(c.database));
      let sql = c.sql;
      const values: Record<string, unknown> = { keyword: text };
      if (!usesKeyword(driver, sql) && text && c.showField) {
        if (!IDENTIFIER.test(c.showField)) throw new AppError('dataSource.unknownField', { field: c.showField });
        sql = `select * from (${sql}\n) d where lower(${dialectOf(driver).asText(`d.${driver.quoteIdent(c.showField)}`)}) like @${KEYWORD_PARAM} escape '!'`;
        values[KEYWORD_PARAM] = containsLike(text);
      }
      if (parent) {
        if (!IDENTIFIER.test(parent.column)) throw new AppError('formRelation.filterFieldInvalid', { field: parent.column });
        const names = parent.values.map((value, i) => {
          values[`${PARENT_PARAM}${i}`] = value;
          return `@${PARENT_PARAM}${i}`;
        });
        // Compared as text: the source's values are text, the column may be a number.
        sql = `select * from (${sql}\n) t where ${dialectOf(driver).asText(`t.${driver.quoteIdent(parent.column)}`)} in (${names.join(', ')})`;
      }
      const result = await runReadQuery(driver, this.deps.config, sql, values, { maxRows: FIELD_OPTIONS_MAX });
      return { rows: result.rows };
    }
    throw new AppError('forms.noRemoteOptions', { label });
  }
}
