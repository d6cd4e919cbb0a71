import { Connection, Request, TYPES } from 'tedious';
import type { AppConfig } from '../../core/config.js';
import { AppError } from '../../core/errors.js';
import type { CheckedAddress } from './address-guard.js';
import type { ColumnInfo, LinkDriver, LinkSettings, LinkTransaction, QueryResult, ReadQueryOptions, TableInfo } from '../../core/data-links.js';
import { CONNECT_TIMEOUT_MS, POOL_MAX, connectFailed } from './driver-postgres.js';
import { EXACT_COUNT_LIMIT, cursorText } from './pg-catalog.js';
import { reasonOf, takeRows } from './sql-text.js';

/**
 * SQL Server links (tedious). SQL Server has neither read-only transactions nor a switch that keeps a batch to one
 * statement, so user-written SQL is only run when the link names a query role: a database user with read rights only,
 * which the read connections become at connect time with `EXECUTE AS USER … WITH NO REVERT` (the text cannot switch
 * back). The query also runs inside a transaction that is always rolled back, and `requestTimeout` makes tedious send
 * an attention that cancels it on the server.
 */

export const msQuote = (name: string) => `[${name.replace(/]/g, ']]')}]`;
const nLiteral = (text: string) => `N'${text.replace(/'/g, "''")}'`;
const intOnly = (n: number) => {
  if (!Number.isSafeInteger(n) || n < 0) throw new AppError('dataLink.queryFailed', { reason: `bad number ${n}` }, 400);
  return n;
};

// ---------- SQL text (pure, unit-tested) ----------

export function msReadSql(userSql: string, cap: number): string {
  // The newline ends a trailing `--` comment in the user's text.
  return `SET NOCOUNT ON; BEGIN TRANSACTION; SELECT TOP (${intOnly(cap)}) * FROM (${userSql}\n) q; ROLLBACK TRANSACTION;`;
}

export function msRunAsSql(queryRole: string): string {
  return `EXECUTE AS USER = ${nLiteral(queryRole)} WITH NO REVERT`;
}

const OBJECT_TYPES = `('U','V')`;

export function msListTablesSql(o: { offset: number; limit: number }): { rows: string; count: string } {
  const from = `FROM sys.objects o JOIN sys.schemas s ON s.schema_id = o.schema_id
    LEFT JOIN sys.extended_properties ep ON ep.major_id = o.object_id AND ep.minor_id = 0 AND ep.name = 'MS_Description'
    WHERE s.name = @p1 AND o.type IN ${OBJECT_TYPES} AND o.name LIKE @p2`;
  return {
    rows: `SELECT o.name AS name, CAST(ISNULL(ep.value, '') AS nvarchar(4000)) AS comment ${from} ORDER BY o.name OFFSET ${intOnly(o.offset)} ROWS FETCH NEXT ${intOnly(o.limit)} ROWS ONLY`,
    count: `SELECT COUNT(*) AS total ${from}`,
  };
}

export const msColumnsSql = `SELECT c.column_id AS f_number, c.name AS f_column, t.name AS f_datatype,
    CASE WHEN t.name IN ('nvarchar','nchar') AND c.max_length > 0 THEN c.max_length / 2
         WHEN t.name IN ('varchar','char','varbinary','binary') AND c.max_length > 0 THEN c.max_length
         WHEN t.name IN ('decimal','numeric') THEN c.precision ELSE NULL END AS f_length,
    dc.definition AS f_defaults, c.is_identity AS f_identity,
    CAST(CASE WHEN EXISTS (SELECT 1 FROM sys.indexes i JOIN sys.index_columns ic ON ic.object_id = i.object_id AND ic.index_id = i.index_id
      WHERE i.object_id = o.object_id AND i.is_primary_key = 1 AND ic.column_id = c.column_id) THEN 1 ELSE 0 END AS bit) AS f_key,
    c.is_nullable AS f_isnullable, CAST(ISNULL(ep.value, '') AS nvarchar(4000)) AS f_remark
  FROM sys.columns c JOIN sys.objects o ON o.object_id = c.object_id JOIN sys.schemas s ON s.schema_id = o.schema_id
  JOIN sys.types t ON t.user_type_id = c.user_type_id
  LEFT JOIN sys.default_constraints dc ON dc.object_id = c.default_object_id
  LEFT JOIN sys.extended_properties ep ON ep.major_id = o.object_id AND ep.minor_id = c.column_id AND ep.name = 'MS_Description'
  WHERE s.name = @p1 AND o.name = @p2 AND o.type IN ${OBJECT_TYPES} ORDER BY c.column_id`;

export const msPrimaryKeySql = `SELECT c.name AS name FROM sys.indexes i
  JOIN sys.index_columns ic ON ic.object_id = i.object_id AND ic.index_id = i.index_id
  JOIN sys.columns c ON c.object_id = ic.object_id AND c.column_id = ic.column_id
  JOIN sys.objects o ON o.object_id = i.object_id JOIN sys.schemas s ON s.schema_id = o.schema_id
  WHERE s.name = @p1 AND o.name = @p2 AND i.is_primary_key = 1 ORDER BY ic.key_ordinal`;

export const msEstimateSql = `SELECT SUM(p.rows) AS n FROM sys.partitions p JOIN sys.objects o ON o.object_id = p.object_id
  JOIN sys.schemas s ON s.schema_id = o.schema_id WHERE s.name = @p1 AND o.name = @p2 AND p.index_id IN (0, 1)`;

/** One page: keyset (`after` = @p1) or OFFSET/FETCH over the primary key; the first column orders a keyless table. */
export function msPageSql(schema: string, table: string, pk: string[], o: { offset: number; limit: number; after?: string }): string {
  const qualified = `${msQuote(schema)}.${msQuote(table)}`;
  const order = pk.length ? pk.map(msQuote).join(', ') : '(SELECT NULL)';
  if (pk.length === 1 && o.after !== undefined) {
    return `SELECT TOP (${intOnly(o.limit)}) * FROM ${qualified} WHERE ${msQuote(pk[0])} > @p1 ORDER BY ${msQuote(pk[0])}`;
  }
  return `SELECT * FROM ${qualified} ORDER BY ${order} OFFSET ${intOnly(o.offset)} ROWS FETCH NEXT ${intOnly(o.limit)} ROWS ONLY`;
}

// ---------- connections ----------

function typeOf(value: unknown) {
  if (typeof value === 'number') return Number.isInteger(value) ? (Math.abs(value) > 2 ** 31 - 1 ? TYPES.BigInt : TYPES.Int) : TYPES.Float;
  if (typeof value === 'boolean') return TYPES.Bit;
  if (value instanceof Date) return TYPES.DateTime2;
  return TYPES.NVarChar;
}

interface RunResult {
  rows: Record<string, unknown>[];
  fields: { name: string; dataType: string }[];
  affected: number;
}

class MsConnection {
  constructor(readonly raw: Connection) {}

  run(text: string, params: unknown[], timeoutMs: number): Promise<RunResult> {
    return new Promise((resolve, reject) => {
      const rows: Record<string, unknown>[] = [];
      let fields: RunResult['fields'] = [];
      const affected = 0;
      const request = new Request(text, (error, rowCount) => {
        if (error) reject(error);
        else resolve({ rows, fields, affected: rowCount ?? affected });
      });
      request.setTimeout(timeoutMs);
      params.forEach((value, i) => request.addParameter(`p${i + 1}`, typeOf(value), value === undefined ? null : value));
      request.on('columnMetadata', (columns) => {
        const list = Array.isArray(columns) ? columns : Object.values(columns);
        fields = list.map((c) => ({ name: c.colName, dataType: c.type.name.toLowerCase() }));
      });
      request.on('row', (columns) => {
        const row: Record<string, unknown> = {};
        for (const c of Array.isArray(columns) ? columns : Object.values(columns)) row[c.metadata.colName] = c.value;
        rows.push(row);
      });
      if (params.length) this.raw.execSql(request);
      else this.raw.execSqlBatch(request);
    });
  }
}

/** tedious has no pool: at most POOL_MAX connections, waiters queued. */
class MsPool {
  private idle: MsConnection[] = [];
  private size = 0;
  private waiters: ((c: MsConnection | Error) => void)[] = [];

  constructor(
    private readonly open: () => Promise<MsConnection>,
    private readonly max: number,
  ) {}

  async acquire(): Promise<MsConnection> {
    const idle = this.idle.pop();
    if (idle) return idle;
    if (this.size < this.max) {
      this.size += 1;
      try {
        return await this.open();
      } catch (error) {
        this.size -= 1;
        throw error;
      }
    }
    return new Promise((resolve, reject) => this.waiters.push((c) => (c instanceof Error ? reject(c) : resolve(c))));
  }

  release(conn: MsConnection, broken = false): void {
    if (broken) {
      conn.raw.close();
      this.size -= 1;
      const waiter = this.waiters.shift();
      if (waiter) this.acquire().then(waiter, waiter);
      return;
    }
    const waiter = this.waiters.shift();
    if (waiter) waiter(conn);
    else this.idle.push(conn);
  }

  close(): void {
    for (const c of this.idle) c.raw.close();
    this.idle = [];
    for (const w of this.waiters.splice(0)) w(new Error('pool closed'));
  }
}

export class SqlServerDriver implements LinkDriver {
  readonly type = 'sqlserver' as const;
  private readonly meta: MsPool;
  private readonly read: MsPool;

  constructor(
    private readonly settings: LinkSettings,
    private readonly address: CheckedAddress,
    private readonly config: AppConfig,
  ) {
    this.meta = new MsPool(() => this.connect([]), POOL_MAX);
    this.read = new MsPool(() => this.connect(settings.queryRole ? [msRunAsSql(settings.queryRole)] : []), POOL_MAX);
  }

  private connect(setup: string[]): Promise<MsConnection> {
    return new Promise((resolve, reject) => {
      const raw = new Connection({
        server: this.address.address,
        authentication: { type: 'default', options: { userName: this.settings.user, password: this.settings.password } },
        options: {
          port: this.settings.port,
          database: this.settings.database,
          encrypt: true,
          trustServerCertificate: true,
          connectTimeout: CONNECT_TIMEOUT_MS,
          requestTimeout: this.config.sql.timeoutMs,
        },
      });
      raw.on('error', () => {});
      raw.connect(async (error) => {
        if (error) return reject(connectFailed(error));
        const conn = new MsConnection(raw);
        try {
          for (const statement of setup) await conn.run(statement, [], CONNECT_TIMEOUT_MS);
          resolve(conn);
        } catch (e) {
          raw.close();
          reject(new AppError('dataLink.connectFailed', { reason: reasonOf(e) }, 400));
        }
      });
    });
  }

  private get schema() {
    return this.settings.schema || 'dbo';
  }

  private error(error: unknown, timeoutMs: number): AppError {
    if (error instanceof AppError) return error;
    if ((error as { code?: string }).code === 'ETIMEOUT') return new AppError('dataLink.timeout', { seconds: Math.round(timeoutMs / 100) / 10 }, 400);
    return new AppError('dataLink.queryFailed', { reason: reasonOf(error) }, 400);
  }

  private async on(pool: MsPool, text: string, params: unknown[], timeoutMs = this.config.sql.timeoutMs): Promise<RunResult> {
    const conn = await pool.acquire();
    let broken = false;
    try {
      return await conn.run(text, params, timeoutMs);
    } catch (error) {
      // A cancelled or failed batch may leave its transaction open.
      await conn.run('IF @@TRANCOUNT > 0 ROLLBACK TRANSACTION', [], CONNECT_TIMEOUT_MS).catch(() => (broken = true));
      throw this.error(error, timeoutMs);
    } finally {
      pool.release(conn, broken);
    }
  }

  quoteIdent(name: string): string {
    return msQuote(name);
  }

  placeholder(n: number): string {
    return `@p${n}`;
  }

  async ping(): Promise<void> {
    await this.on(this.meta, 'SELECT 1 AS ok', []);
  }

  async readQuery(sql: string, options: ReadQueryOptions): Promise<QueryResult> {
    if (!this.settings.queryRole) throw new AppError('dataLink.needQueryRole', {}, 400);
    const started = performance.now();
    const result = await this.on(this.read, msReadSql(sql, options.maxRows + 1), options.params, options.timeoutMs);
    const truncated = result.rows.length > options.maxRows;
    return {
      fields: result.fields,
      rows: takeRows(result.rows, options.maxRows),
      truncated,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
    };
  }

  async listTables(o: { keyword?: string; offset: number; limit: number }): Promise<{ rows: TableInfo[]; total: number }> {
    const pattern = `%${(o.keyword ?? '').replace(/[%_[]/g, '[$&]')}%`;
    const q = msListTablesSql(o);
    const [rows, count] = await Promise.all([this.on(this.meta, q.rows, [this.schema, pattern]), this.on(this.meta, q.count, [this.schema, pattern])]);
    return { rows: rows.rows.map((r) => ({ name: String(r.name), comment: String(r.comment ?? '') })), total: Number(count.rows[0]?.total ?? 0) };
  }

  async tableExists(table: string): Promise<boolean> {
    const r = await this.on(
      this.meta,
      `SELECT 1 AS x FROM sys.objects o JOIN sys.schemas s ON s.schema_id = o.schema_id WHERE s.name = @p1 AND o.name = @p2 AND o.type IN ${OBJECT_TYPES}`,
      [this.schema, table],
    );
    return r.rows.length > 0;
  }

  async columns(table: string): Promise<ColumnInfo[]> {
    const r = await this.on(this.meta, msColumnsSql, [this.schema, table]);
    return r.rows.map((row) => ({
      f_number: Number(row.f_number),
      f_column: String(row.f_column),
      f_datatype: String(row.f_datatype),
      f_length: row.f_length === null || row.f_length === undefined ? null : Number(row.f_length),
      f_defaults: row.f_defaults === null || row.f_defaults === undefined ? null : String(row.f_defaults),
      f_identity: row.f_identity === true,
      f_key: row.f_key === true,
      f_isnullable: row.f_isnullable === true,
      f_remark: String(row.f_remark ?? ''),
    }));
  }

  async tableData(table: string, o: { offset: number; limit: number; after?: string }) {
    const pk = (await this.on(this.meta, msPrimaryKeySql, [this.schema, table])).rows.map((r) => String(r.name));
    const text = msPageSql(this.schema, table, pk, o);
    const rows = (await this.on(this.meta, text, pk.length === 1 && o.after !== undefined ? [o.after] : [])).rows;
    const last = rows.at(-1);
    const next = pk.length === 1 && last && rows.length === o.limit && last[pk[0]] !== null ? cursorText(last[pk[0]]) : null;
    let total = Number((await this.on(this.meta, msEstimateSql, [this.schema, table])).rows[0]?.n ?? 0);
    if (!(total >= EXACT_COUNT_LIMIT)) {
      total = Number((await this.on(this.meta, `SELECT COUNT_BIG(*) AS n FROM ${msQuote(this.schema)}.${msQuote(table)}`, [])).rows[0]?.n ?? 0);
    }
    return { rows: takeRows(rows), total, next };
  }

  async executeDdl(statements: string[]): Promise<void> {
    await this.on(this.meta, `SET XACT_ABORT ON; BEGIN TRANSACTION; ${statements.map((s) => `EXEC(${nLiteral(s)});`).join(' ')} COMMIT TRANSACTION;`, []);
  }

  async execute(sql: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[]; affected: number }> {
    const r = await this.on(this.meta, sql, params);
    return { rows: takeRows(r.rows), affected: r.affected };
  }

  /** One connection: XACT_ABORT makes any failing statement doom the transaction; it is rolled back before reuse. */
  async transaction<T>(fn: (tx: LinkTransaction) => Promise<T>): Promise<T> {
    const conn = await this.meta.acquire();
    const timeout = this.config.sql.timeoutMs;
    let broken = false;
    let inFn = false;
    try {
      await conn.run('SET XACT_ABORT ON; BEGIN TRANSACTION;', [], timeout);
      inFn = true;
      const result = await fn({
        execute: async (sql, params) => {
          try {
            const r = await conn.run(sql, params, timeout);
            return { rows: takeRows(r.rows), affected: r.affected };
          } catch (error) {
            throw this.error(error, timeout);
          }
        },
      });
      inFn = false;
      await conn.run('COMMIT TRANSACTION;', [], timeout);
      return result;
    } catch (error) {
      await conn.run('IF @@TRANCOUNT > 0 ROLLBACK TRANSACTION', [], CONNECT_TIMEOUT_MS).catch(() => (broken = true));
      // Statement errors are AppErrors already; what `fn` throws itself passes unchanged.
      throw inFn ? error : this.error(error, timeout);
    } finally {
      this.meta.release(conn, broken);
    }
  }

  async close(): Promise<void> {
    this.meta.close();
    this.read.close();
  }
}
