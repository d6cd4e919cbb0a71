import { type Expression, type RawBuilder, sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Database, TenantTable } from './schema.js';

/** Times are shown as `yyyy-MM-dd HH:mm:ss` in the tenant's zone (Asia/Shanghai until tenants choose their own). */
export const TIME_ZONE = 'Asia/Shanghai';

export function formatTime(column: Expression<Date | null> | string): RawBuilder<string> {
  const ref = typeof column === 'string' ? sql.ref(column) : column;
  return sql<string>`to_char(${ref} at time zone ${sql.lit(TIME_ZONE)}, 'YYYY-MM-DD HH24:MI:SS')`;
}

/**
 * The one way to read a tenant-owned table: the tenant filter is part of the query builder,
 * so a repository cannot forget it.
 */
export function tenantScoped<T extends TenantTable>(db: Kysely<Database>, table: T, tenantId: string): SelectQueryBuilder<Database, T, object> {
  // The cast is needed because Kysely cannot prove `${T}.tenant_id` is a column of every T.
  return (db.selectFrom(table) as unknown as SelectQueryBuilder<Database, T, object>).where(sql.ref(`${table}.tenant_id`), '=', tenantId);
}

export interface PageRequest {
  /** Page number, from 1 (the spec's `limit`). */
  page: number;
  size: number;
}

/**
 * The one way to answer a list: the query (filters, columns and order already applied) is run for one page,
 * and counted without its columns and order, both in parallel.
 */
export async function fetchPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  { page, size }: PageRequest,
): Promise<{ Rows: O[]; Total: number }> {
  const [rows, count] = await Promise.all([
    query
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    query
      .clearSelect()
      .clearOrderBy()
      .select(sql<number>`count(*)::int`.as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { Rows: rows, Total: (count as { total: number }).total };
}
/** LIKE pattern for a keyword, its wildcards escaped. */
export const containsPattern = (keyword: string) => `%${keyword.replace(/[%_\\]/g, '\\$&')}%`;

/** 'yyyy-MM-dd HH:mm:ss' (or a date) as a time in the tenant's zone (Asia/Shanghai, as formatTime shows). */
export function parseLocalTime(text: string): Date {
  const t = text.trim();
  if (/[zZ]|[+-]\d\d:?\d\d$/.test(t)) return new Date(t);
  const normal = t.length === 10 ? `${t}T00:00:00` : t.replace(' ', 'T');
  return new Date(`${normal}+08:00`);
}

/** PostgreSQL's unique violation (23505, from pg or PGlite): a concurrent insert won the race a pre-check could not see. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/**
 * Runs a write guarded by a unique index. The service checks first (for a clear message); when another request stored
 * the same code between that check and this write, the database refuses it and the caller gets the same answer as
 * the check (`conflict`), not a 500.
 */
export async function refusingDuplicates<T>(write: () => Promise<T>, conflict: () => Error): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict();
    throw error;
  }
}
