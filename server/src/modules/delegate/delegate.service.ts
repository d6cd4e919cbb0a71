import { type delegateBody as delegateBodySchema, type DelegateQuery, stampPermissions, workflowMonitorPermissions } from '@app/contracts';
import type { z } from 'zod';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import { AppError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { parseLocalTime } from '../../core/db/helpers.js';
import { DelegateRepository, type DelegateValues } from './delegate.repository.js';
import { requireAccess } from '../access/object-access.js';

type ParsedBody = z.output<typeof delegateBodySchema>;

/**
 * Delegation (administration.md Delegation): a user hands their approvals of some processes (or all) to another
 * user for a time. Everyone keeps their own delegations (the workflow.delegate.* buttons every staff role has);
 * the workflow administrator (workflow.monitor.list) sees everyone's, and with workflow.monitor.assign (the right to
 * reassign anybody's task) adds, changes and deletes anybody's. The engine reads them through activeDelegates().
 */
export class DelegateService {
  readonly repo: DelegateRepository;

  constructor(private readonly deps: AppDeps) {
    this.repo = new DelegateRepository(deps.db);
  }

  private has(auth: AuthContext, permission: string): Promise<boolean> {
    return this.deps.grants.hasAny(auth, [permission]);
  }

  /** addorupdate-delegate with an F_Id needs the edit button too. */
  mayEdit(auth: AuthContext): Promise<boolean> {
    return this.has(auth, stampPermissions.workflowDelegateEdit);
  }

  async page(auth: AuthContext, q: DelegateQuery & { limit: number; size: number }) {
    const all = await this.has(auth, workflowMonitorPermissions.workflowMonitorList);
    return this.repo.page(auth.tenantId, { page: q.limit, size: q.size, keyword: q.keyword || undefined, userId: all ? q.userId : auth.userId });
  }

  /** The delegation's owner when the caller may change it; 404 otherwise (someone else's is not revealed). */
  private async changeable(auth: AuthContext, id: string): Promise<string> {
    const row = await this.repo.owner(this.repo.db, auth.tenantId, id);
    await requireAccess('changeDelegation', id, {
      isOwner: row?.user_id === auth.userId,
      isAssignAdmin: () => !!row && this.has(auth, workflowMonitorPermissions.workflowMonitorAssign),
    });
    return row!.user_id;
  }

  private async values(auth: AuthContext, body: ParsedBody, ownerId: string): Promise<DelegateValues> {
    const userId = body.F_UserId || ownerId;
    await requireAccess('delegateFor', userId, {
      isSelf: userId === auth.userId,
      isAssignAdmin: () => this.has(auth, workflowMonitorPermissions.workflowMonitorAssign),
    });
    if (!body.F_DelegateUserId) throw new AppError('delegate.userRequired');
    if (!body.F_StartTime || !body.F_EndTime) throw new AppError('delegate.timeRequired');
    const start = parseLocalTime(body.F_StartTime);
    const end = parseLocalTime(body.F_EndTime);
    if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) throw new AppError('delegate.badTime');
    if (end.getTime() <= start.getTime()) throw new AppError('delegate.endBeforeStart');
    if (body.F_DelegateUserId === userId) throw new AppError('delegate.self');
    if (!(await this.repo.enabledUser(this.repo.db, auth.tenantId, body.F_DelegateUserId))) throw new AppError('delegate.badUser');
    const schemeIds = [...new Set(body.F_SchemeIds)];
    const unknown = await this.repo.unknownSchemes(this.repo.db, auth.tenantId, schemeIds);
    if (unknown.length > 0) throw new AppError('delegate.badScheme', { id: unknown[0]! });
    return {
      user_id: userId,
      delegate_user_id: body.F_DelegateUserId,
      scheme_ids: schemeIds,
      start_at: start,
      end_at: end,
      enabled: body.F_EnabledMark === 1,
      description: body.F_Description,
    };
  }

  /** Adds (no id) or changes a delegation; an enabled one may not overlap another of the user for a common process. */
  async save(auth: AuthContext, body: ParsedBody, id?: string): Promise<string> {
    const ownerId = id ? await this.changeable(auth, id) : auth.userId;
    const values = await this.values(auth, body, ownerId);
    const savedId = id ?? newId();
    await this.repo.db.transaction().execute(async (trx) => {
      if (!(await this.repo.lockUser(trx, auth.tenantId, values.user_id))) throw new AppError('delegate.badDelegator', { id: values.user_id });
      if (values.enabled) {
        const clash = await this.repo.overlapping(trx, auth.tenantId, values, id);
        if (clash) throw new AppError('delegate.overlap', { start: clash.F_StartTime, end: clash.F_EndTime, name: clash.F_DelegateUserName }, 409);
      }
      if (id) await this.repo.update(trx, auth.tenantId, id, values);
      else await this.repo.insert(trx, { ...values, id: savedId, tenant_id: auth.tenantId, created_by: auth.userId });
    });
    return savedId;
  }

  async remove(auth: AuthContext, id: string): Promise<void> {
    await this.changeable(auth, id);
    await this.repo.remove(this.repo.db, auth.tenantId, id);
  }
}
