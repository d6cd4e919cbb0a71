import { sql, type Kysely } from 'kysely';
import type { DataRelationRow } from '@app/contracts';
import type { Database } from '../../core/db/schema.js';
import { containsPattern, fetchPage, formatTime } from '../../core/db/helpers.js';

/** The values of a data relation a save writes. */
export interface DataRelationValues {
  form_id: string;
  name: string;
  source_form_id: number;
  target_form_id: number;
  filter_field: string;
  enabled: boolean;
  description: string;
}

/** An edge of a form's cascade graph: the source field's value filters the target's options. */
export interface CascadeEdge {
  id: string;
  source: number;
  target: number;
}

/** The only Kysely code of data relations (option cascades between two fields of one form). */
export class DataRelationRepository {
  constructor(readonly db: Kysely<Database>) {}

  private rows(tenantId: string) {
    return this.db
      .selectFrom('data_relations as d')
      .leftJoin('form_schemes as f', 'f.id', 'd.form_id')
      .where('d.tenant_id', '=', tenantId)
      .select([
        'd.id as F_Id',
        'd.form_id as F_FormId',
        'f.name as F_FormName',
        'd.name as F_Name',
        'd.source_form_id as F_SourceFormId',
        'd.target_form_id as F_TargetFormId',
        'd.filter_field as F_FilterField',
        sql<number>`case when d.enabled then 1 else 0 end`.as('F_EnabledMark'),
        'd.description as F_Description',
        formatTime('d.created_at').as('F_CreateDate'),
      ]);
  }

  page(tenantId: string, f: { page: number; size: number; keyword?: string; formId?: string }): Promise<{ Rows: DataRelationRow[]; Total: number }> {
    let query = this.rows(tenantId);
    if (f.keyword) {
      const like = containsPattern(f.keyword);
      query = query.where((eb) => eb.or([eb('d.name', 'ilike', like), eb('d.description', 'ilike', like), eb('f.name', 'ilike', like)]));
    }
    if (f.formId) query = query.where('d.form_id', '=', f.formId);
    return fetchPage(query.orderBy('d.created_at', 'desc').orderBy('d.id'), f);
  }

  /** The enabled relations of a form, for the renderer. */
  enabledOfForm(tenantId: string, formId: string): Promise<DataRelationRow[]> {
    return this.rows(tenantId).where('d.form_id', '=', formId).where('d.enabled', '=', true).orderBy('d.created_at').orderBy('d.id').execute();
  }

  /** The tenant owning a data relation id (any tenant), or undefined when the id is free. */
  async tenantOf(id: string): Promise<string | undefined> {
    return (await this.db.selectFrom('data_relations').select('tenant_id').where('id', '=', id).executeTakeFirst())?.tenant_id;
  }

  /** Every relation of a form (enabled or not): the cascade graph a save is checked against. */
  async edgesOfForm(tenantId: string, formId: string): Promise<CascadeEdge[]> {
    const rows = await this.db
      .selectFrom('data_relations')
      .select(['id', 'source_form_id', 'target_form_id'])
      .where('tenant_id', '=', tenantId)
      .where('form_id', '=', formId)
      .execute();
    return rows.map((r) => ({ id: r.id, source: r.source_form_id, target: r.target_form_id }));
  }

  async insert(tenantId: string, userId: string, id: string, values: DataRelationValues): Promise<void> {
    await this.db
      .insertInto('data_relations')
      .values({ id, tenant_id: tenantId, created_by: userId, ...values })
      .execute();
  }

  async update(tenantId: string, id: string, values: DataRelationValues): Promise<boolean> {
    const result = await this.db
      .updateTable('data_relations')
      .set({ ...values, updated_at: sql`now()` })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async remove(tenantId: string, id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('data_relations').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
