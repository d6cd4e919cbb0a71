import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { MESSAGE_GROUP_OF_TYPE, MESSAGE_READ, MESSAGE_UNREAD, type Message, type MessageCentre, type MessageTypeCode } from '@app/contracts';
import type { Database } from '../../core/db/schema.js';
import type { AuthContext } from '../../core/deps.js';
import type { Notifier, NotifyOptions } from '../../core/ports.js';
import { AppError } from '../../core/errors.js';
import { MessageHub } from './message.hub.js';
import { MessageRepository, type Executor, type MessageDbRow } from './message.repository.js';

const GROUP_TYPES: MessageTypeCode[] = [10, 11, 12, 13, 14];

/**
 * Messages (spec 7): the service other features call (`deps.messages.notify`) and the message centre's reads.
 * Status '11' is read, '10' unread (docs/system-oa-design.md).
 */
export class MessageService implements Notifier {
  readonly hub: MessageHub;
  private readonly repo: MessageRepository;

  constructor(db: Kysely<Database>, log: FastifyBaseLogger) {
    this.repo = new MessageRepository(db);
    this.hub = new MessageHub(db, log);
  }

  /**
   * One message per recipient, in one statement: the recipients are the given users of the tenant (unknown or
   * other tenants' ids are skipped) or every enabled user of the tenant. Pass a transaction to notify with the
   * change that causes it. Answers the number of messages written.
   */
  async notify(tenantId: string, recipients: string[] | 'all-tenant-users', options: NotifyOptions, executor: Executor = this.repo.db): Promise<number> {
    if (Array.isArray(recipients) && recipients.length === 0) return 0;
    const written = await this.repo.insertForRecipients(executor, tenantId, recipients, {
      type: options.type,
      title: options.title,
      content: options.content ?? '',
      objectId: options.objectId ?? null,
      payload: options.payload ?? null,
      exceptUserId: options.exceptUserId,
    });
    // Inside a caller's transaction the rows show once it commits: look a little later.
    if (written > 0) this.hub.kick(executor === this.repo.db ? 0 : 30);
    return written;
  }

  /** GET /oa/xjr-oa-message: five groups, each with its unread count and its 20 newest messages, in one query. */
  async centre(auth: AuthContext): Promise<MessageCentre> {
    const rows = await this.repo.centreRows(auth.tenantId, auth.userId, GROUP_TYPES);
    const centre = Object.fromEntries(
      Object.values(MESSAGE_GROUP_OF_TYPE).map((group) => [group, { unread: 0, messageList: [] as Message[] }]),
    ) as MessageCentre;
    for (const row of rows) {
      const group = centre[MESSAGE_GROUP_OF_TYPE[row.group_type as MessageTypeCode]];
      group.unread = Number(row.unread);
      if (row.id) group.messageList.push(toMessage(row));
    }
    return centre;
  }

  /** PUT /oa/xjr-oa-message/{id}: answers false when it already was read; another user's message is 404. */
  async markRead(auth: AuthContext, id: string): Promise<boolean> {
    const outcome = await this.repo.markRead(auth.tenantId, auth.userId, id);
    if (outcome === 'missing') throw new AppError('message.notFound', { id }, 404);
    return outcome === 'read';
  }

  /** PUT /oa/xjr-oa-message/readAllMessage/{type}: answers how many became read. */
  async markAllRead(auth: AuthContext, type: MessageTypeCode): Promise<number> {
    return this.repo.markAllRead(auth.tenantId, auth.userId, type);
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
