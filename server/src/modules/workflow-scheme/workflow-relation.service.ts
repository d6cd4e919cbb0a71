import { type WfRelationBody, type WfRelationRow, workflowSchemePermissions } from '@app/contracts';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import { isUniqueViolation } from '../../core/db/helpers.js';
import { AppError, forbidden, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { canLaunch } from '../workflow/launch-authority.repository.js';
import type { WorkflowSchemeService } from './workflow-scheme.service.js';

/** The forms of a scheme (`/workflow-relation`): each binds a form of the tenant (F_Type 0/1/2) to the scheme, in order. */
export class WorkflowRelationService {
  constructor(
    private readonly deps: AppDeps,
    private readonly schemes: WorkflowSchemeService,
  ) {}

  private get repo() {
    return this.schemes.repo;
  }

  page(auth: AuthContext, q: { limit: number; size: number; keyword?: string; schemeId?: string }): Promise<{ Rows: WfRelationRow[]; Total: number }> {
    return this.repo.relationPage(auth.tenantId, { page: q.limit, size: q.size, keyword: q.keyword, schemeId: q.schemeId });
  }

  async info(auth: AuthContext, id: string): Promise<WfRelationRow> {
    const row = await this.repo.relation(this.deps.db, auth.tenantId, id);
    if (!row) throw notFound('workflowScheme.relationNotFound');
    return row;
  }

  /** The forms of a scheme in order, for launching: callers who may launch it, or who manage schemes. */
  async formInfo(auth: AuthContext, schemeId: string): Promise<WfRelationRow[]> {
    const scheme = await this.repo.scheme(this.deps.db, auth.tenantId, schemeId);
    if (!scheme) throw notFound('workflowScheme.notFound');
    if (!(await canLaunch(this.deps.db, auth, scheme))) {
      const grants = await this.deps.grants.of(auth.tenantId, auth.userId);
      if (!grants.permissions.has(workflowSchemePermissions.workflowSchemeList)) throw forbidden(workflowSchemePermissions.workflowSchemeList);
    }
    return this.repo.relationsOf(this.deps.db, auth.tenantId, schemeId);
  }

  private async save(auth: AuthContext, id: string | null, body: WfRelationBody): Promise<string> {
    const relationId = id ?? newId();
    try {
      await this.deps.db.transaction().execute(async (trx) => {
        if (!(await this.repo.scheme(trx, auth.tenantId, body.F_SchemeInfoId))) throw notFound('workflowScheme.notFound');
        if (id && !(await this.repo.relation(trx, auth.tenantId, id))) throw notFound('workflowScheme.relationNotFound');
        const form = await this.schemes.checkedForm(trx, auth, body);
        if (await this.repo.relationExists(trx, body.F_SchemeInfoId, form.formId, id ?? undefined))
          throw new AppError('workflowScheme.relationExists', {}, 409);
        const row = { ...form, sort: body.F_Sort };
        if (id) await this.repo.updateRelation(trx, auth.tenantId, id, { scheme_id: body.F_SchemeInfoId, ...row });
        else await this.repo.insertRelation(trx, { id: relationId, tenant_id: auth.tenantId, scheme_id: body.F_SchemeInfoId, created_by: auth.userId, ...row });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('workflowScheme.relationExists', {}, 409);
      throw err;
    }
    return relationId;
  }

  create(auth: AuthContext, body: WfRelationBody): Promise<string> {
    return this.save(auth, null, body);
  }

  async update(auth: AuthContext, id: string, body: WfRelationBody): Promise<void> {
    await this.save(auth, id, body);
  }

  async remove(auth: AuthContext, id: string): Promise<void> {
    if (!(await this.repo.relation(this.deps.db, auth.tenantId, id))) throw notFound('workflowScheme.relationNotFound');
    await this.repo.deleteRelation(this.deps.db, auth.tenantId, id);
  }
}
