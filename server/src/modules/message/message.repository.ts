import { sql, type Kysely, type Transaction } from 'kysely';
import { MESSAGE_GROUP_LIMIT, type MessageTypeCode } from '@app/contracts';
import type { Database } from '../../core/db/schema.js';
import { TIME_ZONE } from '../../core/db/helpers.js';

export type Executor = Kysely<Database> | Transaction<Database>;

/** A message row as the message centre reads it. */
export interface MessageDbRow {
  id: string;
  type: number;
  title: string;
  content: string;
  object_id: string | null;
  payload: unknown;
  is_read: boolean;
  created: string;
  unread: number;
}

export interface NewMessage {
  type: MessageTypeCode;
  title: string;
  content: string;
  objectId: string | null;
  payload: Record<string, unknown> | null;
  exceptUserId?: string;
}

export class MessageRepository {
  constructor(readonly db: Kysely<Database>) {}

  /**
   * One message per recipient, in one statement: the given users of the tenant (unknown or other tenants' ids are
   * skipped) or every enabled user of the tenant. Answers the number written.
   */
  async insertForRecipients(executor: Executor, tenantId: string, recipients: string[] | 'all-tenant-users', message: NewMessage): Promise<number> {
    const who = recipients === 'all-tenant-users' ? sql`u.enabled = true` : sql`u.id = any(${sql.val([...new Set(recipients)])}::text[])`;
    const except = message.exceptUserId ? sql`and u.id <> ${message.exceptUserId}` : sql``;
    const payload = message.payload ? JSON.stringify(message.payload) : null;
    const result = await sql`
      insert into messages (id, tenant_id, user_id, type, title, content, object_id, payload)
      select gen_random_uuid()::text, u.tenant_id, u.id, ${message.type}, ${message.title}, ${message.content},
             ${message.objectId}, ${payload}::jsonb
      from users u
      where u.tenant_id = ${tenantId} and ${who} ${except}`.execute(executor);
    return Number(result.numAffectedRows ?? 0);
  }

  /** For each group type, its unread count and its newest messages (a row per message; one with a null id when none). */
  async centreRows(tenantId: string, userId: string, groupTypes: MessageTypeCode[]): Promise<(MessageDbRow & { group_type: number })[]> {
    const rows = await sql<MessageDbRow & { group_type: number }>`
      with counts as (
        select c.type, count(*)::int as n from messages c
        where c.user_id = ${userId} and not c.is_read
        group by c.type
      )
      select t.type as group_type, coalesce(counts.n, 0) as unread,
             m.id, m.type, m.title, m.content, m.object_id, m.payload, m.is_read,
             to_char(m.created_at at time zone ${sql.lit(TIME_ZONE)}, 'YYYY-MM-DD HH24:MI:SS') as created
      from unnest(${sql.val(groupTypes)}::int[]) as t(type)
      left join counts on counts.type = t.type
      left join lateral (
        select * from messages x
        where x.user_id = ${userId} and x.type = t.type and x.tenant_id = ${tenantId}
        order by x.created_at desc, x.seq desc
        limit ${MESSAGE_GROUP_LIMIT}
      ) m on true
      order by t.type, m.created_at desc, m.seq desc`.execute(this.db);
    return rows.rows;
  }

  /** Marks one of the user's messages read: 'read', 'already' (it was), or 'missing' (not the user's). */
  async markRead(tenantId: string, userId: string, id: string): Promise<'read' | 'already' | 'missing'> {
    const updated = await this.db
      .updateTable('messages')
      .set({ is_read: true, read_at: new Date() })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('tenant_id', '=', tenantId)
      .where('is_read', '=', false)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) > 0) return 'read';
    const exists = await this.db
      .selectFrom('messages')
      .select('id')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    return exists ? 'already' : 'missing';
  }

  /** Marks all the user's unread messages of a type read; answers how many. */
  async markAllRead(tenantId: string, userId: string, type: MessageTypeCode): Promise<number> {
    const updated = await this.db
      .updateTable('messages')
      .set({ is_read: true, read_at: new Date() })
      .where('user_id', '=', userId)
      .where('tenant_id', '=', tenantId)
      .where('type', '=', type)
      .where('is_read', '=', false)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows);
  }

  /** The database's clock (the push hub's cursor follows it, not the process's). */
  async databaseNow(): Promise<Date> {
    const row = await sql<{ now: Date }>`select now() as now`.execute(this.db);
    return new Date(row.rows[0].now);
  }

  /**
   * Messages of every tenant created after `since`, oldest first, each with the database's clock; when there are
   * none, one row with only `now` (so the caller's cursor still moves). `at` is created_at in epoch milliseconds.
   */
  async createdSince(since: Date): Promise<{ id: string; user_id: string; type: number; at: number; now: Date }[]> {
    const result = await sql<{ id: string; user_id: string; type: number; at: number; now: Date }>`
      select m.id, m.user_id, m.type, (extract(epoch from m.created_at) * 1000)::float8 as at, n.now
      from (select now() as now) n
      left join messages m on m.created_at > ${since}
      order by m.created_at`.execute(this.db);
    return result.rows;
  }
}
