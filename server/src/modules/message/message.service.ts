import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  MESSAGE_GROUP_LIMIT,
  MESSAGE_GROUP_OF_TYPE,
  MESSAGE_READ,
  MESSAGE_UNREAD,
  type Message,
  type MessageCentre,
  type MessageTypeCode,
} from '@app/contracts';
import type { Database } from '../../core/db/schema.js';
import type { AuthContext } from '../../core/deps.js';
import { AppError } from '../../core/errors.js';
import { TIME_ZONE } from '../../core/db/helpers.js';
import { MessageHub } from './message.hub.js';

export interface NotifyOptions {
  /** 10 news, 11 notice, 12 schedule, 13 workflow approval, 14 workflow circulated. */
  type: MessageTypeCode;
  title: string;
  content?: string;
  /** The news / notice / schedule id, or the workflow task id. */
  objectId?: string | null;
  /** Extra data shown with the message (workflowInfoVo for 13 / 14). */
  payload?: Record<string, unknown> | null;
  /** A user who gets nothing (the publisher). */
  exceptUserId?: string;
}

type Executor = Kysely<Database> | Transaction<Database>;

interface MessageDbRow {
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

const GROUP_TYPES: MessageTypeCode[] = [10, 11, 12, 13, 14];

/**
 * Messages (spec 7): the service other features call (`deps.messages.notify`) and the message centre's reads.
 * Status '11' is read, '10' unread (docs/system-oa-design.md).
 */
export class MessageService {
  readonly hub: MessageHub;
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>, log: FastifyBaseLogger) {
    this.db = db;
    this.hub = new MessageHub(this.db, log);
  }

  /**
   * One message per recipient, in one statement: the recipients are the given users of the tenant (unknown or
   * other tenants' ids are skipped) or every enabled user of the tenant. Pass a transaction to notify with the
   * change that causes it. Answers the number of messages written.
   */
  async notify(tenantId: string, recipients: string[] | 'all-tenant-users', options: NotifyOptions, executor: Executor = this.db): Promise<number> {
    if (Array.isArray(recipients) && recipients.length === 0) return 0;
    const who =
      recipients === 'all-tenant-users'
        ? sql`u.enabled = true`
        : sql`u.id = any(${sql.val([...new Set(recipients)])}::text[])`;
    const except = options.exceptUserId ? sql`and u.id <> ${options.exceptUserId}` : sql``;
    const payload = options.payload ? JSON.stringify(options.payload) : null;
    const result = await sql`
      insert into messages (id, tenant_id, user_id, type, title, content, object_id, payload)
      select gen_random_uuid()::text, u.tenant_id, u.id, ${options.type}, ${options.title}, ${options.content ?? ''},
             ${options.objectId ?? null}, ${payload}::jsonb
      from users u
      where u.tenant_id = ${tenantId} and ${who} ${except}`.execute(executor);
    const written = Number(result.numAffectedRows ?? 0);
    // Inside a caller's transaction the rows show once it commits: look a little later.
    if (written > 0) this.hub.kick(executor === this.db ? 0 : 30);
    return written;
  }

  /** GET /oa/xjr-oa-message: five groups, each with its unread count and its 20 newest messages, in one query. */
  async centre(auth: AuthContext): Promise<MessageCentre> {
    const rows = await sql<MessageDbRow & { group_type: number }>`
      with counts as (
        select c.type, count(*)::int as n from messages c
        where c.user_id = ${auth.userId} and not c.is_read
        group by c.type
      )
      select t.type as group_type, coalesce(counts.n, 0) as unread,
             m.id, m.type, m.title, m.content, m.object_id, m.payload, m.is_read,
             to_char(m.created_at at time zone ${sql.lit(TIME_ZONE)}, 'YYYY-MM-DD HH24:MI:SS') as created
      from unnest(${sql.val(GROUP_TYPES)}::int[]) as t(type)
      left join counts on counts.type = t.type
      left join lateral (
        select * from messages x
        where x.user_id = ${auth.userId} and x.type = t.type and x.tenant_id = ${auth.tenantId}
        order by x.created_at desc, x.seq desc
        limit ${MESSAGE_GROUP_LIMIT}
      ) m on true
      order by t.type, m.created_at desc, m.seq desc`.execute(this.db);
    const centre = Object.fromEntries(
      Object.values(MESSAGE_GROUP_OF_TYPE).map((group) => [group, { unread: 0, messageList: [] as Message[] }]),
    ) as MessageCentre;
    for (const row of rows.rows) {
      const group = centre[MESSAGE_GROUP_OF_TYPE[row.group_type as MessageTypeCode]];
      group.unread = Number(row.unread);
      if (row.id) group.messageList.push(toMessage(row));
    }
    return centre;
  }

  /** PUT /oa/xjr-oa-message/{id}: answers false when it already was read; another user's message is 404. */
  async markRead(auth: AuthContext, id: string): Promise<boolean> {
    const updated = await this.db
      .updateTable('messages')
      .set({ is_read: true, read_at: new Date() })
      .where('id', '=', id)
      .where('user_id', '=', auth.userId)
      .where('tenant_id', '=', auth.tenantId)
      .where('is_read', '=', false)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) > 0) return true;
    const exists = await this.db
      .selectFrom('messages')
      .select('id')
      .where('id', '=', id)
      .where('user_id', '=', auth.userId)
      .where('tenant_id', '=', auth.tenantId)
      .executeTakeFirst();
    if (!exists) throw new AppError('message.notFound', { id }, 404);
    return false;
  }

  /** PUT /oa/xjr-oa-message/readAllMessage/{type}: answers how many became read. */
  async markAllRead(auth: AuthContext, type: MessageTypeCode): Promise<number> {
    const updated = await this.db
      .updateTable('messages')
      .set({ is_read: true, read_at: new Date() })
      .where('user_id', '=', auth.userId)
      .where('tenant_id', '=', auth.tenantId)
      .where('type', '=', type)
      .where('is_read', '=', false)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows);
  }
}

function toMessage(row: MessageDbRow): Message {
  const type = Number(row.type);
  const message: Message = {
    F_Id: row.id,
    F_Type: type,
    title: row.title,
    F_Content: row.content,
    F_SendTime: row.created,
    createTime: row.created,
    F_Status: row.is_read ? MESSAGE_READ : MESSAGE_UNREAD,
    isRead: row.is_read,
    objectId: row.object_id,
  };
  if (type === 10 && row.object_id) message.newsInfo = { F_Id: row.object_id, F_FullHead: row.title };
  if (type === 13 || type === 14) message.workflowInfoVo = (row.payload as Message['workflowInfoVo']) ?? null;
  return message;
}
