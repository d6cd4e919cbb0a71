import type { Kysely } from 'kysely';
import type { InterfaceHeader, InterfaceRow } from '@app/contracts';
import type { Database } from '../../core/db/schema.js';
import { containsPattern, fetchPage, formatTime } from '../../core/db/helpers.js';

export interface InterfaceValues {
  code: string;
  name: string;
  method: string;
  url: string;
  headers: InterfaceHeader[];
  body_template: string;
  response_path: string;
  timeout_ms: number;
  description: string;
}

export class InterfaceRepository {
  constructor(readonly db: Kysely<Database>) {}

  private rows(tenantId: string) {
    return this.db
      .selectFrom('interfaces')
      .where('tenant_id', '=', tenantId)
      .select([
        'id as F_Id',
        'code as F_Code',
        'name as F_Name',
        'method as F_Method',
        'url as F_Url',
        'headers as F_Headers',
        'body_template as F_BodyTemplate',
        'response_path as F_ResponsePath',
        'timeout_ms as F_TimeoutMs',
        'description as F_Description',
        formatTime('created_at').as('F_CreateDate'),
      ]);
  }

  async page(tenantId: string, f: { page: number; size: number; keyword?: string }): Promise<{ Rows: InterfaceRow[]; Total: number }> {
    let query = this.rows(tenantId);
    if (f.keyword) {
      const like = containsPattern(f.keyword);
      query = query.where((eb) => eb.or([eb('code', 'ilike', like), eb('name', 'ilike', like), eb('url', 'ilike', like)]));
    }
    const page = await fetchPage(query.orderBy('created_at', 'desc').orderBy('id', 'desc'), f);
    return { Rows: page.Rows as InterfaceRow[], Total: page.Total };
  }

  async all(tenantId: string): Promise<InterfaceRow[]> {
    return (await this.rows(tenantId).orderBy('code').execute()) as InterfaceRow[];
  }

  async find(tenantId: string, id: string): Promise<InterfaceRow | undefined> {
    return (await this.rows(tenantId).where('id', '=', id).executeTakeFirst()) as InterfaceRow | undefined;
  }

  /** By id, or else by code: forms and workflows name interfaces by their code. */
  async findByIdOrCode(tenantId: string, idOrCode: string): Promise<InterfaceRow | undefined> {
    return (await this.find(tenantId, idOrCode)) ?? ((await this.rows(tenantId).where('code', '=', idOrCode).executeTakeFirst()) as InterfaceRow | undefined);
  }

  async codeTaken(tenantId: string, code: string, exceptId?: string): Promise<boolean> {
    let query = this.db.selectFrom('interfaces').select('id').where('tenant_id', '=', tenantId).where('code', '=', code);
    if (exceptId) query = query.where('id', '<>', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  async insert(tenantId: string, userId: string, id: string, v: InterfaceValues): Promise<void> {
    await this.db
      .insertInto('interfaces')
      .values({ id, tenant_id: tenantId, created_by: userId, ...v, headers: JSON.stringify(v.headers) })
      .execute();
  }

  async update(tenantId: string, id: string, v: InterfaceValues): Promise<boolean> {
    const result = await this.db
      .updateTable('interfaces')
      .set({ ...v, headers: JSON.stringify(v.headers), updated_at: new Date() })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async remove(tenantId: string, id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('interfaces').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
