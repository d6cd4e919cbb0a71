import { sql, type Kysely } from 'kysely';
import PgBoss from 'pg-boss';
import { splitStatements } from '../../core/db/statements.js';

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
