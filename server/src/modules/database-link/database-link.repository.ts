import { sql, type Kysely } from 'kysely';
import type { DatabaseLinkRow } from '@app/contracts';
import type { Database } from '../../core/db/schema.js';
import { containsPattern, formatTime, tenantScoped } from '../../core/db/helpers.js';

export interface LinkValues {
  alias: string;
  db_type: string;
  host: string;
  port: number;
  database_name: string;
  schema_name: string;
  user_name: string;
  query_role: string;
  group_name: string;
  description: string;
  sort_code: number;
}

/** Connection fields of one link, with the encrypted password (only the registry and the connection test read it). */
export interface LinkConnectionRow {
  id: string;
  db_type: string;
  host: string;
  port: number;
  database_name: string;
  schema_name: string;
  user_name: string;
  password_cipher: string;
  query_role: string;
  updated_at: Date;
}

export class DatabaseLinkRepository {
  constructor(readonly db: Kysely<Database>) {}

  private rows(tenantId: string) {
    return tenantScoped(this.db, 'database_links', tenantId).select([
      'database_links.id as F_Id',
      'database_links.alias as F_DBAlias',
      'database_links.db_type as F_DbType',
      'database_links.host as F_ServerAddress',
      'database_links.port as F_Port',
      'database_links.database_name as F_DBName',
      'database_links.schema_name as F_Schema',
      'database_links.user_name as F_UserName',
      sql<boolean>`database_links.password_cipher <> ''`.as('F_HasPassword'),
      'database_links.query_role as F_QueryRole',
      'database_links.group_name as F_GroupName',
      'database_links.description as F_Description',
      'database_links.sort_code as F_SortCode',
      formatTime('database_links.created_at').as('F_CreateDate'),
      sql<boolean>`false`.as('F_IsDefault'),
      'database_links.task_writable as F_TaskWritable',
    ]);
  }

  async page(tenantId: string, f: { keyword?: string; offset: number; limit: number }): Promise<{ rows: DatabaseLinkRow[]; total: number }> {
    let query = this.rows(tenantId);
    if (f.keyword) {
      const pattern = containsPattern(f.keyword);
      query = query.where((eb) =>
        eb.or([
          eb('database_links.alias', 'ilike', pattern),
          eb('database_links.host', 'ilike', pattern),
          eb('database_links.database_name', 'ilike', pattern),
        ]),
      );
    }
    const [rows, count] = await Promise.all([
      f.limit > 0
        ? query.orderBy('database_links.sort_code').orderBy('database_links.alias').orderBy('database_links.id').limit(f.limit).offset(f.offset).execute()
        : Promise.resolve([]),
      query
        .clearSelect()
        .select(sql<number>`count(*)::int`.as('total'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows: rows as DatabaseLinkRow[], total: count.total };
  }

  async all(tenantId: string, groupName?: string): Promise<DatabaseLinkRow[]> {
    let query = this.rows(tenantId);
    if (groupName !== undefined) query = query.where('database_links.group_name', '=', groupName);
    return (await query
      .orderBy('database_links.group_name')
      .orderBy('database_links.sort_code')
      .orderBy('database_links.alias')
      .execute()) as DatabaseLinkRow[];
  }

  connectionOf(tenantId: string, id: string): Promise<LinkConnectionRow | undefined> {
    return tenantScoped(this.db, 'database_links', tenantId)
      .where('database_links.id', '=', id)
      .select(['id', 'db_type', 'host', 'port', 'database_name', 'schema_name', 'user_name', 'password_cipher', 'query_role', 'updated_at'])
      .executeTakeFirst();
  }

  /** Whether scheduled SQL tasks may write through the link; undefined when the tenant has no such link. */
  async taskWritable(tenantId: string, id: string): Promise<number | undefined> {
    const row = await tenantScoped(this.db, 'database_links', tenantId).where('database_links.id', '=', id).select('task_writable').executeTakeFirst();
    return row?.task_writable;
  }

  async setTaskWritable(tenantId: string, id: string, writable: number): Promise<boolean> {
    const result = await this.db
      .updateTable('database_links')
      .set({ task_writable: writable })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async aliasTaken(tenantId: string, alias: string, exceptId?: string): Promise<boolean> {
    let query = tenantScoped(this.db, 'database_links', tenantId).where('database_links.alias', '=', alias);
    if (exceptId) query = query.where('database_links.id', '<>', exceptId);
    return (await query.select('id').executeTakeFirst()) !== undefined;
  }

  async insert(tenantId: string, userId: string, id: string, values: LinkValues, passwordCipher: string): Promise<void> {
    await this.db
      .insertInto('database_links')
      .values({ id, tenant_id: tenantId, created_by: userId, ...values, password_cipher: passwordCipher })
      .execute();
  }

  /** `passwordCipher` undefined keeps the stored password. */
  async update(tenantId: string, id: string, values: LinkValues, passwordCipher: string | undefined): Promise<boolean> {
    const result = await this.db
      .updateTable('database_links')
      .set({ ...values, ...(passwordCipher === undefined ? {} : { password_cipher: passwordCipher }), updated_at: new Date() })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async remove(tenantId: string, id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('database_links').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
