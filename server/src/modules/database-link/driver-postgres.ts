import pg from 'pg';
import type { AppConfig } from '../../core/config.js';
import { AppError } from '../../core/errors.js';
import type { ColumnInfo, LinkDriver, QueryResult, ReadQueryOptions, TableInfo } from './driver.js';
import { pgColumns, pgListTables, pgQueryError, pgQuote, pgTableData, pgTableExists, pgTypeName, type PgExec } from './pg-catalog.js';
import { jsonSafeRow, reasonOf } from './sql-text.js';

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
  /** Also put user-written SQL's search_path on `schema` only (the platform link: the tenant's schema). */
  querySearchPath: boolean;
}

export function connectFailed(error: unknown): AppError {
  if (error instanceof AppError) return error;
  return new AppError('dataLink.connectFailed', { reason: reasonOf(error) }, 400);
}

/**
 * PostgreSQL links (and the platform database when it is a PostgreSQL server). User-written SQL runs as
 * `select * from (<sql>) q limit $cap+1` through the extended protocol (one statement only), inside
 * `begin read only; set local role …; set local statement_timeout …`, so the database itself refuses writes and
 * cancels long statements.
 */
export class PostgresDriver implements LinkDriver {
  private readonly pool: pg.Pool;

  constructor(
    private readonly target: PostgresTarget,
    private readonly config: AppConfig,
    readonly type: 'postgresql' | 'platform' = 'postgresql',
    /** Runs once before first use (the platform link makes the tenant's schema and role). */
    private readonly prepare: () => Promise<void> = async () => {},
  ) {
    this.pool = new pg.Pool({
      ...target.connection,
      max: POOL_MAX,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      idleTimeoutMillis: 30_000,
      // Catalog and paging statements get the same server-side limit as user SQL.
      statement_timeout: config.sql.timeoutMs,
      application_name: 'database-link',
      options: target.schema ? `-c search_path=${target.schema}` : undefined,
    });
    // A connection the server drops while idle must not crash the process; the pool replaces it.
    this.pool.on('error', () => {});
  }

  private prepared: Promise<void> | null = null;
  private ready(): Promise<void> {
    this.prepared ??= this.prepare().catch((error) => {
      this.prepared = null;
      throw error;
    });
    return this.prepared;
  }

  private async connect(): Promise<pg.PoolClient> {
    await this.ready();
    try {
      return await this.pool.connect();
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

  async ping(): Promise<void> {
    const client = await this.connect();
    try {
      await client.query('select 1');
    } catch (error) {
      throw connectFailed(error);
    } finally {
      client.release();
    }
  }

  async readQuery(sql: string, options: ReadQueryOptions): Promise<QueryResult> {
    const started = performance.now();
    const client = await this.connect();
    const setup = ['begin read only'];
    if (this.target.queryRole) setup.push(`set local role ${pgQuote(this.target.queryRole)}`);
    if (this.target.querySearchPath) setup.push(`set local search_path to ${pgQuote(this.schema)}`);
    setup.push(`set local statement_timeout = ${Math.max(1, Math.floor(options.timeoutMs))}`);
    try {
      // Our own fixed text (the role is a validated, quoted name): one round trip for the whole preamble.
      await client.query(setup.join('; '));
      // The newline ends a trailing `--` comment; the bound limit forces the extended protocol (one statement).
      const result = await client.query(extended(`select * from (${sql}\n) q limit $${options.params.length + 1}`, [...options.params, options.maxRows + 1]));
      const truncated = result.rows.length > options.maxRows;
      const rows = (truncated ? result.rows.slice(0, options.maxRows) : result.rows).map(jsonSafeRow);
      return {
        fields: result.fields.map((f) => ({ name: f.name, dataType: pgTypeName(f.dataTypeID) })),
        rows,
        truncated,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
      };
    } catch (error) {
      throw pgQueryError(error, options.timeoutMs);
    } finally {
      // The rollback is queued on this client before any later borrower's statements, so it need not be awaited.
      client.query('rollback').catch(() => {});
      client.release();
    }
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
      return { rows: result.rows.map(jsonSafeRow), affected: result.rowCount ?? 0 };
    } catch (error) {
      throw pgQueryError(error, this.config.sql.timeoutMs);
    } finally {
      client.release();
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
