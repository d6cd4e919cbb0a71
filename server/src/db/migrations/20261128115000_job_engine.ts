import { sql, type Kysely } from 'kysely';
import PgBoss from 'pg-boss';

/**
 * The job engine's own tables (pg-boss, schema `pgboss`), made by our migrations rather than by pg-boss at start:
 * the build's PGlite template then carries them, and no server process races another to create them. The server
 * starts pg-boss with `migrate: false`; a pg-boss upgrade that changes its schema needs a migration with
 * `PgBoss.getMigrationPlans`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of splitStatements(PgBoss.getConstructionPlans('pgboss'))) {
    // The migrator already runs this in a transaction: pg-boss's own begin / commit would end it early.
    if (/^(begin|commit)$/i.test(statement)) continue;
    await sql.raw(statement).execute(db);
  }
}

/**
 * The statements of a script, split at semicolons outside quotes and $$ bodies (PGlite runs one statement per
 * query with parameters, as Kysely sends them).
 */
export function splitStatements(script: string): string[] {
  const statements: string[] = [];
  let current = '';
  let quote: string | null = null;
  for (let i = 0; i < script.length; i++) {
    const c = script[i]!;
    if (quote) {
      current += c;
      if (quote === '$$' ? script.startsWith('$$', i) : c === quote) {
        if (quote === '$$') current += script[++i];
        quote = null;
      }
    } else if (c === "'" || c === '"') {
      quote = c;
      current += c;
    } else if (script.startsWith('$$', i)) {
      quote = '$$';
      current += script[++i] === '$' ? '$$' : '$';
    } else if (c === ';') {
      if (current.trim()) statements.push(current.trim());
      current = '';
    } else {
      current += c;
    }
  }
  if (current.trim()) statements.push(current.trim());
  return statements;
}
