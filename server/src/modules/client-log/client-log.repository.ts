import type { Kysely } from 'kysely';
import type { ClientLogEntry } from '@app/contracts';
import type { Database } from '../../core/db/schema.js';
import { fetchPage, formatTime, tenantScoped } from '../../core/db/helpers.js';
import { newId } from '../../core/ids.js';

export class ClientLogRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(tenantId: string, userId: string, entries: ClientLogEntry[]): Promise<void> {
    await this.db
      .insertInto('client_logs')
      .values(
        entries.map((e) => ({
          id: newId(),
          tenant_id: tenantId,
          user_id: userId,
          type: e.type,
          url: e.url,
          message: e.message,
          stack: e.stack,
          info: e.info,
          client_time: e.time,
        })),
      )
      .execute();
  }

  async page(tenantId: string, filter: { page: number; size: number; type?: string; keyword?: string }) {
    let query = tenantScoped(this.db, 'client_logs', tenantId);
    if (filter.type) query = query.where('client_logs.type', '=', filter.type);
    if (filter.keyword) query = query.where('client_logs.message', 'ilike', `%${filter.keyword.replace(/[%_\\]/g, '\\$&')}%`);
    return fetchPage(
      query
        .leftJoin('users as u', 'u.id', 'client_logs.user_id')
        .select([
          'client_logs.id as F_Id',
          'client_logs.user_id as F_UserId',
          'u.account as F_Account',
          'client_logs.type as F_Type',
          'client_logs.url as F_Url',
          'client_logs.message as F_Message',
          'client_logs.stack as F_Stack',
          'client_logs.info as F_Info',
          'client_logs.client_time as F_ClientTime',
          formatTime('client_logs.created_at').as('F_CreateDate'),
        ])
        .orderBy('client_logs.created_at', 'desc'),
      filter,
    );
  }

  async clear(tenantId: string): Promise<number> {
    const result = await this.db.deleteFrom('client_logs').where('tenant_id', '=', tenantId).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
