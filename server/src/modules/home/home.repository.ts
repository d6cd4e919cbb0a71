import { sql, type Kysely } from 'kysely';
import type { Database } from '../../core/db/schema.js';
import { TIME_ZONE, formatTime, tenantScoped } from '../../core/db/helpers.js';

const startOfToday = sql<Date>`date_trunc('day', now() at time zone ${sql.lit(TIME_ZONE)}) at time zone ${sql.lit(TIME_ZONE)}`;

export class HomeRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async todayCounts(tenantId: string) {
    const [logins, errors] = await Promise.all([
      tenantScoped(this.db, 'login_logs', tenantId)
        .select(sql<number>`count(*)::int`.as('n'))
        .where('login_logs.success', '=', true)
        .where('login_logs.created_at', '>=', startOfToday)
        .executeTakeFirstOrThrow(),
      tenantScoped(this.db, 'client_logs', tenantId)
        .select(sql<number>`count(*)::int`.as('n'))
        .where('client_logs.created_at', '>=', startOfToday)
        .executeTakeFirstOrThrow(),
    ]);
    return { todayLogins: logins.n, clientErrorsToday: errors.n };
  }

  /** The sign-in before the current one. */
  previousLogin(tenantId: string, userId: string) {
    return tenantScoped(this.db, 'login_logs', tenantId)
      .select([formatTime('login_logs.created_at').as('time'), 'login_logs.ip'])
      .where('login_logs.user_id', '=', userId)
      .where('login_logs.success', '=', true)
      .orderBy('login_logs.created_at', 'desc')
      .offset(1)
      .limit(1)
      .executeTakeFirst();
  }
}
