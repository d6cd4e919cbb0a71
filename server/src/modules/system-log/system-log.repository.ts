import { sql, type Insertable, type Kysely } from 'kysely';
import type { LogRow } from '@app/contracts';
import type { Database } from '../../core/db/schema.js';
import { fetchPage, formatTime, containsPattern } from '../../core/db/helpers.js';
import { DEFAULT_TENANT_ID } from '../../db/seed.js';
import type { SystemLogsTable } from './tables.js';

/** Log categories (system_logs.category; sign-ins are read from login_logs). */
export const LOG_SIGN_IN = 1;
export const LOG_OPERATION = 2;
export const LOG_EXCEPTION = 3;

export interface LogFilter {
  page: number;
  size: number;
  category: number;
  keyword?: string;
  user?: string;
  from?: Date;
  to?: Date;
}

export class LogRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  /** Operation and exception rows of the tenant; calls made without a tenant (sign-in attempts) show to the platform tenant. */
  private systemLogs(tenantId: string) {
    return this.db
      .selectFrom('system_logs as l')
      .where((eb) =>
        tenantId === DEFAULT_TENANT_ID ? eb.or([eb('l.tenant_id', '=', tenantId), eb('l.tenant_id', 'is', null)]) : eb('l.tenant_id', '=', tenantId),
      );
  }

  async page(tenantId: string, f: LogFilter): Promise<{ Rows: LogRow[]; Total: number }> {
    if (f.category === LOG_SIGN_IN) {
      let query = this.db.selectFrom('login_logs as l').where('l.tenant_id', '=', tenantId);
      if (f.keyword) {
        const pattern = containsPattern(f.keyword);
        query = query.where((eb) => eb.or([eb('l.account', 'ilike', pattern), eb('l.message', 'ilike', pattern), eb('l.ip', 'ilike', pattern)]));
      }
      if (f.user) query = query.where(sql`lower(l.account)`, '=', f.user.toLowerCase());
      if (f.from) query = query.where('l.created_at', '>=', f.from);
      if (f.to) query = query.where('l.created_at', '<', f.to);
      return fetchPage(
        query
          .leftJoin('users as u', 'u.id', 'l.user_id')
          .select([
            'l.id as F_Id',
            sql<number>`1`.as('F_Category'),
            'l.user_id as F_UserId',
            'l.account as F_Account',
            'u.real_name as F_RealName',
            sql<string | null>`null`.as('F_Module'),
            sql<string | null>`null`.as('F_ModuleName'),
            sql<string | null>`null`.as('F_ModuleI18n'),
            sql<string | null>`null`.as('F_Method'),
            sql<string | null>`null`.as('F_Url'),
            sql<string | null>`null`.as('F_Params'),
            sql<number | null>`null`.as('F_Duration'),
            sql<number | null>`null`.as('F_Status'),
            sql<string>`case when l.success then 'success' else 'failure' end`.as('F_Result'),
            'l.message as F_Detail',
            sql<string | null>`null`.as('F_RequestId'),
            'l.ip as F_IPAddress',
            formatTime('l.created_at').as('F_CreateDate'),
          ])
          .orderBy('l.created_at', 'desc'),
        f,
      );
    }
    let query = this.systemLogs(tenantId).where('l.category', '=', f.category);
    if (f.keyword) {
      const pattern = containsPattern(f.keyword);
      query = query.where((eb) =>
        eb.or([
          eb('l.url', 'ilike', pattern),
          eb('l.params', 'ilike', pattern),
          eb('l.result', 'ilike', pattern),
          eb('l.account', 'ilike', pattern),
          eb('l.module', 'ilike', pattern),
        ]),
      );
    }
    if (f.user) query = query.where(sql`lower(l.account)`, '=', f.user.toLowerCase());
    if (f.from) query = query.where('l.created_at', '>=', f.from);
    if (f.to) query = query.where('l.created_at', '<', f.to);
    return fetchPage(
      query
        .leftJoin('users as u', 'u.id', 'l.user_id')
        .leftJoin('modules as m', 'm.id', 'l.module')
        .select([
          'l.id as F_Id',
          'l.category as F_Category',
          'l.user_id as F_UserId',
          'l.account as F_Account',
          'u.real_name as F_RealName',
          'l.module as F_Module',
          'm.full_name as F_ModuleName',
          'm.i18n_key as F_ModuleI18n',
          'l.method as F_Method',
          'l.url as F_Url',
          'l.params as F_Params',
          'l.duration_ms as F_Duration',
          'l.status as F_Status',
          'l.result as F_Result',
          'l.detail as F_Detail',
          'l.request_id as F_RequestId',
          'l.ip as F_IPAddress',
          formatTime('l.created_at').as('F_CreateDate'),
        ])
        .orderBy('l.created_at', 'desc'),
      f,
    );
  }

  async remove(tenantId: string, id: string): Promise<boolean> {
    const system = await this.db
      .deleteFrom('system_logs')
      .where('id', '=', id)
      .where((eb) => (tenantId === DEFAULT_TENANT_ID ? eb.or([eb('tenant_id', '=', tenantId), eb('tenant_id', 'is', null)]) : eb('tenant_id', '=', tenantId)))
      .executeTakeFirst();
    if (Number(system.numDeletedRows) > 0) return true;
    const signIn = await this.db.deleteFrom('login_logs').where('id', '=', id).where('tenant_id', '=', tenantId).executeTakeFirst();
    return Number(signIn.numDeletedRows) > 0;
  }

  async clear(tenantId: string, category: number): Promise<number> {
    if (category === LOG_SIGN_IN) {
      const result = await this.db.deleteFrom('login_logs').where('tenant_id', '=', tenantId).executeTakeFirst();
      return Number(result.numDeletedRows);
    }
    const result = await this.db
      .deleteFrom('system_logs')
      .where('category', '=', category)
      .where((eb) => (tenantId === DEFAULT_TENANT_ID ? eb.or([eb('tenant_id', '=', tenantId), eb('tenant_id', 'is', null)]) : eb('tenant_id', '=', tenantId)))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Every log row of the tenant older than `before` (operations, exceptions and sign-ins): the clear-old-logs task. */
  async removeBefore(tenantId: string, before: Date): Promise<number> {
    const system = await this.db
      .deleteFrom('system_logs')
      .where('created_at', '<', before)
      .where((eb) => (tenantId === DEFAULT_TENANT_ID ? eb.or([eb('tenant_id', '=', tenantId), eb('tenant_id', 'is', null)]) : eb('tenant_id', '=', tenantId)))
      .executeTakeFirst();
    const signIn = await this.db.deleteFrom('login_logs').where('tenant_id', '=', tenantId).where('created_at', '<', before).executeTakeFirst();
    return Number(system.numDeletedRows) + Number(signIn.numDeletedRows);
  }

  /** One operation or exception log row. */
  async insert(row: Insertable<SystemLogsTable>): Promise<void> {
    await this.db.insertInto('system_logs').values(row).execute();
  }
}
