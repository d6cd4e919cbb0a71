import {
  checkDesign,
  emptyReportDesign,
  reportDesign,
  type DesignProblem,
  type PageResult,
  type ReportContentBody,
  type ReportContentDetail,
  type ReportContentRow,
  type ReportDesign,
  type ReportFileQuery,
  type ReportFolder,
  type ReportFolderBody,
  type ReportInfoBody,
  type ReportInfoRow,
  type ReportTreeNode,
} from '@app/contracts';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import { AppError, notFound } from '../../core/errors.js';
import type { MessageKey } from '../../core/i18n/index.js';
import { newId } from '../../core/ids.js';
import { DataSetReader } from './data-sets.js';
import { ReportRepository, type FolderRecord, type ReportValues } from './report.repository.js';

/** How deep folders may nest (the walk up a folder's parents stops there). */
const MAX_FOLDER_DEPTH = 30;

/** The first problem of a design as the error a save answers (the engine's message keys are the module's own). */
export function problemError(problem: DesignProblem): AppError {
  return new AppError(problem.key as MessageKey, { ...problem.params, ...(problem.cell ? { cell: problem.cell } : {}) }, 400);
}

/**
 * Report folders and reports (报表管理) and their designs with versions (报表设计): every save is a new version the
 * report then points at; a save over a version newer than the one the editor opened is refused.
 */
export class ReportService {
  readonly repo: ReportRepository;
  private readonly dataSets: DataSetReader;

  constructor(private readonly deps: AppDeps) {
    this.repo = new ReportRepository(deps.db);
    this.dataSets = new DataSetReader(deps);
  }

  private async user(auth: AuthContext): Promise<{ id: string; name: string }> {
    return { id: auth.userId, name: await this.repo.userName(auth.tenantId, auth.userId) };
  }

  // ---------------------------------------------------------------- folders

  async folderTree(auth: AuthContext): Promise<ReportFolder[]> {
    const folders = await this.repo.folders(auth.tenantId);
    const nodes = new Map<string, ReportFolder>(folders.map((f) => [f.id, { F_Id: f.id, F_ParentId: f.parentId, F_Name: f.name, F_SortCode: f.sortCode }]));
    const roots: ReportFolder[] = [];
    for (const node of nodes.values()) {
      const parent = node.F_ParentId !== '0' ? nodes.get(node.F_ParentId) : undefined;
      if (parent) (parent.children ??= []).push(node);
      else roots.push(node);
    }
    return roots;
  }

  /** The folder and every folder under it. */
  private descendants(folders: FolderRecord[], id: string): string[] {
    const children = new Map<string, string[]>();
    for (const f of folders) children.set(f.parentId, [...(children.get(f.parentId) ?? []), f.id]);
    const out: string[] = [];
    const walk = (at: string, depth: number) => {
      out.push(at);
      if (depth < MAX_FOLDER_DEPTH) for (const child of children.get(at) ?? []) walk(child, depth + 1);
    };
    walk(id, 0);
    return out;
  }

  private async checkFolderParent(auth: AuthContext, parentId: string, selfId: string | null): Promise<void> {
    if (parentId === '0') return;
    const folders = await this.repo.folders(auth.tenantId);
    if (!folders.some((f) => f.id === parentId)) throw new AppError('report.folderNotFound', { id: parentId }, 400);
    if (selfId && this.descendants(folders, selfId).includes(parentId)) throw new AppError('report.folderCycle', {}, 400);
  }

  async addFolder(auth: AuthContext, body: ReportFolderBody & { F_ParentId: string; F_Name: string; F_SortCode: number }): Promise<string> {
    await this.checkFolderParent(auth, body.F_ParentId, null);
    const id = newId();
    await this.repo.insertFolder(auth.tenantId, auth.userId, id, { parent_id: body.F_ParentId, name: body.F_Name, sort_code: body.F_SortCode });
    return id;
  }

  async updateFolder(auth: AuthContext, id: string, body: { F_ParentId: string; F_Name: string; F_SortCode: number }): Promise<void> {
    if (!(await this.repo.findFolder(auth.tenantId, id))) throw notFound('report.folderNotFound', { id });
    await this.checkFolderParent(auth, body.F_ParentId, id);
    await this.repo.updateFolder(auth.tenantId, id, { parent_id: body.F_ParentId, name: body.F_Name, sort_code: body.F_SortCode });
  }

  async removeFolder(auth: AuthContext, id: string): Promise<void> {
    if (!(await this.repo.findFolder(auth.tenantId, id))) throw notFound('report.folderNotFound', { id });
    if (await this.repo.folderInUse(auth.tenantId, id)) throw new AppError('report.folderInUse', {}, 400);
    await this.repo.deleteFolder(auth.tenantId, id);
  }

  // ---------------------------------------------------------------- reports

  async pageReports(auth: AuthContext, q: ReportFileQuery & { limit: number; size: number }): Promise<PageResult<ReportInfoRow>> {
    const folderIds = q.F_FolderId && q.F_FolderId !== '0' ? this.descendants(await this.repo.folders(auth.tenantId), q.F_FolderId) : null;
    return this.repo.pageReports(auth.tenantId, { page: q.limit, size: q.size, folderIds, keyword: q.keyword || undefined, enabled: q.F_EnabledMark });
  }

  async reportTree(auth: AuthContext): Promise<ReportTreeNode[]> {
    const [folders, reports] = await Promise.all([this.repo.folders(auth.tenantId), this.repo.reportList(auth.tenantId)]);
    const nodes = new Map<string, ReportTreeNode>(folders.map((f) => [f.id, { id: f.id, parentId: f.parentId, title: f.name, kind: 'folder' }]));
    const roots: ReportTreeNode[] = [];
    const place = (node: ReportTreeNode) => {
      const parent = node.parentId !== '0' ? nodes.get(node.parentId) : undefined;
      if (parent) (parent.children ??= []).push(node);
      else roots.push(node);
    };
    for (const node of nodes.values()) place(node);
    for (const r of reports) place({ id: r.id, parentId: r.folderId, title: r.name, kind: 'report' });
    return roots;
  }

  async report(auth: AuthContext, id: string): Promise<ReportInfoRow> {
    const row = await this.repo.reportRow(auth.tenantId, id);
    if (!row) throw notFound('report.notFound', { id });
    return row;
  }

  private async reportValues(auth: AuthContext, body: ReportInfoBody, selfId: string | null): Promise<ReportValues> {
    const folderId = body.F_FolderId ?? '0';
    if (folderId !== '0' && !(await this.repo.findFolder(auth.tenantId, folderId))) throw new AppError('report.folderNotFound', { id: folderId }, 400);
    if (await this.repo.codeTaken(auth.tenantId, body.F_Code, selfId)) throw new AppError('report.codeTaken', { code: body.F_Code }, 400);
    return { folder_id: folderId, name: body.F_Name, code: body.F_Code, description: body.F_Description ?? '', enabled: body.F_EnabledMark ?? 1 };
  }

  /** A new report starts with version 1: an empty sheet, or the current design of the report it copies. */
  async addReport(auth: AuthContext, body: ReportInfoBody): Promise<string> {
    let design: ReportDesign = emptyReportDesign();
    if (body.copyFrom) {
      const source = await this.repo.findReport(auth.tenantId, body.copyFrom);
      if (!source) throw notFound('report.notFound', { id: body.copyFrom });
      const content = source.contentId ? await this.repo.content(auth.tenantId, source.contentId) : undefined;
      if (content) design = content.design;
    }
    const values = await this.reportValues(auth, body, null);
    const user = await this.user(auth);
    const id = newId();
    await this.repo.transaction(async (repo) => {
      await repo.insertReport(auth.tenantId, id, user, values);
      await repo.insertContent(auth.tenantId, newId(), id, 1, design, '', user);
    });
    return id;
  }

  async updateReport(auth: AuthContext, id: string, body: ReportInfoBody): Promise<void> {
    if (!(await this.repo.findReport(auth.tenantId, id))) throw notFound('report.notFound', { id });
    const values = await this.reportValues(auth, body, id);
    await this.repo.updateReport(auth.tenantId, id, values);
  }

  async removeReport(auth: AuthContext, id: string): Promise<void> {
    await this.repo.transaction(async (repo) => {
      if (!(await repo.lockReport(auth.tenantId, id))) throw notFound('report.notFound', { id });
      if (await repo.isReleased(auth.tenantId, id)) throw new AppError('report.released', {}, 400);
      await repo.deleteReport(auth.tenantId, id);
    });
  }

  // ---------------------------------------------------------------- designs and versions

  pageContents(auth: AuthContext, q: { F_ReportId: string; limit: number; size: number }): Promise<PageResult<ReportContentRow>> {
    return this.repo.pageContents(auth.tenantId, { page: q.limit, size: q.size, reportId: q.F_ReportId });
  }

  async content(auth: AuthContext, id: string): Promise<ReportContentDetail> {
    const row = await this.repo.content(auth.tenantId, id);
    if (!row) throw notFound('report.contentNotFound', { id });
    const { design, reportName, reportEnabled: _enabled, ...rest } = row;
    // Designs stored by an older shape get today's defaults.
    return { ...rest, F_Design: reportDesign.parse(design), F_ReportName: reportName };
  }

  /** Problems of a design (design check); the save refuses a design with any. */
  check(design: ReportDesign): DesignProblem[] {
    return checkDesign(design);
  }

  async save(auth: AuthContext, body: ReportContentBody & { F_Design: ReportDesign }): Promise<{ F_Id: string; F_Version: number }> {
    const problems = checkDesign(body.F_Design);
    if (problems.length) throw problemError(problems[0]!);
    await this.dataSets.assertMayUseLinks(auth, body.F_Design);
    return this.newVersion(auth, body.F_ReportId, body.F_Design, body.F_Note ?? '', body.F_BaseVersion);
  }

  /** PUT /report-content/{id}: that version's design becomes the current one, as a new version. */
  async restore(auth: AuthContext, id: string, note: string): Promise<{ F_Id: string; F_Version: number }> {
    const row = await this.repo.content(auth.tenantId, id);
    if (!row) throw notFound('report.contentNotFound', { id });
    return this.newVersion(auth, row.F_ReportId, reportDesign.parse(row.design), note || `← v${row.F_Version}`);
  }

  async removeContent(auth: AuthContext, id: string): Promise<void> {
    const row = await this.repo.content(auth.tenantId, id);
    if (!row) throw notFound('report.contentNotFound', { id });
    if (row.F_IsCurrent) throw new AppError('report.currentContent', {}, 400);
    await this.repo.deleteContent(auth.tenantId, id);
  }

  private async newVersion(auth: AuthContext, reportId: string, design: ReportDesign, note: string, baseVersion?: number) {
    const user = await this.user(auth);
    return this.repo.transaction(async (repo) => {
      const report = await repo.lockReport(auth.tenantId, reportId);
      if (!report) throw notFound('report.notFound', { id: reportId });
      if (baseVersion !== undefined && baseVersion !== report.version) throw new AppError('report.versionConflict', { version: report.version }, 409);
      const version = (await repo.lastVersion(reportId)) + 1;
      const id = newId();
      await repo.insertContent(auth.tenantId, id, reportId, version, design, note, user);
      return { F_Id: id, F_Version: version };
    });
  }
}
