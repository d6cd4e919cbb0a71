import { sql, type Kysely } from 'kysely';

/**
 * Refresh-token reuse detection: a session remembers the refresh token it replaced and when. That old token coming
 * back later than a concurrent refresh could explain means it was copied: the session is revoked.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sessions add column previous_refresh_hash text`.execute(db);
  await sql`alter table sessions add column refreshed_at timestamptz`.execute(db);
}
