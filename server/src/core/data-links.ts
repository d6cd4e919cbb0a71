/**
 * One interface over every database a link can reach (docs/data-platform-design.md).
 * Implementations: postgresql (pg), mysql (mysql2; MariaDB too), sqlserver (tedious), platform (the app's own
 * database, per-tenant schema and reader role). Names passed in are already validated identifiers; drivers quote them.
 */
export type DbType = 'postgresql' | 'mysql' | 'sqlserver' | 'platform';

export interface ColumnInfo {
  /** Spec column fields. */
  f_number: number;
  f_column: string;
  f_datatype: string;
  f_length: number | null;
  f_defaults: string | null;
  f_identity: boolean;
  f_key: boolean;
  f_isnullable: boolean;
  f_remark: string;
}

export interface TableInfo {
  name: string;
  comment: string;
}

export interface ResultField {
  name: string;
  dataType: string;
}

export interface QueryResult {
  fields: ResultField[];
  rows: Record<string, unknown>[];
  /** More rows existed than the cap allowed. */
  truncated: boolean;
  durationMs: number;
}

export interface ReadQueryOptions {
  /** Bound in order; the SQL uses the driver's placeholders (see placeholder()). */
  params: unknown[];
  maxRows: number;
  timeoutMs: number;
}

/** The statements of one LinkDriver.transaction. */
export interface LinkTransaction {
  execute(sql: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[]; affected: number }>;
}

export interface LinkDriver {
  readonly type: DbType;
  /** Connects and runs a trivial query; rejects within the connect time-out. */
  ping(): Promise<void>;
  /**
   * User-written SQL, read-only and enforced by the database: derived-table wrap with the row cap, read-only
   * transaction/session, the query role, and a server-side statement time-out.
   */
  readQuery(sql: string, options: ReadQueryOptions): Promise<QueryResult>;
  listTables(options: { keyword?: string; offset: number; limit: number }): Promise<{ rows: TableInfo[]; total: number }>;
  columns(table: string): Promise<ColumnInfo[]>;
  /**
   * Paged rows ordered by the primary key (indexed), offset otherwise. `after` (the primary-key value of the last
   * row seen, as text) pages by keyset, so deep pages cost as much as the first; answers carry `next`, the cursor of
   * the following page, when the table has a one-column primary key. `total` is exact up to 100,000 rows, the
   * planner's estimate above.
   */
  tableData(
    table: string,
    options: { offset: number; limit: number; after?: string },
  ): Promise<{ rows: Record<string, unknown>[]; total: number; next?: string | null }>;
  tableExists(table: string): Promise<boolean>;
  /** DDL built from a validated design only (the release path); never user text. */
  executeDdl(statements: string[]): Promise<void>;
  /** Parameterised statements for generic CRUD over released tables (not read-only). */
  execute(sql: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[]; affected: number }>;
  /**
   * Several parameterised statements in one transaction on one connection (form data: main row and sub-table rows):
   * committed when `fn` resolves, rolled back when it throws (the error is passed on, database errors as AppError).
   * `fn` runs only statements of `tx`: on PGlite the platform link's transaction holds the app's only connection,
   * so a query through deps.db inside `fn` would wait forever.
   */
  transaction<T>(fn: (tx: LinkTransaction) => Promise<T>): Promise<T>;
  quoteIdent(name: string): string;
  /** Placeholder of the n-th (1-based) bound parameter: $n, ? or @pn. */
  placeholder(n: number): string;
  close(): Promise<void>;
}

/** Connection fields of a stored link, password decrypted (never leaves the server). */
export interface LinkSettings {
  id: string;
  dbType: Exclude<DbType, 'platform'>;
  host: string;
  port: number;
  database: string;
  /** PostgreSQL schema / SQL Server schema the table browser shows; '' = the default (public / dbo). */
  schema: string;
  user: string;
  password: string;
  /** Role / database user that user-written SQL runs under; '' = the link's user. */
  queryRole: string;
}

/** Drivers by link, one pool per link, cached (deps.links). */
export interface LinkDrivers {
  /** The driver of a link of this tenant (DEFAULT_LINK_ID = the platform database); 404 when there is no such link. */
  forLink(tenantId: string, linkId: string): Promise<LinkDriver>;
  /** Connection test of unsaved fields (address guard first); throws the user's message on failure. */
  probe(settings: LinkSettings): Promise<void>;
  /** Closes and forgets the pools of a link (after it changes or is deleted). */
  forget(linkId: string): Promise<void>;
  closeAll(): Promise<void>;
}
