import { sql, type Kysely } from 'kysely';
import type { Database } from '../../core/db/schema.js';
import { fetchPage, formatTime, tenantScoped } from '../../core/db/helpers.js';

/**
 * A session counts as online when it was seen in the last ONLINE_MINUTES: an open console calls the server at least
 * every 30 s (the to-do counts) and last_active_at is written at most once a minute (session-guard), so a closed
 * browser drops out after a few minutes instead of staying "online" until its session expires.
 */
export const ONLINE_MINUTES = 5;

export class OnlineUserRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private live(tenantId: string) {
    return tenantScoped(this.db, 'sessions', tenantId)
      .where('sessions.revoked_at', 'is', null)
      .where('sessions.expires_at', '>', sql<Date>`now()`)
      .where('sessions.last_active_at', '>', sql<Date>`now() - make_interval(mins => ${ONLINE_MINUTES})`);
  }

  async page(tenantId: string, filter: { page: number; size: number; keyword?: string }) {
    let query = this.live(tenantId).innerJoin('users as u', 'u.id', 'sessions.user_id');
    if (filter.keyword) query = query.where((eb) => eb.or([eb('u.account', '=', filter.keyword!), eb('u.real_name', '=', filter.keyword!)]));
    return fetchPage(
      query
        .select([
          'sessions.id as F_SessionId',
          'u.id as F_UserId',
          'u.account as F_Account',
          'u.real_name as F_RealName',
          'sessions.ip as F_IpAddress',
          'sessions.user_agent as F_UserAgent',
          formatTime('sessions.created_at').as('F_LoginTime'),
          formatTime('sessions.last_active_at').as('F_LastActiveTime'),
        ])
        .orderBy('sessions.last_active_at', 'desc'),
      filter,
    );
  }

  async revoke(tenantId: string, sessionId: string): Promise<string | null> {
    const row = await this.db
      .updateTable('sessions')
      .set({ revoked_at: sql<Date>`now()` })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .returning('user_id')
      .executeTakeFirst();
    return row?.user_id ?? null;
  }

  async countLive(tenantId: string): Promise<number> {
    const row = await this.live(tenantId)
      .select(sql<number>`count(distinct sessions.user_id)::int`.as('total'))
      .executeTakeFirstOrThrow();
    return row.total;
  }
}
