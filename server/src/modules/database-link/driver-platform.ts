import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { AppConfig } from '../../core/config.js';
import type { Database } from '../../core/db/schema.js';
import { AppError } from '../../core/errors.js';
import type { ColumnInfo, LinkDriver, LinkTransaction, QueryResult, ReadQueryOptions, TableInfo } from './driver.js';
import { PostgresDriver } from './driver-postgres.js';
import { pgColumns, pgListTables, pgQueryError, pgQuote, pgTableData, pgTableExists, type PgExec } from './pg-catalog.js';
import { jsonSafeRow } from './sql-text.js';

/**
 * The platform's own database as the link DEFAULT_LINK_ID: every tenant sees only its schema `biz_<tenant>`, and
 * user-written SQL runs as the NOLOGIN role `biz_reader_<tenant>` that may only read that schema (platform tables such
 * as users and sessions are not granted to it). Roles are cluster-wide on PostgreSQL while schemas are per database,
 * so the set-up is idempotent and tolerates another database (another test run) creating the same role concurrently.
 */
const safe = (tenantId: string) => tenantId.replace(/[^A-Za-z0-9_]/g, '_').toLowerCase();
export const tenantSchema = (tenantId: string) => `biz_${safe(tenantId)}`.slice(0, 63);
export const tenantReaderRole = (tenantId: string) => `biz_reader_${safe(tenantId)}`.slice(0, 63);

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

async function ensureTenantOnce(db: Kysely<Database>, tenantId: string): Promise<void> {
  const schema = pgQuote(tenantSchema(tenantId));
  const role = tenantReaderRole(tenantId);
  const roleId = pgQuote(role);
  const statements = [
    `do $$ begin
       if not exists (select from pg_roles where rolname = ${literal(role)}) then
         begin
           create role ${roleId} nologin;
         exception when duplicate_object or unique_violation then null;
         end;
       end if;
     end $$`,
    `do $$ begin
       create schema if not exists ${schema};
     exception when duplicate_schema or unique_violation then null;
     end $$`,
    `grant usage on schema ${schema} to ${roleId}`,
    `grant select on all tables in schema ${schema} to ${roleId}`,
    `alter default privileges in schema ${schema} grant select on tables to ${roleId}`,
    // The app's own user switches to the reader with SET ROLE, so it must be a member (superusers already may).
    `do $$ begin
       if not pg_has_role(current_user, ${literal(role)}, 'member') then
         execute format('grant %I to %I', ${literal(role)}, current_user);
       end if;
     end $$`,
    // SET ROLE can be undone from inside a SELECT with set_config('role', …); readers must not be able to call it.
    // Only the function's owner (a superuser) may change that: an app user that is not one leaves it to the DBA
    // (docs/data-platform-design.md) rather than failing the link.
    `do $$ begin
       execute format('grant execute on function pg_catalog.set_config(text, text, boolean) to %I', current_user);
       revoke execute on function pg_catalog.set_config(text, text, boolean) from public;
     exception when insufficient_privilege then null;
     end $$`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/** Roles and grants are catalogue rows shared by every database of the server: concurrent changes can collide. */
export async function ensureTenantSpace(db: Kysely<Database>, tenantId: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await ensureTenantOnce(db, tenantId);
      return;
    } catch (error) {
      const code = (error as { code?: string }).code;
      const retryable = code === 'XX000' || code === '40001' || code === '40P01' || code === '23505' || /concurrently/.test(String((error as Error).message));
      if (!retryable || attempt >= 5) throw error;
      await new Promise((r) => setTimeout(r, 50 * attempt));
    }
  }
}

/**
 * PGlite cannot interrupt a running statement (single-threaded WebAssembly: no timer signal reaches the backend), so
 * statement_timeout never fires there. The planner's estimate is checked first and statements above SQL_MAX_COST are
 * refused. Documented limitation: the estimate does not see time spent inside functions (pg_sleep is cheap to the
 * planner) and PGlite runs on the server's own thread, so PGlite suits single-company and demo installations with a
 * low SQL_MAX_COST (PGlite reads roughly 10,000 cost units per second); production uses PostgreSQL, where the
 * server-side time-out applies.
 */
class PglitePlatformDriver implements LinkDriver {
  readonly type = 'platform' as const;
  private prepared: Promise<void> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly config: AppConfig,
    private readonly tenantId: string,
  ) {}

  private ready(): Promise<void> {
    this.prepared ??= ensureTenantSpace(this.db, this.tenantId).catch((error) => {
      this.prepared = null;
      throw error;
    });
    return this.prepared;
  }

  private get schema() {
    return tenantSchema(this.tenantId);
  }

  private readonly exec: PgExec = async (text, params) => {
    await this.ready();
    return (await this.db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, params))).rows;
  };

  quoteIdent(name: string): string {
    return pgQuote(name);
  }

  placeholder(n: number): string {
    return `$${n}`;
  }

  async ping(): Promise<void> {
    await this.exec('select 1', []);
  }

  async readQuery(text: string, options: ReadQueryOptions): Promise<QueryResult> {
    await this.ready();
    const started = performance.now();
    const limitParam = `$${options.params.length + 1}`;
    const wrapped = `select * from (${text}\n) q limit ${limitParam}`;
    const values = [...options.params, options.maxRows + 1];
    const role = pgQuote(tenantReaderRole(this.tenantId));
    return this.db.connection().execute(async (conn) => {
      const run = (q: string, p: unknown[] = []) => conn.executeQuery<Record<string, unknown>>(CompiledQuery.raw(q, p));
      try {
        // PGlite runs one statement per call (extended protocol), which is also what keeps user text to one statement.
        await run('begin read only');
        await run(`set local role ${role}`);
        await run(`set local search_path to ${pgQuote(this.schema)}`);
        const plan = await run(`explain (format json) ${wrapped}`, values);
        const cost = planCost(plan.rows[0]);
        if (cost > this.config.sql.maxCost) {
          throw new AppError('dataLink.tooCostly', { cost: Math.round(cost), max: this.config.sql.maxCost }, 400);
        }
        const result = await run(wrapped, values);
        const truncated = result.rows.length > options.maxRows;
        const rows = truncated ? result.rows.slice(0, options.maxRows) : result.rows;
        const fields = await describe(run, text, options.params, rows[0]);
        return { fields, rows: rows.map(jsonSafeRow), truncated, durationMs: Math.round((performance.now() - started) * 10) / 10 };
      } catch (error) {
        throw pgQueryError(error, options.timeoutMs);
      } finally {
        await run('rollback').catch(() => {});
      }
    });
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

  /** In one transaction, unqualified names resolving to the tenant's schema. */
  async executeDdl(statements: string[]): Promise<void> {
    await this.ready();
    await this.db.transaction().execute(async (trx) => {
      await sql.raw(`set local search_path to ${pgQuote(this.schema)}`).execute(trx);
      for (const statement of statements) await trx.executeQuery(CompiledQuery.raw(statement, []));
    });
  }

  async execute(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[]; affected: number }> {
    await this.ready();
    return this.db.transaction().execute(async (trx) => {
      await sql.raw(`set local search_path to ${pgQuote(this.schema)}`).execute(trx);
      const result = await trx.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, params));
      return { rows: result.rows.map(jsonSafeRow), affected: Number(result.numAffectedRows ?? 0n) };
    });
  }

  /** Statement errors become AppErrors (as on the PostgreSQL driver); what `fn` throws itself passes unchanged. */
  async transaction<T>(fn: (tx: LinkTransaction) => Promise<T>): Promise<T> {
    await this.ready();
    return this.db.transaction().execute(async (trx) => {
      await sql.raw(`set local search_path to ${pgQuote(this.schema)}`).execute(trx);
      return fn({
        execute: async (text, params) => {
          try {
            const result = await trx.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, params));
            return { rows: result.rows.map(jsonSafeRow), affected: Number(result.numAffectedRows ?? 0n) };
          } catch (error) {
            throw pgQueryError(error, this.config.sql.timeoutMs);
          }
        },
      });
    });
  }

  async close(): Promise<void> {}
}

/**
 * The cost of running the user's query to completion (the Limit's input), not just of the capped Limit: the
 * planner prices a materialising node such as a set-returning function in FROM as if the Limit stopped it early,
 * but PGlite reads it all before the first row comes back.
 */
function planCost(row: Record<string, unknown> | undefined): number {
  type Node = { 'Total Cost'?: number; Plans?: Node[] };
  const plan = row?.['QUERY PLAN'];
  const doc = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan?: Node }[] | undefined;
  const root = doc?.[0]?.Plan;
  return Math.max(Number(root?.['Total Cost'] ?? 0), ...(root?.Plans ?? []).map((p) => Number(p['Total Cost'] ?? 0)));
}

/**
 * Kysely hands back rows without column metadata, so names come from a row that always exists (the user's query
 * left-joined to one dummy row) and types from pg_typeof, both inside the same read-only transaction.
 */
async function describe(
  run: (q: string, p?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>,
  text: string,
  params: unknown[],
  sample: Record<string, unknown> | undefined,
): Promise<{ name: string; dataType: string }[]> {
  const probe = `from (select 1) d left join (${text}\n) q on true limit 1`;
  const names = sample ? Object.keys(sample) : Object.keys((await run(`select q.* ${probe}`, params)).rows[0] ?? {});
  if (names.length === 0) return [];
  const types = (await run(`select ${names.map((n, i) => `pg_typeof(q.${pgQuote(n)})::text as t${i}`).join(', ')} ${probe}`, params)).rows[0] ?? {};
  return names.map((name, i) => ({ name, dataType: String(types[`t${i}`] ?? 'unknown') }));
}

/** The platform link of one tenant: the app's PostgreSQL server through its own small pool, or embedded PGlite. */
export function createPlatformDriver(db: Kysely<Database>, dbKind: 'pglite' | 'postgres', config: AppConfig, tenantId: string): LinkDriver {
  if (dbKind === 'postgres' && config.databaseUrl) {
    return new PostgresDriver(
      { connection: { connectionString: config.databaseUrl }, schema: tenantSchema(tenantId), queryRole: tenantReaderRole(tenantId) },
      config,
      'platform',
      () => ensureTenantSpace(db, tenantId),
    );
  }
  return new PglitePlatformDriver(db, config, tenantId);
}
