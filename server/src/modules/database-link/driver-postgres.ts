import pg from 'pg';
import type { AppConfig } from '../../core/config.js';
import { AppError } from '../../core/errors.js';
import type { ColumnInfo, LinkDriver, LinkTransaction, QueryResult, ReadQueryOptions, TableInfo } from '../../core/data-links.js';
import { pgColumns, pgListTables, pgQueryError, pgQuote, pgTableData, pgTableExists, pgTypeName, type PgExec } from './pg-catalog.js';
import { reasonOf, takeRows } from './sql-text.js';

export const CONNECT_TIMEOUT_MS = 5000;

/**
 * The extended protocol even without values: it accepts exactly one statement, where the simple protocol would run
 * `…; commit; drop table …` (@types/pg does not know the option).
 */
const extended = (text: string, values: unknown[] = []) => ({ text, values, queryMode: 'extended' }) as pg.QueryConfig;
export const POOL_MAX = 4;

export interface PostgresTarget {
  /** Host/port/database/user/password (host = the checked address), or a connection string (platform database). */
  connection: pg.PoolConfig;
  /** Schema the table browser shows and unqualified names resolve to. */
  schema: string;
  /** Role user-written SQL runs under ('' = the connecting user). */
  queryRole: string;
}

export function connectFailed(error: unknown): AppError {
  if (error instanceof AppError) return error;
  return new AppError('dataLink.connectFailed', { reason: reasonOf(error) }, 400);
}

/**
 * PostgreSQL links (and the platform database when it is a PostgreSQL server). User-written SQL runs as
 * `select * from (<sql>) q limit $cap+1` through the extended protocol (one statement only), in a read-only
 * transaction under the query role with a statement time-out (see readPool), so the database itself refuses writes
 * and cancels long statements.
 */
export class PostgresDriver implements LinkDriver {
  private readonly pool: pg.Pool;
  /**
   * User-written SQL only. Its connections are made read-only, under the query role, with the statement time-out
   * and search path, by startup parameters; each query runs alone in its own (read-only) transaction and is
   * followed in the same pipeline by a reset to those startup values, so whatever the query changed with
   * set_config(…, false) is undone before the connection is used again. Same guarantees as
   * `begin read only; set local …; <query>; rollback`, one statement instead of three on the server.
   */
  private readonly readPool: pg.Pool;
  /**
   * RESET ALL leaves role and session_authorization alone; they matter only when a query role confines the query
   * (without one, the link's user could take any role it is a member of anyway).
   */
  private readonly reset: string;

  constructor(
    private readonly target: PostgresTarget,
    private readonly config: AppConfig,
    readonly type: 'postgresql' | 'platform' = 'postgresql',
    /** Runs once before first use (the platform link makes the tenant's schema and role). */
    private readonly prepare: () => Promise<void> = async () => {},
    /**
     * Checks the plan of each user statement (EXPLAIN (VERBOSE, FORMAT JSON) row) before it runs, and its result
     * types; throws to refuse it (the platform link: tenant's relations only, platform-guard.ts).
     */
    private readonly inspect: ((plan: Record<string, unknown> | undefined) => void) | null = null,
    private readonly inspectType: (oid: number) => void = () => {},
    /** Errors of user statements, before they become the user's message. */
    private readonly mapError: (error: unknown) => unknown = (error) => error,
  ) {
    const options: pg.PoolConfig = {
      ...target.connection,
      max: POOL_MAX,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      idleTimeoutMillis: 30_000,
      // Catalog and paging statements get the same server-side limit as user SQL.
      statement_timeout: config.sql.timeoutMs,
      application_name: 'database-link',
    };
    // Names here are validated identifiers (contracts) or derived from the tenant id as [a-z0-9_], so nothing in them
    // can split the options string; the schema is quoted because search_path would fold its case.
    const searchPath = target.schema ? `-c search_path=${pgQuote(target.schema)}` : '';
    this.pool = new pg.Pool({ ...options, options: searchPath || undefined });
    const readOptions = ['-c default_transaction_read_only=on', searchPath, target.queryRole ? `-c role=${target.queryRole}` : ''].filter(Boolean).join(' ');
    this.readPool = new pg.Pool({ ...options, options: readOptions, pipeline: true } as pg.PoolConfig);
    this.reset = target.queryRole ? 'reset session authorization; reset all; reset role' : 'reset all';
    // A connection the server drops while idle must not crash the process; the pool replaces it.
    this.pool.on('error', () => {});
    this.readPool.on('error', () => {});
  }

  private prepared: Promise<void> | null = null;
  private ready(): Promise<void> {
    this.prepared ??= this.prepare().catch((error) => {
      this.prepared = null;
      throw error;
    });
    return this.prepared;
  }

  private async connect(pool = this.pool): Promise<pg.PoolClient> {
    await this.ready();
    try {
      return await pool.connect();
    } catch (error) {
      throw connectFailed(error);
    }
  }

  /** Catalog statements: the extended protocol, values bound. */
  private readonly exec: PgExec = async (text, params) => {
    const client = await this.connect();
    try {
      return (await client.query(extended(text, params))).rows;
    } finally {
      client.release();
    }
  };

  private get schema(): string {
    return this.target.schema || 'public';
  }

  quoteIdent(name: string): string {
    return pgQuote(name);
  }

  placeholder(n: number): string {
    return `$${n}`;
  }

  /** Through the read pool: a query role the user may not take fails the test, not the first query. */
  async ping(): Promise<void> {
    const client = await this.readConnection();
    try {
      await client.query('select 1');
    } catch (error) {
      throw connectFailed(error);
    } finally {
      client.release();
    }
  }

  private roleChecked = false;
  /**
   * SET ROLE confines a query only while the query cannot undo it: a role that may call set_config can run
   * `set_config('role', 'none', true)` and then read through query_to_xml() as the connecting user. Such a role is
   * refused (with what the DBA has to revoke) instead of giving a false sense of confinement.
   */
  private async checkRole(client: pg.PoolClient): Promise<void> {
    if (!this.target.queryRole || this.roleChecked) return;
    const { rows } = await client.query(extended(`select has_function_privilege('pg_catalog.set_config(text, text, boolean)', 'execute') as escapable`));
    if (rows[0]?.escapable !== false) throw new AppError('dataLink.roleEscapable', { role: this.target.queryRole }, 400);
    this.roleChecked = true;
  }

  private async readConnection(): Promise<pg.PoolClient> {
    // The session was started under the role (startup parameter): a role it may not use fails the connection.
    const client = await this.connect(this.readPool);
    try {
      await this.checkRole(client);
      return client;
    } catch (error) {
      client.release();
      throw error instanceof AppError ? error : connectFailed(error);
    }
  }

  async readQuery(sql: string, options: ReadQueryOptions): Promise<QueryResult> {
    const started = performance.now();
    const client = await this.readConnection();
    const timeout = Math.max(1, Math.floor(options.timeoutMs));
    const text = `select * from (${sql}\n) q limit $${options.params.length + 1}`;
    const values = [...options.params, options.maxRows + 1];
    // Sent together (pipeline), answered in order. The newline ends a trailing `--` comment; the extended protocol
    // takes exactly one statement, so `…) q; commit; drop …` is a syntax error rather than a second statement.
    const custom = timeout === this.config.sql.timeoutMs ? Promise.resolve(null) : client.query(`set statement_timeout = ${timeout}`);
    custom.catch(() => {}); // settled below; no unhandled rejection while the plan is checked
    let refused: unknown = null;
    if (this.inspect) {
      // The plan first (planning is bounded by the same time-out); the query runs only if it passes.
      try {
        this.inspect((await client.query(extended(`explain (verbose, format json) ${text}`, values))).rows[0]);
      } catch (error) {
        refused = error;
      }
    }
    const [customDone, query, reset] = await Promise.allSettled([
      custom,
      refused ? Promise.reject(refused) : client.query(extended(text, values)),
      client.query(this.reset),
    ]);
    // A connection whose reset failed is closed, never reused.
    client.release(reset.status === 'rejected' ? (reset.reason as Error) : customDone.status === 'rejected' ? (customDone.reason as Error) : undefined);
    if (query.status === 'rejected') throw pgQueryError(this.mapError(query.reason), timeout);
    const result = query.value;
    for (const field of result.fields) this.inspectType(field.dataTypeID);
    const truncated = result.rows.length > options.maxRows;
    return {
      fields: result.fields.map((f) => ({ name: f.name, dataType: pgTypeName(f.dataTypeID) })),
      rows: takeRows(result.rows, options.maxRows),
      truncated,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
    };
  }

  async listTables(options: { keyword?: string; offset: number; limit: number }): Promise<{ rows: TableInfo[]; total: number }> {
    return pgListTables(this.exec, this.schema, options);
  }

  async columns(table: string): Promise<ColumnInfo[]> {
    return pgColumns(this.exec, this.schema, table);
  }

  async tableData(table: string, options: { offset: number; limit: number; after?: string }) {
    try {
      return await pgTableData(this.exec, this.schema, table, options);
    } catch (error) {
      throw pgQueryError(error, this.config.sql.timeoutMs);
    }
  }

  async tableExists(table: string): Promise<boolean> {
    return pgTableExists(this.exec, this.schema, table);
  }

  async executeDdl(statements: string[]): Promise<void> {
    const client = await this.connect();
    try {
      await client.query('begin');
      for (const statement of statements) await client.query(extended(statement));
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw pgQueryError(error, this.config.sql.timeoutMs);
    } finally {
      client.release();
    }
  }

  async execute(sql: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[]; affected: number }> {
    const client = await this.connect();
    try {
      const result = await client.query(extended(sql, params));
      return { rows: takeRows(result.rows), affected: result.rowCount ?? 0 };
    } catch (error) {
      throw pgQueryError(error, this.config.sql.timeoutMs);
    } finally {
      client.release();
    }
  }

  /** Statement errors become AppErrors; what `fn` throws itself passes unchanged. */
  async transaction<T>(fn: (tx: LinkTransaction) => Promise<T>): Promise<T> {
    const client = await this.connect();
    let broken = false;
    let inFn = false;
    try {
      await client.query('begin');
      inFn = true;
      const result = await fn({
        execute: async (sql, params) => {
          try {
            const r = await client.query(extended(sql, params));
            return { rows: takeRows(r.rows), affected: r.rowCount ?? 0 };
          } catch (error) {
            throw pgQueryError(error, this.config.sql.timeoutMs);
          }
        },
      });
      inFn = false;
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => (broken = true));
      throw inFn ? error : pgQueryError(error, this.config.sql.timeoutMs);
    } finally {
      client.release(broken ? new Error('rollback failed') : undefined);
    }
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.pool.end(), this.readPool.end()]);
  }
}
