import mysql from 'mysql2/promise';
import type { AppConfig } from '../../core/config.js';
import { AppError } from '../../core/errors.js';
import type { CheckedAddress } from './address-guard.js';
import type { ColumnInfo, LinkDriver, LinkSettings, LinkTransaction, QueryResult, ReadQueryOptions, TableInfo } from '../../core/data-links.js';
import { CONNECT_TIMEOUT_MS, POOL_MAX, connectFailed } from './driver-postgres.js';
import { EXACT_COUNT_LIMIT, cursorText } from './pg-catalog.js';
import { reasonOf, takeRows } from './sql-text.js';

const typeNames = new Map<number, string>(Object.entries(mysql.Types).map(([name, id]) => [id as number, name.toLowerCase()]));

/** MariaDB 1969 / MySQL 3024: the server stopped the statement at its time limit; 1317: interrupted (KILL QUERY). */
const TIMEOUT_ERRNOS = new Set([1969, 3024, 1317]);
/** 1792: statement refused in a read-only transaction/session. */
const READ_ONLY_ERRNOS = new Set([1792]);
/** Extra time the client waits beyond the server-side limit before it gives up on the connection. */
const CLIENT_GRACE_MS = 5000;

export const myQuote = (name: string) => `\`${name.replace(/`/g, '``')}\``;

const intOnly = (n: number) => {
  if (!Number.isSafeInteger(n) || n < 0) throw new AppError('dataLink.queryFailed', { reason: `bad number ${n}` }, 400);
  return n;
};

type Conn = mysql.PoolConnection;
/** mysql2 refuses undefined; its value type does not admit unknown. */
const bind = (params: unknown[]): mysql.ExecuteValues[] => params.map((v) => (v === undefined ? null : v)) as mysql.ExecuteValues[];

/**
 * MySQL and MariaDB links. Two pools: catalog/paging/CRUD statements, and a separate read pool for user-written SQL
 * whose connections are put in `set session transaction read only` (DDL then fails with 1792; a plain
 * `start transaction read only` would let DDL commit implicitly) and `set role` when they connect. Statements are
 * prepared (one statement, values bound); multiple statements and LOCAL INFILE are off.
 */
export class MysqlDriver implements LinkDriver {
  readonly type = 'mysql' as const;
  private readonly meta: mysql.Pool;
  private readonly read: mysql.Pool;
  /** Connections that ran their session set-up (a failed set-up destroys the connection instead). */
  private readonly initialised = new WeakSet<object>();
  private flavour: Promise<'mariadb' | 'mysql'> | null = null;

  constructor(
    private readonly settings: LinkSettings,
    address: CheckedAddress,
    private readonly config: AppConfig,
  ) {
    const options: mysql.PoolOptions = {
      host: address.address,
      port: settings.port,
      user: settings.user,
      password: settings.password,
      database: settings.database,
      connectionLimit: POOL_MAX,
      maxIdle: POOL_MAX,
      idleTimeout: 30_000,
      connectTimeout: CONNECT_TIMEOUT_MS,
      multipleStatements: false,
      flags: ['-LOCAL_FILES'],
      dateStrings: true,
      supportBigNumbers: true,
      bigNumberStrings: true,
      maxPreparedStatements: 64,
      charset: 'utf8mb4',
    };
    this.meta = mysql.createPool(options);
    this.read = mysql.createPool(options);
    // Idle connections the server drops must not crash the process.
    for (const pool of [this.meta, this.read]) (pool as unknown as { pool: { on(e: string, f: () => void): void } }).pool.on('error', () => {});
  }

  private isMaria(): Promise<boolean> {
    this.flavour ??= (async () => {
      const [rows] = await this.meta.query<mysql.RowDataPacket[]>('select version() as v');
      return /mariadb/i.test(String(rows[0]?.v)) ? ('mariadb' as const) : ('mysql' as const);
    })().catch((error) => {
      this.flavour = null;
      throw connectFailed(error);
    });
    return this.flavour.then((f) => f === 'mariadb');
  }

  private async acquire(pool: mysql.Pool, setup: string[]): Promise<Conn> {
    let conn: Conn;
    try {
      conn = await pool.getConnection();
    } catch (error) {
      throw connectFailed(error);
    }
    const core = conn.connection as unknown as object;
    if (this.initialised.has(core)) return conn;
    try {
      for (const statement of setup) await conn.query(statement);
      this.initialised.add(core);
      return conn;
    } catch (error) {
      // A connection whose read-only/role set-up failed must never run user SQL.
      conn.destroy();
      throw new AppError('dataLink.connectFailed', { reason: reasonOf(error) }, 400);
    }
  }

  private async metaConnection(): Promise<Conn> {
    const maria = await this.isMaria();
    const limit = maria
      ? `set session max_statement_time = ${this.config.sql.timeoutMs / 1000}`
      : `set session max_execution_time = ${this.config.sql.timeoutMs}`;
    return this.acquire(this.meta, [limit]);
  }

  private async readConnection(): Promise<Conn> {
    await this.isMaria();
    const setup = ['set session transaction read only'];
    if (this.settings.queryRole) setup.push(`set role ${myQuote(this.settings.queryRole)}`);
    const conn = await this.acquire(this.read, setup);
    try {
      await this.checkRole(conn);
      return conn;
    } catch (error) {
      conn.release();
      throw error instanceof AppError ? error : connectFailed(error);
    }
  }

  private roleChecked = false;
  /**
   * A role adds its rights to the user's own here (unlike PostgreSQL's SET ROLE), so it confines queries only when
   * the link's user has nothing but USAGE and role grants; anything else is refused rather than trusted.
   */
  private async checkRole(conn: Conn): Promise<void> {
    if (!this.settings.queryRole || this.roleChecked) return;
    const [rows] = await conn.query<mysql.RowDataPacket[]>('show grants for current_user()');
    for (const row of rows) {
      const grant = String(Object.values(row)[0] ?? '');
      if (!/^GRANT /i.test(grant)) continue;
      if (/^GRANT USAGE ON \*\.\* TO /i.test(grant)) continue;
      if (/^GRANT\s+(`[^`]+`(@`[^`]*`)?\s*,?\s*)+TO /i.test(grant)) continue;
      throw new AppError('dataLink.roleNotConfining', { role: this.settings.queryRole, grant: grant.replace(/ IDENTIFIED BY .*$/i, '').slice(0, 120) }, 400);
    }
    this.roleChecked = true;
  }

  quoteIdent(name: string): string {
    return myQuote(name);
  }

  placeholder(): string {
    return '?';
  }

  async ping(): Promise<void> {
    const conn = await this.readConnection();
    try {
      await conn.query('select 1');
    } catch (error) {
      throw connectFailed(error);
    } finally {
      conn.release();
    }
  }

  private queryError(error: unknown, timeoutMs: number): AppError {
    if (error instanceof AppError) return error;
    const e = error as { errno?: number; code?: string };
    if ((e.errno !== undefined && TIMEOUT_ERRNOS.has(e.errno)) || e.code === 'PROTOCOL_SEQUENCE_TIMEOUT') {
      return new AppError('dataLink.timeout', { seconds: Math.round(timeoutMs / 100) / 10 }, 400);
    }
    if (e.errno !== undefined && READ_ONLY_ERRNOS.has(e.errno)) return new AppError('dataLink.readOnly', { reason: reasonOf(error) }, 400);
    return new AppError('dataLink.queryFailed', { reason: reasonOf(error) }, 400);
  }

  /** When the client gave up first, the statement may still run: stop it from another connection. */
  private async killQuery(threadId: number | null): Promise<void> {
    if (!threadId) return;
    await this.meta.query(`kill query ${intOnly(threadId)}`).catch(() => {});
  }

  async readQuery(sql: string, options: ReadQueryOptions): Promise<QueryResult> {
    const started = performance.now();
    const maria = await this.isMaria();
    const conn = await this.readConnection();
    const cap = intOnly(options.maxRows + 1);
    const ms = Math.max(1, Math.floor(options.timeoutMs));
    // The newline ends a trailing `--` comment inside the user's text.
    const text = maria
      ? `SET STATEMENT max_statement_time=${ms / 1000} FOR select * from (${sql}\n) q limit ${cap}`
      : `select /*+ MAX_EXECUTION_TIME(${ms}) */ * from (${sql}\n) q limit ${cap}`;
    let destroyed = false;
    try {
      const [rows, fields] = await conn.execute<mysql.RowDataPacket[]>({ sql: text, timeout: ms + CLIENT_GRACE_MS }, bind(options.params));
      const truncated = rows.length > options.maxRows;
      return {
        fields: (fields ?? []).map((f) => ({ name: f.name, dataType: typeNames.get(f.columnType ?? f.type ?? -1) ?? String(f.columnType ?? f.type) })),
        rows: takeRows(rows, options.maxRows),
        truncated,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
      };
    } catch (error) {
      if ((error as { code?: string }).code === 'PROTOCOL_SEQUENCE_TIMEOUT') {
        destroyed = true;
        await this.killQuery(conn.threadId);
      }
      throw this.queryError(error, options.timeoutMs);
    } finally {
      if (destroyed) conn.destroy();
      else conn.release();
    }
  }

  private async metaRows(sql: string, params: unknown[] = []): Promise<mysql.RowDataPacket[]> {
    const conn = await this.metaConnection();
    try {
      const [rows] = await conn.execute<mysql.RowDataPacket[]>(sql, bind(params));
      return rows;
    } catch (error) {
      throw this.queryError(error, this.config.sql.timeoutMs);
    } finally {
      conn.release();
    }
  }

  async listTables(o: { keyword?: string; offset: number; limit: number }): Promise<{ rows: TableInfo[]; total: number }> {
    const pattern = `%${(o.keyword ?? '').replace(/[%_\\]/g, '\\$&')}%`;
    const where = 'from information_schema.tables where table_schema = ? and table_name like ?';
    const [rows, count] = await Promise.all([
      this.metaRows(`select table_name as name, table_comment as comment ${where} order by table_name limit ${intOnly(o.limit)} offset ${intOnly(o.offset)}`, [
        this.settings.database,
        pattern,
      ]),
      this.metaRows(`select count(*) as total ${where}`, [this.settings.database, pattern]),
    ]);
    return { rows: rows.map((r) => ({ name: String(r.name), comment: String(r.comment ?? '') })), total: Number(count[0]?.total ?? 0) };
  }

  async tableExists(table: string): Promise<boolean> {
    const rows = await this.metaRows('select 1 as x from information_schema.tables where table_schema = ? and table_name = ?', [this.settings.database, table]);
    return rows.length > 0;
  }

  async columns(table: string): Promise<ColumnInfo[]> {
    const rows = await this.metaRows(
      `select ordinal_position as f_number, column_name as f_column, data_type as f_datatype,
         coalesce(character_maximum_length, numeric_precision) as f_length, column_default as f_defaults,
         extra like '%auto_increment%' as f_identity, column_key = 'PRI' as f_key, is_nullable = 'YES' as f_isnullable,
         column_comment as f_remark
       from information_schema.columns where table_schema = ? and table_name = ? order by ordinal_position`,
      [this.settings.database, table],
    );
    return rows.map((r) => ({
      f_number: Number(r.f_number),
      f_column: String(r.f_column),
      f_datatype: String(r.f_datatype),
      f_length: r.f_length === null || r.f_length === undefined ? null : Number(r.f_length),
      f_defaults: r.f_defaults === null || r.f_defaults === undefined ? null : String(r.f_defaults),
      f_identity: Number(r.f_identity) === 1,
      f_key: Number(r.f_key) === 1,
      f_isnullable: Number(r.f_isnullable) === 1,
      f_remark: String(r.f_remark ?? ''),
    }));
  }

  async tableData(table: string, o: { offset: number; limit: number; after?: string }) {
    const qualified = `${myQuote(this.settings.database)}.${myQuote(table)}`;
    const pkRows = await this.metaRows(
      `select column_name as name from information_schema.key_column_usage
       where table_schema = ? and table_name = ? and constraint_name = 'PRIMARY' order by ordinal_position`,
      [this.settings.database, table],
    );
    const pk = pkRows.map((r) => String(r.name));
    const limit = intOnly(o.limit);
    const offset = intOnly(o.offset);
    let rows: mysql.RowDataPacket[];
    let next: string | null = null;
    if (pk.length === 1) {
      const key = myQuote(pk[0]);
      if (o.after !== undefined) rows = await this.metaRows(`select * from ${qualified} where ${key} > ? order by ${key} limit ${limit}`, [o.after]);
      else if (offset === 0) rows = await this.metaRows(`select * from ${qualified} order by ${key} limit ${limit}`);
      else {
        rows = await this.metaRows(
          `select t.* from ${qualified} t join (select ${key} as k from ${qualified} order by ${key} limit ${limit} offset ${offset}) p on t.${key} = p.k order by t.${key}`,
        );
      }
      const last = rows.at(-1);
      if (last && rows.length === limit && last[pk[0]] !== null) next = cursorText(last[pk[0]]);
    } else {
      const order = pk.length ? ` order by ${pk.map(myQuote).join(', ')}` : '';
      rows = await this.metaRows(`select * from ${qualified}${order} limit ${limit} offset ${offset}`);
    }
    const estimate = await this.metaRows('select table_rows as n from information_schema.tables where table_schema = ? and table_name = ?', [
      this.settings.database,
      table,
    ]);
    let total = Number(estimate[0]?.n ?? 0);
    if (!(total >= EXACT_COUNT_LIMIT)) total = Number((await this.metaRows(`select count(*) as n from ${qualified}`))[0]?.n ?? 0);
    return { rows: takeRows(rows), total, next };
  }

  /** DDL is not transactional here: statements run in order and the first failure stops the rest. */
  async executeDdl(statements: string[]): Promise<void> {
    const conn = await this.metaConnection();
    try {
      for (const statement of statements) await conn.query(statement);
    } catch (error) {
      throw this.queryError(error, this.config.sql.timeoutMs);
    } finally {
      conn.release();
    }
  }

  private async executeOn(conn: Conn, sql: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[]; affected: number }> {
    try {
      const [result] = await conn.execute(sql, bind(params));
      if (Array.isArray(result)) return { rows: takeRows(result as mysql.RowDataPacket[]), affected: 0 };
      return { rows: [], affected: (result as mysql.ResultSetHeader).affectedRows };
    } catch (error) {
      throw this.queryError(error, this.config.sql.timeoutMs);
    }
  }

  async execute(sql: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[]; affected: number }> {
    const conn = await this.metaConnection();
    try {
      return await this.executeOn(conn, sql, params);
    } finally {
      conn.release();
    }
  }

  /** InnoDB rows: DML only (DDL would commit implicitly; the release path never runs here). */
  async transaction<T>(fn: (tx: LinkTransaction) => Promise<T>): Promise<T> {
    const conn = await this.metaConnection();
    let broken = false;
    let inFn = false;
    try {
      await conn.beginTransaction();
      inFn = true;
      const result = await fn({ execute: (sql, params) => this.executeOn(conn, sql, params) });
      inFn = false;
      await conn.commit();
      return result;
    } catch (error) {
      await conn.rollback().catch(() => (broken = true));
      // Statement errors are AppErrors already (executeOn); what `fn` throws itself passes unchanged.
      throw inFn ? error : this.queryError(error, this.config.sql.timeoutMs);
    } finally {
      if (broken) conn.destroy();
      else conn.release();
    }
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.meta.end(), this.read.end()]);
  }
}
