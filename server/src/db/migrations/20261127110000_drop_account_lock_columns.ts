import { sql, type Kysely } from 'kysely';

/**
 * Sign-in failures are counted per account and source address in their own table (docs/security-hardening.md,
 * "Sign-in"); an account is never locked. The old per-user counter and lock time are no longer read or written.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop column if exists failed_login_count`.execute(db);
  await sql`alter table users drop column if exists locked_until`.execute(db);
}
