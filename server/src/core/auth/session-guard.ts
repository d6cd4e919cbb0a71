import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export interface LiveSession {
  sessionId: string;
  userId: string;
  tenantId: string;
  account: string;
}

interface CacheEntry {
  session: LiveSession | null;
  checkedAt: number;
}

/** How long a session check is trusted before the database is asked again (also the worst-case delay
 *  for a revocation made by another server process to take effect). */
export const SESSION_CHECK_TTL_MS = 2_000;
const LAST_ACTIVE_WRITE_INTERVAL = '60 seconds';

/**
 * Answers "is this session still good?" for every request: not revoked, not expired, user enabled,
 * tenant enabled. Revocations made by this process are seen at once (the cache entry is dropped).
 */
export class SessionGuard {
  private readonly cache = new Map<string, CacheEntry>();

  constructor(private readonly db: Kysely<Database>) {}

  async check(sessionId: string, userId: string): Promise<LiveSession | null> {
    const now = Date.now();
    const cached = this.cache.get(sessionId);
    if (cached && now - cached.checkedAt < SESSION_CHECK_TTL_MS) {
      return cached.session?.userId === userId ? cached.session : null;
    }
    const row = await this.db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .innerJoin('tenants as t', 't.id', 's.tenant_id')
      .select(['s.id', 's.user_id', 's.tenant_id', 'u.account'])
      .select(sql<boolean>`s.last_active_at < now() - interval '${sql.raw(LAST_ACTIVE_WRITE_INTERVAL)}'`.as('stale'))
      .where('s.id', '=', sessionId)
      .where('s.revoked_at', 'is', null)
      .where('s.expires_at', '>', sql<Date>`now()`)
      .where('u.enabled', '=', true)
      .where('t.enabled', '=', true)
      .executeTakeFirst();
    const session = row ? { sessionId: row.id, userId: row.user_id, tenantId: row.tenant_id, account: row.account } : null;
    if (this.cache.size > 50_000) this.cache.clear();
    this.cache.set(sessionId, { session, checkedAt: now });
    if (row?.stale) {
      // Activity is recorded at most once a minute per session, so reads stay reads.
      await this.db
        .updateTable('sessions')
        .set({ last_active_at: sql<Date>`now()` })
        .where('id', '=', sessionId)
        .execute();
    }
    return session?.userId === userId ? session : null;
  }

  forget(sessionId: string): void {
    this.cache.delete(sessionId);
  }

  /** After a user is disabled or changes password: drop every cached session of theirs. */
  forgetUser(userId: string): void {
    for (const [id, entry] of this.cache) if (entry.session?.userId === userId) this.cache.delete(id);
  }
}
