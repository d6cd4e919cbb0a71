import { createHash } from 'node:crypto';
import {
  expandReport,
  reportPages,
  reportPermissions,
  type ExpandedReport,
  type ReportDesign,
  type ReportPages,
  type ReportParamValues,
  type ReportViewMeta,
} from '@app/contracts';
import type { DataScope } from '../../core/auth/data-scope.js';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import { AppError, notFound } from '../../core/errors.js';
import { DEFAULT_TIME_ZONE } from '../../core/time-zone.js';
import { DataSetReader, hasScopeColumns, type RowScope } from './data-sets.js';
import { queryFields, resolveParams, type Viewer } from './params.js';
import { releaseCodeOf, ReportRepository, type ReleaseRecord } from './report.repository.js';
import { ReportError } from '@app/contracts';

/**
 * What one view runs: a design (saved or being edited), as whom (their tenant, their data sets' rights) and with
 * which data scope: the release's menu entry, or none (the design screen sees every row).
 */
export interface ViewSource {
  auth: AuthContext;
  reportId: string;
  name: string;
  /** The saved version (cache key), or null for an unsaved design. */
  contentId: string | null;
  design: ReportDesign;
  /** The menu entry whose data scope applies; null: every row. */
  scopeModuleId: string | null;
  canPrint: boolean;
  canExport: boolean;
}

export interface ExpandedView {
  report: ExpandedReport;
  notices: ReportPages['notices'];
  name: string;
  design: ReportDesign;
  /** The file id behind each image address the report shows (exports read the bytes). */
  imageFiles: Map<string, string>;
}

/** Expanded reports kept for paging through them: a few, for a few minutes. */
const CACHE_ENTRIES = 8;
const CACHE_MS = 5 * 60_000;

/**
 * Viewing a report (docs/reports-design.md "Viewing"): who may view what, the parameters, the data sets read with
 * the viewer's data scope where they declare scope columns, the expansion (kept a few minutes so paging costs one
 * expansion) and its pages.
 */
export class ReportViewService {
  readonly repo: ReportRepository;
  readonly dataSets: DataSetReader;
  private readonly cache = new Map<string, { at: number; view: Promise<ExpandedView> }>();

  constructor(private readonly deps: AppDeps) {
    this.repo = new ReportRepository(deps.db);
    this.dataSets = new DataSetReader(deps);
  }

  private get timeZone(): string {
    return this.deps.config.timeZone ?? DEFAULT_TIME_ZONE;
  }

  /** The current design of a report, or the refusal: missing, disabled, never designed. */
  private async saved(auth: AuthContext, reportId: string): Promise<{ name: string; contentId: string; design: ReportDesign }> {
    const report = await this.repo.findReport(auth.tenantId, reportId);
    if (!report) throw notFound('report.notFound', { id: reportId });
    if (!report.contentId) throw new AppError('report.noDesign', {}, 400);
    const content = await this.repo.content(auth.tenantId, report.contentId);
    if (!content) throw new AppError('report.noDesign', {}, 400);
    return { name: report.name, contentId: report.contentId, design: content.design };
  }

  private async releaseButtons(auth: AuthContext, release: ReleaseRecord): Promise<{ view: boolean; print: boolean; export: boolean }> {
    const code = releaseCodeOf(release.id);
    const [view, print, exporting] = await Promise.all(['view', 'print', 'export'].map((b) => this.deps.grants.hasAny(auth, [`${code}.${b}`])));
    return { view: !!view, print: !!print, export: !!exporting };
  }

  /**
   * Who may view a report, and with which scope: through a release (its view button; its menu entry's data scope),
   * or on the design screen (the preview button; every row, and an unsaved design may be sent). Without a release
   * named, a viewer who holds a release of the report views through it. Anyone else: 403.
   */
  async source(auth: AuthContext, reportId: string, releaseId: string | undefined, draft?: ReportDesign): Promise<ViewSource> {
    if (releaseId) {
      const release = await this.repo.findRelease(auth.tenantId, releaseId);
      if (!release || !release.enabled) throw notFound('report.releaseNotFound', { id: releaseId });
      if (release.reportId !== reportId) throw new AppError('report.releaseMismatch', {}, 400);
      const buttons = await this.releaseButtons(auth, release);
      if (!buttons.view) throw new AppError('report.noAccess', {}, 403);
      const saved = await this.saved(auth, reportId);
      return { auth, reportId, ...saved, scopeModuleId: release.moduleId, canPrint: buttons.print, canExport: buttons.export };
    }
    if (await this.deps.grants.hasAny(auth, [reportPermissions.designPreview])) {
      if (draft) {
        const report = await this.repo.findReport(auth.tenantId, reportId);
        if (!report) throw notFound('report.notFound', { id: reportId });
        return { auth, reportId, name: report.name, contentId: null, design: draft, scopeModuleId: null, canPrint: true, canExport: true };
      }
      const saved = await this.saved(auth, reportId);
      return { auth, reportId, ...saved, scopeModuleId: null, canPrint: true, canExport: true };
    }
    for (const release of await this.repo.enabledReleasesOf(auth.tenantId, reportId)) {
      const buttons = await this.releaseButtons(auth, release);
      if (buttons.view) return this.source(auth, reportId, release.id);
    }
    throw new AppError('report.noAccess', {}, 403);
  }

  /**
   * A release's menu page knows only the release: its report is the release's. Whether a release exists is told
   * only to whoever may design reports; anyone else is refused alike.
   */
  async sourceOfRelease(auth: AuthContext, releaseId: string): Promise<ViewSource> {
    const release = await this.repo.findRelease(auth.tenantId, releaseId);
    if (!release || !release.enabled) {
      if (!(await this.deps.grants.hasAny(auth, [reportPermissions.designPreview]))) throw new AppError('report.noAccess', {}, 403);
      throw notFound('report.releaseNotFound', { id: releaseId });
    }
    return this.source(auth, release.reportId, releaseId);
  }

  private async viewer(auth: AuthContext): Promise<Viewer> {
    const place = await this.repo.userPlace(auth.tenantId, auth.userId);
    return { userId: auth.userId, ...place };
  }

  /** Parameter values of the design being edited, for its data set preview. */
  async previewValues(auth: AuthContext, params: ReportDesign['params'], given: ReportParamValues): Promise<Record<string, unknown>> {
    return resolveParams(params, given, await this.viewer(auth), new Date(), this.timeZone);
  }

  async meta(source: ViewSource): Promise<ReportViewMeta> {
    const codes = source.design.params.filter((p) => p.type === 'dict' && p.dictionary).map((p) => p.dictionary!);
    const options = await this.repo.dictionaries(source.auth.tenantId, codes);
    return {
      F_ReportId: source.reportId,
      F_Name: source.name,
      query: queryFields(source.design.params, new Date(), this.timeZone, options),
      canPrint: source.canPrint,
      canExport: source.canExport,
      needsPassword: false,
    };
  }

  /** The expanded report for these parameters, from the cache when the same view ran in the last minutes. */
  async expanded(source: ViewSource, given: ReportParamValues): Promise<ExpandedView> {
    const viewer = await this.viewer(source.auth);
    const values = resolveParams(source.design.params, given, viewer, new Date(), this.timeZone);
    const scope: RowScope =
      source.scopeModuleId && source.design.dataSets.some(hasScopeColumns) ? await this.deps.dataScopes.of(source.auth, source.scopeModuleId) : null;
    const key = cacheKey(source, values, scope);
    const now = Date.now();
    for (const [k, entry] of this.cache) if (now - entry.at > CACHE_MS) this.cache.delete(k);
    const hit = this.cache.get(key);
    if (hit) return hit.view;
    const view = this.expand(source, values, scope);
    this.cache.set(key, { at: now, view });
    view.catch(() => this.cache.delete(key));
    while (this.cache.size > CACHE_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
    return view;
  }

  private async expand(source: ViewSource, values: Record<string, unknown>, scope: RowScope): Promise<ExpandedView> {
    const { design, auth } = source;
    const data: Record<string, Record<string, unknown>[]> = {};
    const notices: ReportPages['notices'] = [];
    // One after another: on the embedded database every statement takes the one connection in turn anyway.
    for (const dataSet of design.dataSets) {
      const result = await this.dataSets.read(auth, dataSet, values, scope);
      data[dataSet.name] = result.rows;
      if (result.truncated) notices.push({ key: 'report.dataSetTruncated', params: { name: dataSet.label || dataSet.name, max: result.rows.length } });
    }
    const dictionaries = await this.dictionariesOf(auth.tenantId, design);
    const images = await this.imagesOf(auth.tenantId, design, data);
    const imageFiles = new Map<string, string>();
    const imageUrl = (content: string) => {
      if (!images.has(content)) return null;
      const url = this.deps.fileLinks.url(content);
      imageFiles.set(url, content);
      return url;
    };
    try {
      const report = expandReport(design, data, {
        params: values,
        dictionaries,
        now: new Date(),
        timeZone: this.timeZone,
        imageUrl,
      });
      return { report, notices, name: source.name, design, imageFiles };
    } catch (error) {
      if (error instanceof ReportError) throw new AppError(error.key as never, error.params, 400);
      throw error;
    }
  }

  /** Pages [from, from + count) of a view. */
  async pages(source: ViewSource, given: ReportParamValues, from: number, count: number): Promise<ReportPages> {
    const view = await this.expanded(source, given);
    return reportPages(view.report, view.design.print, from, count, view.notices);
  }

  private async dictionariesOf(tenantId: string, design: ReportDesign): Promise<Record<string, Record<string, string>>> {
    const codes = [...new Set(design.sheet.cells.map((c) => c.binding?.dictionary).filter((c): c is string => !!c))];
    const found = await this.repo.dictionaries(tenantId, codes);
    const out: Record<string, Record<string, string>> = {};
    for (const code of codes) {
      out[code] = Object.fromEntries((found.get(code.toLowerCase()) ?? []).map((o) => [o.value, o.label]));
    }
    return out;
  }

  /** Image cells show files of the viewer's tenant only: their contents (fixed or read from a field) are checked here. */
  private async imagesOf(tenantId: string, design: ReportDesign, data: Record<string, Record<string, unknown>[]>): Promise<Set<string>> {
    const ids = new Set<string>();
    for (const cell of design.sheet.cells) {
      if (cell.kind !== 'image') continue;
      if (cell.binding) {
        for (const row of data[cell.binding.dataSet] ?? []) {
          const v = row[cell.binding.field];
          if (typeof v === 'string' && v && v.length <= 64) ids.add(v);
          if (ids.size > 10_000) break;
        }
      } else if (cell.text) ids.add(cell.text.trim());
    }
    return this.repo.tenantFiles(tenantId, [...ids]);
  }
}

function cacheKey(source: ViewSource, values: Record<string, unknown>, scope: DataScope | null): string {
  const design = source.contentId ?? createHash('sha256').update(JSON.stringify(source.design)).digest('base64url');
  return JSON.stringify([source.auth.tenantId, source.reportId, design, scope, values]);
}
