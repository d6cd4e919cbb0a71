import type { FieldBody, PageQuery, ReportsRelationBody } from '@app/contracts';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import { refusingDuplicates } from '../../core/db/helpers.js';
import { AppError, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { DataDesignRepository, type FieldValues, type RelationValues } from './data-design.repository.js';
import { normaliseDefault } from './ddl.js';

/** The common-fields library and report relations: plain tenant-owned lists. */
export class LibraryService {
  private readonly repo: DataDesignRepository;

  constructor(deps: AppDeps) {
    this.repo = new DataDesignRepository(deps.db);
  }

  fieldPage(auth: AuthContext, q: PageQuery) {
    return this.repo.fieldPage(auth.tenantId, { page: q.limit, size: q.size, keyword: q.keyword || undefined });
  }

  async field(auth: AuthContext, id: string) {
    const row = await this.repo.field(auth.tenantId, id);
    if (!row) throw notFound('dataDesign.fieldNotFound');
    return row;
  }

  /** A library field becomes a column of a design, so its default is checked as the release will check it. */
  private fieldValues(body: FieldBody): FieldValues {
    const length = body.F_DataType === 'varchar' ? (body.F_Length ?? 255) : null;
    normaliseDefault({
      name: body.F_FieldName,
      dataType: body.F_DataType,
      length,
      nullable: body.F_Nullable,
      primaryKey: false,
      identity: false,
      defaultValue: body.F_DefaultValue,
      comment: '',
    });
    return {
      field_name: body.F_FieldName,
      data_type: body.F_DataType,
      length,
      nullable: body.F_Nullable,
      default_value: body.F_DefaultValue,
      remark: body.F_Remark,
      sort_code: body.F_SortCode,
    };
  }

  private async saveField(auth: AuthContext, body: FieldBody, write: () => Promise<boolean>, exceptId?: string): Promise<void> {
    const taken = () => new AppError('dataDesign.fieldExists', { name: body.F_FieldName }, 409);
    if (await this.repo.fieldNameTaken(auth.tenantId, body.F_FieldName, exceptId)) throw taken();
    await refusingDuplicates(async () => {
      if (!(await write())) throw notFound('dataDesign.fieldNotFound');
    }, taken);
  }

  async addField(auth: AuthContext, body: FieldBody): Promise<string> {
    const id = newId();
    const values = this.fieldValues(body);
    await this.saveField(auth, body, async () => {
      await this.repo.insertField(auth.tenantId, id, values);
      return true;
    });
    return id;
  }

  async updateField(auth: AuthContext, id: string, body: FieldBody): Promise<void> {
    await this.field(auth, id);
    const values = this.fieldValues(body);
    await this.saveField(auth, body, () => this.repo.updateField(auth.tenantId, id, values), id);
  }

  async deleteField(auth: AuthContext, id: string): Promise<void> {
    if (!(await this.repo.deleteField(auth.tenantId, id))) throw notFound('dataDesign.fieldNotFound');
  }

  relationPage(auth: AuthContext, q: PageQuery & { reportId?: string }) {
    return this.repo.relationPage(auth.tenantId, { page: q.limit, size: q.size, keyword: q.keyword || undefined, reportId: q.reportId || undefined });
  }

  async relation(auth: AuthContext, id: string) {
    const row = await this.repo.relation(auth.tenantId, id);
    if (!row) throw notFound('dataDesign.relationNotFound');
    return row;
  }

  private async relationValues(auth: AuthContext, body: ReportsRelationBody): Promise<RelationValues> {
    if (body.F_DataSourceId && !(await this.repo.dataSourceExists(auth.tenantId, body.F_DataSourceId))) {
      throw new AppError('dataDesign.dataSourceNotFound', { id: body.F_DataSourceId });
    }
    return {
      report_id: body.F_ReportId,
      name: body.F_Name,
      data_source_id: body.F_DataSourceId,
      params: JSON.stringify(body.F_Params),
      sort_code: body.F_SortCode,
    };
  }

  async addRelation(auth: AuthContext, body: ReportsRelationBody): Promise<string> {
    const id = newId();
    await this.repo.insertRelation(auth.tenantId, id, await this.relationValues(auth, body));
    return id;
  }

  async updateRelation(auth: AuthContext, id: string, body: ReportsRelationBody): Promise<void> {
    if (!(await this.repo.updateRelation(auth.tenantId, id, await this.relationValues(auth, body)))) throw notFound('dataDesign.relationNotFound');
  }

  async deleteRelation(auth: AuthContext, id: string): Promise<void> {
    if (!(await this.repo.deleteRelation(auth.tenantId, id))) throw notFound('dataDesign.relationNotFound');
  }
}
