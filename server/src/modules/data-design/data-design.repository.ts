import { sql, type Kysely } from 'kysely';
import type { ColumnDataType, DraftRow, FieldRow, ReleasedTable, ReportsRelationRow, TableDesign } from '@app/contracts';
import type { Database } from '../../core/db/schema.js';
import { containsPattern, fetchPage, formatTime, tenantScoped } from '../../core/db/helpers.js';

export interface FieldValues {
  field_name: string;
  data_type: string;
  length: number | null;
  nullable: boolean;
  default_value: string;
  remark: string;
  sort_code: number;
}

export interface RelationValues {
  report_id: string;
  name: string;
  data_source_id: string;
  params: string;
  sort_code: number;
}

/** The only Kysely code of the module: drafts, released designs, common fields, report relations, callers' units. */
export class DataDesignRepository {
  constructor(readonly db: Kysely<Database>) {}

  // ---------- drafts ----------

  private drafts(tenantId: string, linkId: string) {
    return tenantScoped(this.db, 'database_drafts', tenantId)
      .where('database_drafts.link_id', '=', linkId)
      .select([
        'database_drafts.id as F_Id',
        'database_drafts.link_id as F_DbLinkId',
        'database_drafts.table_name as F_TableName',
        'database_drafts.design as F_Design',
        formatTime('database_drafts.created_at').as('F_CreateDate'),
        formatTime('database_drafts.updated_at').as('F_ModifyDate'),
      ]);
  }

  draft(tenantId: string, linkId: string, tableName: string): Promise<DraftRow | undefined> {
    return this.drafts(tenantId, linkId).where('database_drafts.table_name', '=', tableName).executeTakeFirst();
  }

  draftList(tenantId: string, linkId: string): Promise<DraftRow[]> {
    return this.drafts(tenantId, linkId).orderBy('database_drafts.updated_at', 'desc').orderBy('database_drafts.id').execute();
  }

  /** One draft per link and table: saving again replaces it (the unique index decides under concurrency). */
  async saveDraft(tenantId: string, userId: string, id: string, linkId: string, design: TableDesign): Promise<string> {
    const row = await this.db
      .insertInto('database_drafts')
      .values({ id, tenant_id: tenantId, link_id: linkId, table_name: design.tableName, design: JSON.stringify(design), created_by: userId })
      .onConflict((oc) => oc.columns(['tenant_id', 'link_id', 'table_name']).doUpdateSet({ design: JSON.stringify(design), updated_at: new Date() }))
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async deleteDraft(tenantId: string, linkId: string, tableName: string, db: Kysely<Database> = this.db): Promise<boolean> {
    const result = await db
      .deleteFrom('database_drafts')
      .where('tenant_id', '=', tenantId)
      .where('link_id', '=', linkId)
      .where('table_name', '=', tableName)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  // ---------- released tables ----------

  released(tenantId: string, linkId: string, tableName: string): Promise<ReleasedTable | undefined> {
    return tenantScoped(this.db, 'data_tables', tenantId)
      .where('data_tables.link_id', '=', linkId)
      .where('data_tables.table_name', '=', tableName)
      .select([
        'data_tables.id as F_Id',
        'data_tables.link_id as F_DbLinkId',
        'data_tables.table_name as F_TableName',
        'data_tables.comment as F_Comment',
        'data_tables.design as F_Design',
        formatTime('data_tables.released_at').as('F_ReleaseDate'),
      ])
      .executeTakeFirst();
  }

  /** After the DDL ran: the released design is stored and the draft removed, together. */
  async recordRelease(tenantId: string, userId: string, id: string, linkId: string, design: TableDesign): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const values = { design: JSON.stringify(design), comment: design.comment, released_by: userId, released_at: new Date() };
      await trx
        .insertInto('data_tables')
        .values({ id, tenant_id: tenantId, link_id: linkId, table_name: design.tableName, ...values })
        .onConflict((oc) => oc.columns(['tenant_id', 'link_id', 'table_name']).doUpdateSet(values))
        .execute();
      await this.deleteDraft(tenantId, linkId, design.tableName, trx);
    });
  }

  // ---------- common fields ----------

  private fieldColumns() {
    return [
      'database_fields.id as F_Id',
      'database_fields.field_name as F_FieldName',
      sql<ColumnDataType>`database_fields.data_type`.as('F_DataType'),
      'database_fields.length as F_Length',
      'database_fields.nullable as F_Nullable',
      'database_fields.default_value as F_DefaultValue',
      'database_fields.remark as F_Remark',
      'database_fields.sort_code as F_SortCode',
      formatTime('database_fields.created_at').as('F_CreateDate'),
      formatTime('database_fields.updated_at').as('F_ModifyDate'),
    ] as const;
  }

  fieldPage(tenantId: string, f: { page: number; size: number; keyword?: string }): Promise<{ Rows: FieldRow[]; Total: number }> {
    let query = tenantScoped(this.db, 'database_fields', tenantId);
    if (f.keyword) {
      const pattern = containsPattern(f.keyword);
      query = query.where((eb) => eb.or([eb('database_fields.field_name', 'ilike', pattern), eb('database_fields.remark', 'ilike', pattern)]));
    }
    return fetchPage(query.select(this.fieldColumns()).orderBy('database_fields.sort_code').orderBy('database_fields.field_name'), f);
  }

  field(tenantId: string, id: string): Promise<FieldRow | undefined> {
    return tenantScoped(this.db, 'database_fields', tenantId).where('database_fields.id', '=', id).select(this.fieldColumns()).executeTakeFirst();
  }

  async fieldNameTaken(tenantId: string, name: string, exceptId?: string): Promise<boolean> {
    let query = tenantScoped(this.db, 'database_fields', tenantId).where(sql<boolean>`lower(database_fields.field_name) = ${name.toLowerCase()}`);
    if (exceptId) query = query.where('database_fields.id', '<>', exceptId);
    return Boolean(await query.select('database_fields.id').executeTakeFirst());
  }

  async insertField(tenantId: string, id: string, values: FieldValues): Promise<void> {
    await this.db
      .insertInto('database_fields')
      .values({ id, tenant_id: tenantId, ...values })
      .execute();
  }

  async updateField(tenantId: string, id: string, values: FieldValues): Promise<boolean> {
    const result = await this.db
      .updateTable('database_fields')
      .set({ ...values, updated_at: new Date() })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async deleteField(tenantId: string, id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('database_fields').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  // ---------- the caller's company and department (system columns of CRUD rows) ----------

  /** The caller's company and first department (by sort order), as the data scopes read them. */
  async unitsOf(tenantId: string, userId: string): Promise<{ companyId: string | null; departmentId: string | null }> {
    const user = await tenantScoped(this.db, 'users', tenantId).where('users.id', '=', userId).select('users.company_id').executeTakeFirst();
    const department = await this.db
      .selectFrom('user_departments as ud')
      .innerJoin('departments as d', 'd.id', 'ud.department_id')
      .where('ud.user_id', '=', userId)
      .where('d.tenant_id', '=', tenantId)
      .select('d.id')
      .orderBy('d.sort_code')
      .orderBy('d.id')
      .executeTakeFirst();
    return { companyId: user?.company_id ?? null, departmentId: department?.id ?? null };
  }

  // ---------- report relations ----------

  private relationColumns() {
    return [
      'reports_relations.id as F_Id',
      'reports_relations.report_id as F_ReportId',
      'reports_relations.name as F_Name',
      'reports_relations.data_source_id as F_DataSourceId',
      'reports_relations.params as F_Params',
      'reports_relations.sort_code as F_SortCode',
      formatTime('reports_relations.created_at').as('F_CreateDate'),
      formatTime('reports_relations.updated_at').as('F_ModifyDate'),
    ] as const;
  }

  relationPage(
    tenantId: string,
    f: { page: number; size: number; keyword?: string; reportId?: string },
  ): Promise<{ Rows: ReportsRelationRow[]; Total: number }> {
    let query = tenantScoped(this.db, 'reports_relations', tenantId);
    if (f.reportId) query = query.where('reports_relations.report_id', '=', f.reportId);
    if (f.keyword) query = query.where('reports_relations.name', 'ilike', containsPattern(f.keyword));
    return fetchPage(
      query.select(this.relationColumns()).orderBy('reports_relations.sort_code').orderBy('reports_relations.created_at').orderBy('reports_relations.id'),
      f,
    );
  }

  relation(tenantId: string, id: string): Promise<ReportsRelationRow | undefined> {
    return tenantScoped(this.db, 'reports_relations', tenantId).where('reports_relations.id', '=', id).select(this.relationColumns()).executeTakeFirst();
  }

  async insertRelation(tenantId: string, id: string, values: RelationValues): Promise<void> {
    await this.db
      .insertInto('reports_relations')
      .values({ id, tenant_id: tenantId, ...values })
      .execute();
  }

  async updateRelation(tenantId: string, id: string, values: RelationValues): Promise<boolean> {
    const result = await this.db
      .updateTable('reports_relations')
      .set({ ...values, updated_at: new Date() })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async deleteRelation(tenantId: string, id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('reports_relations').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** data_sources belongs to modules/data-source; only its existence is read here. */
  async dataSourceExists(tenantId: string, id: string): Promise<boolean> {
    const found = await sql<{ id: string }>`select id from data_sources where tenant_id = ${tenantId} and id = ${id}`.execute(this.db);
    return found.rows.length > 0;
  }
}
