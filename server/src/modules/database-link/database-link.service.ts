import {
  DEFAULT_LINK_ID,
  type DatabaseLinkBody,
  type DatabaseLinkRow,
  type DatabaseLinkTestQuery,
  type LinkQueryResult,
  type LinkTreeNode,
  type PageQuery,
  dataPermissions,
} from '@app/contracts';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import { refusingDuplicates } from '../../core/db/helpers.js';
import { AppError, forbidden } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { translate, type Lang } from '../../core/i18n/index.js';
import { DatabaseLinkRepository, type LinkValues } from './database-link.repository.js';
import type { LinkDriver, LinkSettings } from '../../core/data-links.js';
import { tenantReaderRole, tenantSchema } from './driver-platform.js';
import { PasswordCipher } from './password-cipher.js';
import { parseParamValues, runReadQuery } from './read-query.js';
import { IDENTIFIER, assertIdentifier } from './sql-text.js';

/** Table lists without paging are capped: a schema with more tables is browsed with /tables/page. */
const TABLE_LIST_MAX = 2000;
const VALIDATE_NAMES_MAX = 100;

/**
 * Database links (docs/data-platform-design.md): CRUD of the tenant's links (the platform link DEFAULT_LINK_ID is
 * listed first and fixed), connection tests, table browsing and read-only user SQL through deps.links.
 * Every call is scoped to the caller's tenant: another tenant's link is "not found".
 */
export class DatabaseLinkService {
  private readonly repo: DatabaseLinkRepository;
  private readonly cipher: PasswordCipher;

  constructor(private readonly deps: AppDeps) {
    this.repo = new DatabaseLinkRepository(deps.db);
    this.cipher = new PasswordCipher(deps.config.jwtSecret);
  }

  defaultRow(auth: AuthContext, lang: Lang): DatabaseLinkRow {
    return {
      F_Id: DEFAULT_LINK_ID,
      F_DBAlias: translate(lang, 'dataLink.defaultAlias'),
      F_DbType: 'platform',
      F_ServerAddress: '',
      F_Port: 0,
      F_DBName: '',
      F_Schema: tenantSchema(auth.tenantId),
      F_UserName: '',
      F_HasPassword: false,
      F_QueryRole: tenantReaderRole(auth.tenantId),
      F_GroupName: '',
      F_Description: '',
      F_SortCode: 0,
      F_CreateDate: null,
      F_IsDefault: true,
      F_TaskWritable: 0,
    };
  }

  async page(auth: AuthContext, lang: Lang, q: PageQuery): Promise<{ Rows: DatabaseLinkRow[]; Total: number }> {
    const local = this.defaultRow(auth, lang);
    const keyword = q.keyword?.trim() ?? '';
    const showLocal = !keyword || local.F_DBAlias.toLowerCase().includes(keyword.toLowerCase()) || DEFAULT_LINK_ID.includes(keyword.toLowerCase());
    // The platform link is the first item of one virtual list; stored links follow it.
    const start = (q.limit - 1) * q.size;
    const shift = showLocal ? 1 : 0;
    const includeLocal = showLocal && start === 0;
    const { rows, total } = await this.repo.page(auth.tenantId, {
      keyword: keyword || undefined,
      offset: Math.max(0, start - shift),
      limit: includeLocal ? q.size - 1 : q.size,
    });
    return { Rows: includeLocal ? [local, ...rows] : rows, Total: total + shift };
  }

  async groups(auth: AuthContext, lang: Lang, groupName?: string): Promise<{ F_GroupName: string; children: DatabaseLinkRow[] }[]> {
    const rows = await this.repo.all(auth.tenantId, groupName);
    const groups = new Map<string, DatabaseLinkRow[]>();
    if (groupName === undefined || groupName === '') groups.set('', [this.defaultRow(auth, lang)]);
    for (const row of rows) {
      const list = groups.get(row.F_GroupName) ?? [];
      list.push(row);
      groups.set(row.F_GroupName, list);
    }
    return [...groups].map(([F_GroupName, children]) => ({ F_GroupName, children }));
  }

  async test(auth: AuthContext, q: DatabaseLinkTestQuery): Promise<{ durationMs: number }> {
    if (!(await this.deps.grants.hasAny(auth, [dataPermissions.linkAdd, dataPermissions.linkEdit]))) throw forbidden(dataPermissions.linkAdd);
    const started = performance.now();
    if (q.id === DEFAULT_LINK_ID) {
      await (await this.deps.links.forLink(auth.tenantId, DEFAULT_LINK_ID)).ping();
      return { durationMs: Math.round(performance.now() - started) };
    }
    let stored: LinkSettings | null = null;
    if (q.id) {
      const row = await this.repo.connectionOf(auth.tenantId, q.id);
      if (!row) throw new AppError('dataLink.notFound', { id: q.id }, 404);
      let password = '';
      try {
        password = this.cipher.decrypt(row.password_cipher);
      } catch {
        if (!q.F_Password) throw new AppError('dataLink.passwordUndecryptable', {}, 400);
      }
      stored = {
        id: row.id,
        dbType: row.db_type as LinkSettings['dbType'],
        host: row.host,
        port: row.port,
        database: row.database_name,
        schema: row.schema_name,
        user: row.user_name,
        password,
        queryRole: row.query_role,
      };
    }
    const dbType = q.F_DbType ?? stored?.dbType;
    const host = q.F_ServerAddress ?? stored?.host;
    const port = q.F_Port ?? stored?.port;
    const database = q.F_DBName ?? stored?.database;
    if (!dbType || !host || !port || !database) {
      throw new AppError('error.validation', { detail: 'querystring: id, or F_DbType, F_ServerAddress, F_Port and F_DBName' }, 400);
    }
    await this.deps.links.probe({
      id: q.id ?? '',
      dbType,
      host,
      port,
      database,
      schema: q.F_Schema ?? stored?.schema ?? '',
      user: q.F_UserName ?? stored?.user ?? '',
      password: q.F_Password || stored?.password || '',
      queryRole: q.F_QueryRole ?? stored?.queryRole ?? '',
    });
    return { durationMs: Math.round(performance.now() - started) };
  }

  async add(auth: AuthContext, body: DatabaseLinkBody): Promise<string> {
    if (await this.repo.aliasTaken(auth.tenantId, body.F_DBAlias)) throw new AppError('dataLink.aliasTaken', { alias: body.F_DBAlias }, 409);
    const id = newId();
    await refusingDuplicates(
      () => this.repo.insert(auth.tenantId, auth.userId, id, values(body), this.cipher.encrypt(body.F_Password ?? '')),
      () => new AppError('dataLink.aliasTaken', { alias: body.F_DBAlias }, 409),
    );
    return id;
  }

  async update(auth: AuthContext, id: string, body: DatabaseLinkBody): Promise<void> {
    if (id === DEFAULT_LINK_ID) throw new AppError('dataLink.defaultReadOnly', {}, 400);
    if (await this.repo.aliasTaken(auth.tenantId, body.F_DBAlias, id)) throw new AppError('dataLink.aliasTaken', { alias: body.F_DBAlias }, 409);
    const cipher = body.F_Password ? this.cipher.encrypt(body.F_Password) : undefined;
    const updated = await refusingDuplicates(
      () => this.repo.update(auth.tenantId, id, values(body), cipher),
      () => new AppError('dataLink.aliasTaken', { alias: body.F_DBAlias }, 409),
    );
    if (!updated) throw new AppError('dataLink.notFound', { id }, 404);
    await this.deps.links.forget(id);
  }

  async remove(auth: AuthContext, id: string): Promise<void> {
    if (id === DEFAULT_LINK_ID) throw new AppError('dataLink.defaultReadOnly', {}, 400);
    if (!(await this.repo.remove(auth.tenantId, id))) throw new AppError('dataLink.notFound', { id }, 404);
    await this.deps.links.forget(id);
  }

  /** Lets scheduled SQL tasks write through a link (1) or only read (0); never the platform link. */
  async setTaskWritable(auth: AuthContext, id: string, writable: number): Promise<void> {
    if (id === DEFAULT_LINK_ID) throw new AppError('dataLink.defaultReadOnly', {}, 400);
    if (!(await this.repo.setTaskWritable(auth.tenantId, id, writable))) throw new AppError('dataLink.notFound', { id }, 404);
  }

  private driver(auth: AuthContext, id: string): Promise<LinkDriver> {
    return this.deps.links.forLink(auth.tenantId, id);
  }

  async tables(auth: AuthContext, id: string, keyword?: string) {
    return (await (await this.driver(auth, id)).listTables({ keyword, offset: 0, limit: TABLE_LIST_MAX })).rows;
  }

  async tablePage(auth: AuthContext, id: string, q: PageQuery) {
    const { rows, total } = await (await this.driver(auth, id)).listTables({ keyword: q.keyword, offset: (q.limit - 1) * q.size, limit: q.size });
    return { Rows: rows, Total: total };
  }

  async columns(auth: AuthContext, id: string, table: string) {
    const driver = await this.driver(auth, id);
    const columns = await driver.columns(assertIdentifier(table));
    if (columns.length === 0 && !(await driver.tableExists(table))) throw new AppError('dataLink.tableNotFound', { table }, 404);
    return columns;
  }

  async tableData(auth: AuthContext, id: string, table: string, q: { limit: number; size: number; after?: string }) {
    const driver = await this.driver(auth, id);
    if (!(await driver.tableExists(assertIdentifier(table)))) throw new AppError('dataLink.tableNotFound', { table }, 404);
    const page = await driver.tableData(table, { offset: (q.limit - 1) * q.size, limit: q.size, after: q.after });
    return { Rows: page.rows, Total: page.total, Next: page.next ?? null };
  }

  async query(auth: AuthContext, id: string, q: { sql: string; params?: string }, maxRows?: number): Promise<LinkQueryResult> {
    const driver = await this.driver(auth, id);
    const cap = maxRows ?? this.deps.config.sql.maxRows;
    const result = await runReadQuery(driver, this.deps.config, q.sql, parseParamValues(q.params), { maxRows: cap });
    return { ...result, maxRows: cap };
  }

  async fields(auth: AuthContext, id: string, q: { sql: string; params?: string }) {
    return (await this.query(auth, id, q, 0)).fields;
  }

  async tree(auth: AuthContext, id: string, q: { sql: string; params?: string; idField: string; parentField: string }) {
    const result = await this.query(auth, id, q);
    for (const column of [q.idField, q.parentField]) {
      if (!result.fields.some((f) => f.name === column)) throw new AppError('dataLink.columnNotFound', { column }, 400);
    }
    return { tree: buildTree(result.rows, q.idField, q.parentField), truncated: result.truncated };
  }

  async validateTableNames(auth: AuthContext, id: string, tableNames: string) {
    const names = [
      ...new Set(
        tableNames
          .split(',')
          .map((n) => n.trim())
          .filter(Boolean),
      ),
    ].slice(0, VALIDATE_NAMES_MAX);
    const invalid = names.filter((n) => !IDENTIFIER.test(n));
    const valid = names.filter((n) => IDENTIFIER.test(n));
    const driver = await this.driver(auth, id);
    const found = await Promise.all(valid.map((n) => driver.tableExists(n)));
    return { exists: valid.filter((_, i) => found[i]), missing: valid.filter((_, i) => !found[i]), invalid };
  }

  /** Distinct values of one result column of a query (filters' option lists). */
  async columnData(auth: AuthContext, id: string, column: string, q: { sql: string; params?: string }) {
    const driver = await this.driver(auth, id);
    const col = driver.quoteIdent(assertIdentifier(column, 'column'));
    const result = await runReadQuery(driver, this.deps.config, `select distinct d.${col} as value from (${q.sql}\n) d`, parseParamValues(q.params));
    const values = result.rows.map((r) => r.value);
    values.sort((a, b) => (a === null ? -1 : b === null ? 1 : String(a).localeCompare(String(b), 'zh-CN', { numeric: true })));
    return { values, truncated: result.truncated };
  }
}

function values(body: DatabaseLinkBody): LinkValues {
  return {
    alias: body.F_DBAlias,
    db_type: body.F_DbType,
    host: body.F_ServerAddress,
    port: body.F_Port,
    database_name: body.F_DBName,
    schema_name: body.F_Schema,
    user_name: body.F_UserName,
    query_role: body.F_QueryRole,
    group_name: body.F_GroupName,
    description: body.F_Description,
    sort_code: body.F_SortCode,
  };
}

/** Rows whose parent is empty, '0' or not among the ids are roots; a cycle's members are left out. */
export function buildTree(rows: Record<string, unknown>[], idField: string, parentField: string): LinkTreeNode[] {
  const nodes = new Map<string, LinkTreeNode>();
  for (const row of rows) {
    const key = row[idField];
    if (key === null || key === undefined) continue;
    nodes.set(String(key), { ...row, children: [] });
  }
  const roots: LinkTreeNode[] = [];
  for (const node of nodes.values()) {
    const parent = node[parentField];
    const parentNode = parent === null || parent === undefined || parent === '' ? undefined : nodes.get(String(parent));
    if (parentNode && parentNode !== node) parentNode.children.push(node);
    else roots.push(node);
  }
  return roots;
}
