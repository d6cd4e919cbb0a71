import type { Kysely } from 'kysely';
import type { DataSource, DataSourceParam } from '@app/contracts';
import type { Database } from '../../core/db/schema.js';
import { containsPattern, fetchPage, formatTime } from '../../core/db/helpers.js';

export interface DataSourceValues {
  code: string;
  name: string;
  link_id: string;
  sql_text: string;
  params: DataSourceParam[];
  id_field: string;
  parent_field: string;
  description: string;
}

export class DataSourceRepository {
  constructor(readonly db: Kysely<Database>) {}

  private rows(tenantId: string) {
    return this.db
      .selectFrom('data_sources')
      .where('tenant_id', '=', tenantId)
      .select([
        'id as F_Id',
        'code as F_Code',
        'name as F_Name',
        'link_id as F_DbId',
        'sql_text as F_Sql',
        'params as F_Params',
        'id_field as F_IdField',
        'parent_field as F_ParentField',
        'description as F_Description',
        formatTime('created_at').as('F_CreateDate'),
      ]);
  }

  async page(tenantId: string, f: { page: number; size: number; keyword?: string }): Promise<{ Rows: DataSource[]; Total: number }> {
    let query = this.rows(tenantId);
    if (f.keyword) {
      const like = containsPattern(f.keyword);
      query = query.where((eb) => eb.or([eb('code', 'ilike', like), eb('name', 'ilike', like)]));
    }
    return fetchPage(query.orderBy('created_at', 'desc').orderBy('id', 'desc'), f);
  }

  find(tenantId: string, id: string): Promise<DataSource | undefined> {
    return this.rows(tenantId).where('id', '=', id).executeTakeFirst();
  }

  async codeTaken(tenantId: string, code: string, exceptId?: string): Promise<boolean> {
    let query = this.db.selectFrom('data_sources').select('id').where('tenant_id', '=', tenantId).where('code', '=', code);
    if (exceptId) query = query.where('id', '<>', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  async insert(tenantId: string, userId: string, id: string, v: DataSourceValues): Promise<void> {
    await this.db
      .insertInto('data_sources')
      .values({ id, tenant_id: tenantId, created_by: userId, ...v, params: JSON.stringify(v.params) })
      .execute();
  }

  async update(tenantId: string, id: string, v: DataSourceValues): Promise<boolean> {
    const result = await this.db
      .updateTable('data_sources')
      .set({ ...v, params: JSON.stringify(v.params), updated_at: new Date() })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async remove(tenantId: string, id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('data_sources').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
