import { type CrudAddBody, type CrudDeleteQuery, type CrudListQuery, type CrudUpdateBody, type TableColumn, dataPermissions } from '@app/contracts';
import { stripColumns } from '../../core/auth/columns.js';
import type { DataScope } from '../../core/auth/data-scope.js';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import { TIME_ZONE } from '../../core/db/helpers.js';
import { localDateTime } from '../../core/time-zone.js';
import { AppError, forbidden } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { LinkDriver } from '../../core/data-links.js';
import { DataDesignRepository } from './data-design.repository.js';
import {
  bindValue,
  columnsOf,
  deleteSql,
  findSql,
  insertSql,
  listSql,
  mysqlCanReturn,
  primaryKeyOf,
  readRow,
  updateSql,
  type CrudContext,
} from './crud-sql.js';
import { dialectOf, isSystemColumn } from './ddl.js';
import { databaseDetail } from './design.service.js';

type Button = 'list' | 'add' | 'edit' | 'delete';
interface Target {
  linkId: string;
  tableName: string;
  moduleCode?: string;
}

/** Now as the tenant reads it ('yyyy-MM-dd HH:mm:ss'); the columns have no time zone. */
export const now = () => localDateTime(new Date(), TIME_ZONE);

/**
 * Generic CRUD over tables released through the designer (data_tables of the caller's tenant). Permission: the
 * screen's button `<moduleCode>.<button>`, or linkDesign without a screen. The screen's data scope filters rows by
 * the system columns, so rows outside it are invisible: update and delete answer 404 for them.
 */
export class CrudService {
  private readonly repo: DataDesignRepository;
  /** Per pool: whether the MySQL-dialect server can answer INSERT … RETURNING. */
  private readonly returning = new WeakMap<LinkDriver, Promise<boolean>>();

  constructor(private readonly deps: AppDeps) {
    this.repo = new DataDesignRepository(deps.db);
  }

  private mysqlReturns(driver: LinkDriver): Promise<boolean> {
    let known = this.returning.get(driver);
    if (!known) {
      known = driver
        .execute('select version() as v', [])
        .then((r) => mysqlCanReturn(String(r.rows[0]?.v ?? '')))
        .catch(() => false);
      this.returning.set(driver, known);
    }
    return known;
  }

  private async open(auth: AuthContext, target: Target, button: Button): Promise<{ driver: LinkDriver; ctx: CrudContext; scope: DataScope }> {
    const permission = target.moduleCode ? `${target.moduleCode}.${button}` : dataPermissions.linkDesign;
    if (!(await this.deps.grants.hasAny(auth, [permission]))) throw forbidden(permission);
    const table = await this.repo.released(auth.tenantId, target.linkId, target.tableName);
    if (!table) throw new AppError('dataDesign.tableNotReleased', { name: target.tableName }, 404);
    const driver = await this.deps.links.forLink(auth.tenantId, target.linkId);
    const ctx: CrudContext = { dialect: dialectOf(driver.type), placeholder: (n) => driver.placeholder(n), design: table.F_Design };
    return { driver, ctx, scope: await this.scopeOf(auth, target.moduleCode) };
  }

  /** The data scope of the screen (the same rules as every list: DataScopeService); administrators' calls see all. */
  private async scopeOf(auth: AuthContext, moduleCode: string | undefined): Promise<DataScope> {
    if (!moduleCode) return { all: true };
    const module = (await this.deps.catalog.rows()).find((m) => m.en_code === moduleCode);
    return module ? this.deps.dataScopes.of(auth, module.id) : { all: true };
  }

  private async run(driver: LinkDriver, statement: { sql: string; params: unknown[] }) {
    try {
      return await driver.execute(statement.sql, statement.params);
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError('dataDesign.crudFailed', { detail: databaseDetail(error) }, 400);
    }
  }

  async list(auth: AuthContext, q: CrudListQuery) {
    const { driver, ctx, scope } = await this.open(auth, q, 'list');
    const { page, count } = listSql(ctx, {
      scope,
      keyword: q.keyword || undefined,
      field: q.field,
      orderBy: q.orderBy,
      order: q.order,
      page: q.limit,
      size: q.size,
    });
    const [rows, total, hidden] = await Promise.all([
      this.run(driver, page),
      this.run(driver, count),
      // Column permissions of the screen apply as on every list.
      q.moduleCode ? this.deps.columns.hidden(auth, q.moduleCode) : Promise.resolve([]),
    ]);
    const first = total.rows[0] ?? {};
    return {
      Rows: stripColumns(
        rows.rows.map((row) => readRow(ctx.design, row)),
        hidden,
      ),
      Total: Number(first.total ?? first.TOTAL ?? 0),
    };
  }

  /** Declared columns of `data`, checked and converted; system columns are the server's and are skipped. */
  private values(ctx: CrudContext, data: Record<string, unknown>, skipKey: boolean): Map<string, [TableColumn, unknown]> {
    const columns = columnsOf(ctx.design);
    const values = new Map<string, [TableColumn, unknown]>();
    for (const [name, value] of Object.entries(data)) {
      const column = columns.get(name.toLowerCase());
      if (!column) throw new AppError('dataDesign.unknownColumn', { table: ctx.design.tableName, column: name.slice(0, 64) });
      if (isSystemColumn(column.name) || column.identity || (skipKey && column.primaryKey)) continue;
      const bound = bindValue(ctx.dialect, column, value);
      if (bound === null && !column.nullable) throw new AppError('dataDesign.valueRequired', { column: column.name });
      values.set(column.name, [column, bound]);
    }
    return values;
  }

  async add(auth: AuthContext, body: CrudAddBody): Promise<{ id: string | number | null }> {
    const { driver, ctx } = await this.open(auth, body, 'add');
    const values = this.values(ctx, body.data, false);
    const key = primaryKeyOf(ctx.design);
    if (!key.identity && !values.has(key.name)) {
      if (key.dataType !== 'varchar') throw new AppError('dataDesign.valueRequired', { column: key.name });
      values.set(key.name, [key, newId()]);
    }
    for (const column of ctx.design.columns) {
      if (!column.nullable && !column.identity && !values.has(column.name) && (column.defaultValue ?? null) === null) {
        throw new AppError('dataDesign.valueRequired', { column: column.name });
      }
    }
    const units = await this.repo.unitsOf(auth.tenantId, auth.userId);
    const system: [string, unknown][] = [
      ['F_CreateUserId', auth.userId],
      ['F_CreateDate', now()],
      ['F_CompanyId', units.companyId],
      ['F_DepartmentId', units.departmentId],
    ];
    const all = columnsOf(ctx.design);
    const row = [...values.values(), ...system.map(([name, value]): [TableColumn, unknown] => [all.get(name.toLowerCase())!, value])];
    const returning = key.identity && ctx.dialect === 'mysql' && (await this.mysqlReturns(driver));
    const result = await this.run(driver, insertSql(ctx, row, returning));
    const given = values.get(key.name)?.[1];
    if (given !== undefined) return { id: given as string | number };
    // PostgreSQL, SQL Server and MariaDB answer the generated key; MySQL's identity is not returned through a pool.
    const returned = result.rows[0] ? readRow(ctx.design, result.rows[0])[key.name] : null;
    return { id: (returned as string | number | null) ?? null };
  }

  private keyValue(ctx: CrudContext, id: unknown): unknown {
    const key = primaryKeyOf(ctx.design);
    try {
      return bindValue(ctx.dialect, key, key.dataType === 'varchar' ? String(id) : id);
    } catch {
      throw new AppError('dataDesign.badId', { type: key.dataType });
    }
  }

  async update(auth: AuthContext, body: CrudUpdateBody): Promise<void> {
    const { driver, ctx, scope } = await this.open(auth, body, 'edit');
    const id = this.keyValue(ctx, body.id);
    const values = this.values(ctx, body.data, true);
    if ((await this.run(driver, findSql(ctx, id, scope))).rows.length === 0) throw new AppError('dataDesign.rowNotFound', {}, 404);
    const modified = columnsOf(ctx.design).get('f_modifydate')!;
    await this.run(driver, updateSql(ctx, id, [...values.values(), [modified, now()]], scope));
  }

  async remove(auth: AuthContext, q: CrudDeleteQuery): Promise<void> {
    const { driver, ctx, scope } = await this.open(auth, q, 'delete');
    const id = this.keyValue(ctx, q.id);
    if ((await this.run(driver, findSql(ctx, id, scope))).rows.length === 0) throw new AppError('dataDesign.rowNotFound', {}, 404);
    await this.run(driver, deleteSql(ctx, id, scope));
  }
}
