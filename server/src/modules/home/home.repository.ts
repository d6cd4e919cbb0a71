import { sql, type Kysely } from 'kysely';
import type { Database } from '../../core/db/schema.js';
import { TIME_ZONE, formatTime, tenantScoped } from '../../core/db/helpers.js';

const startOfToday = sql<Date>`date_trunc('day', now() at time zone ${sql.lit(TIME_ZONE)}) at time zone ${sql.lit(TIME_ZONE)}`;

export class HomeRepository {
  constructor(private readonly db: Kysely<Database>) {}

  todayLogins(tenantId: string): Promise<number> {
    return tenantScoped(this.db, 'login_logs', tenantId)
      .select(sql<number>`count(*)::int`.as('n'))
      .where('login_logs.success', '=', true)
      .where('login_logs.created_at', '>=', startOfToday)
      .executeTakeFirstOrThrow()
      .then((r) => r.n);
  }

  clientErrorsToday(tenantId: string): Promise<number> {
    return tenantScoped(this.db, 'client_logs', tenantId)
      .select(sql<number>`count(*)::int`.as('n'))
      .where('client_logs.created_at', '>=', startOfToday)
      .executeTakeFirstOrThrow()
      .then((r) => r.n);
  }

  /** The user's own figures: open to-dos (index wf_task_users_todo), running applications they started, unread messages. */
  async mine(tenantId: string, userId: string): Promise<{ myTodos: number; myApplications: number; unreadMessages: number }> {
    const [todos, applications, unread] = await Promise.all([
      tenantScoped(this.db, 'wf_task_users', tenantId)
        .where('wf_task_users.user_id', '=', userId)
        .where('wf_task_users.open', '=', true)
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow(),
      tenantScoped(this.db, 'wf_instances', tenantId)
        .where('wf_instances.starter_id', '=', userId)
        .where('wf_instances.parent_id', 'is', null)
        .where('wf_instances.recycled_at', 'is', null)
        .where('wf_instances.state', 'in', ['running', 'suspended'])
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow(),
      tenantScoped(this.db, 'messages', tenantId)
        .where('messages.user_id', '=', userId)
        .where('messages.is_read', '=', false)
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { myTodos: todos.n, myApplications: applications.n, unreadMessages: unread.n };
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
