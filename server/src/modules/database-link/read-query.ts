import type { AppConfig } from '../../core/config.js';
import { AppError } from '../../core/errors.js';
import type { LinkDriver, QueryResult } from '../../core/data-links.js';
import { bindNamedParams, reasonOf } from './sql-text.js';

/** Values of `@name` parameters: a JSON object of strings, numbers, booleans or nulls. */
export function parseParamValues(text: string | undefined): Record<string, unknown> {
  if (text === undefined || text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new AppError('dataLink.badParams', { reason: reasonOf(error) }, 400);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new AppError('dataLink.badParams', { reason: 'not an object' }, 400);
  for (const [name, v] of Object.entries(value)) {
    if (v !== null && !['string', 'number', 'boolean'].includes(typeof v))
      throw new AppError('dataLink.badParams', { reason: `${name}: only text, numbers, true/false or null` }, 400);
  }
  return value as Record<string, unknown>;
}

/**
 * User-written SQL through a link: `@name` → the driver's bound placeholders, then the driver's read-only path
 * (derived table with the row cap, read-only transaction or session, query role, server-side time-out).
 * Shared by the database-link calls and data sources.
 */
export function runReadQuery(
  driver: LinkDriver,
  config: AppConfig,
  sql: string,
  values: Record<string, unknown>,
  options: { maxRows?: number; timeoutMs?: number } = {},
): Promise<QueryResult> {
  const bound = bindNamedParams(sql, values, (n) => driver.placeholder(n), {
    backslashEscapes: driver.type === 'mysql',
    bracketQuotes: driver.type === 'sqlserver',
  });
  return driver.readQuery(bound.sql, {
    params: bound.params,
    maxRows: Math.min(options.maxRows ?? config.sql.maxRows, config.sql.maxRows),
    timeoutMs: Math.min(options.timeoutMs ?? config.sql.timeoutMs, config.sql.timeoutMs),
  });
}
