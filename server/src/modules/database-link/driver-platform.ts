import { CompiledQuery, sql, type Kysely, type Transaction } from 'kysely';
import type { AppConfig } from '../../core/config.js';
import type { Database } from '../../core/db/schema.js';
import { AppError } from '../../core/errors.js';
import type { ColumnInfo, LinkDriver, LinkTransaction, QueryResult, ReadQueryOptions, TableInfo } from '../../core/data-links.js';
import { PostgresDriver } from './driver-postgres.js';
import { pgColumns, pgListTables, pgQueryError, pgQuote, pgTableData, pgTableExists, type PgExec } from './pg-catalog.js';
import { checkPlan, checkResultType, guardStatements, platformError } from './platform-guard.js';
import { takeRows } from './sql-text.js';

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

async function ensureTenantOnce(db: Kysely<Database>, tenantId: string, embedded: boolean): Promise<void> {
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
    // SET ROLE can be undone from inside a SELECT with set_config('role', …); readers must not be able to call it, nor
    // sleep, take locks, notify, run SQL text of their own or look up catalogue objects by id (platform-guard.ts).
    // Only the functions' owner (a superuser) may change that: an app user that is not one leaves it to the DBA
    // (docs/data-platform-design.md) rather than failing the link.
    ...guardStatements(embedded),
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/** Roles and grants are catalogue rows shared by every database of the server: concurrent changes can collide. */
export async function ensureTenantSpace(db: Kysely<Database>, tenantId: string, embedded = false): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await ensureTenantOnce(db, tenantId, embedded);
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
 * PGlite cannot interrupt a running statement (single-threaded WebAssembly on the server's own thread: no timer signal
 * reaches the backend), so statement_timeout never fires there and protection is preventive (platform-guard.ts):
 * functions whose time the planner cannot see are revoked from the readers, the plan is checked before the statement
 * runs (the tenant's relations only, no recursion, cost at most SQL_MAX_COST) and the statement runs once.
 * Documented limitation (docs/security-hardening.md): values built by nesting ordinary operators (`||`, replace) can
 * still take seconds before PostgreSQL's 1 GB value limit stops them; production uses PostgreSQL, where the
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
    this.prepared ??= ensureTenantSpace(this.db, this.tenantId, true).catch((error) => {
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
        // Checked before anything runs: relations of the tenant's schema only, no recursion, a bounded cost.
        const plan = await run(`explain (verbose, format json) ${wrapped}`, values);
        const cost = checkPlan(plan.rows[0], this.schema, true);
        if (cost > this.config.sql.maxCost) {
          throw new AppError('dataLink.tooCostly', { cost: Math.round(cost), max: this.config.sql.maxCost }, 400);
        }
        // The user's query runs exactly once; its columns are described afterwards by a statement that never runs it.
        const result = await run(wrapped, values);
        const truncated = result.rows.length > options.maxRows;
        const fields = await describe(run, text, options.params, result.rows[0]);
        for (const field of fields) checkResultType(field.dataType);
        return { fields, rows: takeRows(result.rows, options.maxRows), truncated, durationMs: Math.round((performance.now() - started) * 10) / 10 };
      } catch (error) {
        throw pgQueryError(platformError(error, this.schema), options.timeoutMs);
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
      return { rows: takeRows(result.rows), affected: Number(result.numAffectedRows ?? 0n) };
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
            return { rows: takeRows(result.rows), affected: Number(result.numAffectedRows ?? 0n) };
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
 * Kysely hands back rows without column metadata, so names come from the first row or, without rows, from the
 * query's shape: its columns left-joined to one dummy row under a constant-false filter, which the planner turns into
 * an empty scan (the query is planned, never executed). Types come from pg_typeof over the same shape, so the user's
 * query runs only once in readQuery.
 */
async function describe(
  run: (q: string, p?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>,
  text: string,
  params: unknown[],
  sample: Record<string, unknown> | undefined,
): Promise<{ name: string; dataType: string }[]> {
  const probe = `from (select 1) d left join (select * from (${text}\n) q0 where false) q on true`;
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
      (plan) => void checkPlan(plan, tenantSchema(tenantId), false),
      checkResultType,
      (error) => platformError(error, tenantSchema(tenantId)),
    );
  }
  return new PglitePlatformDriver(db, config, tenantId);
}

/**
 * The platform link's statements on a caller's transaction: the tenant's schema is put first on the search path for
 * the form's statements only and the caller's path restored after (the caller's own tables live in public). The
 * tenant's schema exists: the form's tables were released into it.
 */
export async function joinPlatformTransaction<T>(trx: Transaction<Database>, tenantId: string, fn: (tx: LinkTransaction) => Promise<T>): Promise<T> {
  const previous = (await sql<{ path: string }>`select current_setting('search_path') as path`.execute(trx)).rows[0]!.path;
  await sql.raw(`set local search_path to ${pgQuote(tenantSchema(tenantId))}`).execute(trx);
  try {
    return await fn({
      execute: async (text, params) => {
        const result = await trx.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, params));
        return { rows: takeRows(result.rows), affected: Number(result.numAffectedRows ?? 0n) };
      },
    });
  } finally {
    // After a failed statement the transaction is aborted and refuses this too; the caller rolls back anyway.
    await sql
      .raw(`set local search_path to ${previous}`)
      .execute(trx)
      .catch(() => {});
  }
}
