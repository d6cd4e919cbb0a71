import { REPORT_RELEASE_BUTTONS, type PageResult, type ReportReleaseBody, type ReportReleaseRow } from '@app/contracts';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import { AppError, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { checkEntryParent, ITEM_BUTTON, ITEM_MODULE, publisherHolders, type PageItem } from '../menu/published-entries.repository.js';
import { isDefaultTenant } from '../tenant/platform.js';
import { releaseCodeOf, releaseModuleIdOf, ReportRepository, type ReleaseValues } from './report.repository.js';

/** Where a release goes unless it names another entry. */
export const REPORT_CENTER_GROUP = 'report-center';

const BUTTON_NAMES: Record<(typeof REPORT_RELEASE_BUTTONS)[number], string> = { view: '查看', print: '打印', export: '导出' };
const BUTTONS: PageItem[] = REPORT_RELEASE_BUTTONS.map((code) => ({ code, name: BUTTON_NAMES[code] }));

type Body = ReportReleaseBody & { F_ParentId: string; F_Icon: string; F_SortCode: number; F_EnabledMark: number; F_Description: string };

/**
 * Releases (报表发布): a report becomes a menu entry (`/report/view/{releaseId}`) with the buttons view, print and
 * export, granted to whoever releases it (their roles) like a published form page; roles are then granted the entry
 * and its buttons on the role screens. The release, its entry, buttons and grants are written in one transaction.
 */
export class ReportReleaseService {
  private readonly repo: ReportRepository;

  constructor(private readonly deps: AppDeps) {
    this.repo = new ReportRepository(deps.db);
  }

  page(auth: AuthContext, q: { limit: number; size: number; F_ReportId?: string; keyword?: string }): Promise<PageResult<ReportReleaseRow>> {
    return this.repo.pageReleases(auth.tenantId, { page: q.limit, size: q.size, reportId: q.F_ReportId, keyword: q.keyword || undefined });
  }

  async detail(auth: AuthContext, id: string): Promise<ReportReleaseRow> {
    const row = await this.repo.releaseRow(auth.tenantId, id);
    if (!row) throw notFound('report.releaseNotFound', { id });
    return row;
  }

  private parentOptions() {
    return { ownGroup: REPORT_CENTER_GROUP, notFound: 'report.parentNotFound', cycle: 'report.parentCycle' } as const;
  }

  private async checkReport(auth: AuthContext, reportId: string): Promise<void> {
    const report = await this.repo.findReport(auth.tenantId, reportId);
    if (!report) throw new AppError('report.notFound', { id: reportId }, 400);
    if (!report.contentId) throw new AppError('report.noDesign', {}, 400);
  }

  async add(auth: AuthContext, body: Body): Promise<{ F_Id: string; F_ModuleId: string }> {
    await this.checkReport(auth, body.F_ReportId);
    const id = newId();
    const moduleId = releaseModuleIdOf(id);
    const parentId = body.F_ParentId || REPORT_CENTER_GROUP;
    await this.repo.transaction(async (repo) => {
      await checkEntryParent(repo, auth.tenantId, parentId, null, this.parentOptions());
      await repo.insertRelease(auth.tenantId, auth.userId, id, body.F_ReportId, moduleId, releaseValues(body, parentId));
      await repo.insertModule(moduleId, releaseCodeOf(id), `/report/view/${id}`, moduleValues(body, parentId));
      if (!(await isDefaultTenant(repo.db, auth.tenantId))) await repo.addTenantModule(auth.tenantId, moduleId);
      const buttons = await repo.syncItems(moduleId, ITEM_BUTTON, BUTTONS);
      await repo.grant(auth.tenantId, await publisherHolders(repo, auth), [
        { type: ITEM_MODULE, id: moduleId },
        ...buttons.map((b) => ({ type: ITEM_BUTTON, id: b })),
      ]);
    });
    this.changed();
    return { F_Id: id, F_ModuleId: moduleId };
  }

  async update(auth: AuthContext, id: string, body: Body): Promise<void> {
    await this.checkReport(auth, body.F_ReportId);
    const parentId = body.F_ParentId || REPORT_CENTER_GROUP;
    await this.repo.transaction(async (repo) => {
      const release = await repo.lockRelease(auth.tenantId, id);
      if (!release) throw notFound('report.releaseNotFound', { id });
      await checkEntryParent(repo, auth.tenantId, parentId, release.moduleId, this.parentOptions());
      await repo.updateRelease(auth.tenantId, id, body.F_ReportId, releaseValues(body, parentId));
      // An entry deleted on the menu administration screen is made again (its grants went with it).
      if (!(await repo.updateModule(release.moduleId, moduleValues(body, parentId)))) {
        await repo.insertModule(release.moduleId, releaseCodeOf(id), `/report/view/${id}`, moduleValues(body, parentId));
        if (!(await isDefaultTenant(repo.db, auth.tenantId))) await repo.addTenantModule(auth.tenantId, release.moduleId);
        await repo.grant(auth.tenantId, await publisherHolders(repo, auth), [{ type: ITEM_MODULE, id: release.moduleId }]);
      }
      const added = await repo.syncItems(release.moduleId, ITEM_BUTTON, BUTTONS);
      await repo.grant(
        auth.tenantId,
        await publisherHolders(repo, auth),
        added.map((b) => ({ type: ITEM_BUTTON, id: b })),
      );
    });
    this.changed();
  }

  async remove(auth: AuthContext, id: string): Promise<void> {
    await this.repo.transaction(async (repo) => {
      const release = await repo.lockRelease(auth.tenantId, id);
      if (!release) throw notFound('report.releaseNotFound', { id });
      if (await repo.moduleHasChildren(release.moduleId)) throw new AppError('report.hasChildren', {}, 400);
      await repo.deleteModule(release.moduleId);
      await repo.deleteRelease(auth.tenantId, id);
    });
    this.changed();
  }

  private changed(): void {
    this.deps.catalog.invalidate();
    this.deps.columns.invalidate();
    this.deps.grants.invalidate();
  }
}

function releaseValues(body: Body, parentId: string): ReleaseValues {
  return {
    name: body.F_Name,
    parent_module_id: parentId,
    icon: body.F_Icon,
    sort_code: body.F_SortCode,
    enabled: body.F_EnabledMark,
    description: body.F_Description,
  };
}

function moduleValues(body: Body, parentId: string) {
  return { parent_id: parentId, full_name: body.F_Name, icon: body.F_Icon, sort_code: body.F_SortCode, enabled: body.F_EnabledMark === 1 };
}
