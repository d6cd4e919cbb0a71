import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  emptyData,
  envelope,
  pageResult,
  reportContentBody,
  reportContentDetail,
  reportContentQuery,
  reportContentRestoreBody,
  reportContentRow,
  reportDataPreview,
  reportDataPreviewBody,
  reportDesign,
  reportFileQuery,
  reportFolder,
  reportFolderBody,
  reportIdParams,
  reportInfoBody,
  reportInfoRow,
  reportPermissions as P,
  reportReleaseBody,
  reportReleaseQuery,
  reportReleaseRow,
  reportTreeNode,
  type DesignProblem,
} from '@app/contracts';
import { authOf } from '../../core/auth/plugin.js';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import { ok } from '../../core/envelope.js';
import { forbidden } from '../../core/errors.js';
import { langOf, translate, type Lang, type MessageKey } from '../../core/i18n/index.js';
import type { ReportReleaseService } from './release.service.js';
import type { ReportService } from './report.service.js';
import type { ReportViewService } from './view.service.js';

const saved = z.object({ F_Id: z.string() });
const versionSaved = z.object({ F_Id: z.string(), F_Version: z.number() });
const problem = z.object({ cell: z.string().optional(), msg: z.string() });
/** Rows of a data set the designer sees while building (the viewer reads up to the data set limit). */
const PREVIEW_ROWS = 100;
/**
 * Bodies that carry a whole design (save, check, data preview; the viewer's preview and export of a draft). The
 * design's own limits (REPORT_LIMITS: 40,000 cells, texts of 4,000 characters, 2,000 static rows per data set)
 * are far beyond the server's 1 MB default: a styled 500 × 30 template is about 3 MB as the designer posts it.
 */
export const DESIGN_BODY_LIMIT = 16 * 1024 * 1024;

const problemText = (lang: Lang, p: DesignProblem) => ({
  ...(p.cell ? { cell: p.cell } : {}),
  msg: translate(lang, p.key as MessageKey, { ...p.params, cell: p.cell ?? '' }),
});

/**
 * Folders (/reports-file-info), reports (/reports-file, /report-info), designs and versions (/report-content) and
 * releases (/reports-release) — administration.md 7 "Reports".
 */
export function reportRoutes(app: FastifyInstance, deps: AppDeps, reports: ReportService, releases: ReportReleaseService, views: ReportViewService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Reports'];
  // Folders and the report list serve all three screens: any of their list buttons will do.
  const READERS = [P.manageList, P.designList, P.releaseList];
  const reader = async (request: FastifyRequest): Promise<AuthContext> => {
    const auth = authOf(request);
    if (!(await deps.grants.hasAny(auth, READERS))) throw forbidden(READERS[0]);
    return auth;
  };

  // ---------------------------------------------------------------- folders
  r.get('/reports-file-info/tree', {
    schema: { tags, summary: 'Report folders as a tree (root parent 0)', response: { 200: envelope(z.array(reportFolder)) } },
    handler: async (request) => ok(request, await reports.folderTree(await reader(request)), 'common.fetched'),
  });
  r.post('/reports-file-info', {
    config: { permission: P.manageFolder },
    schema: { tags, summary: 'Add a report folder', body: reportFolderBody, response: { 200: envelope(saved) } },
    handler: async (request) => ok(request, { F_Id: await reports.addFolder(authOf(request), request.body) }, 'common.added'),
  });
  r.put('/reports-file-info/:id', {
    config: { permission: P.manageFolder },
    schema: { tags, summary: 'Rename or move a report folder', params: reportIdParams, body: reportFolderBody, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await reports.updateFolder(authOf(request), request.params.id, request.body);
      return ok(request, null, 'common.updated');
    },
  });
  r.delete('/reports-file-info/:id', {
    config: { permission: P.manageFolder },
    schema: { tags, summary: 'Delete an empty report folder', params: reportIdParams, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await reports.removeFolder(authOf(request), request.params.id);
      return ok(request, null, 'common.deleted');
    },
  });

  // ---------------------------------------------------------------- reports
  r.get('/reports-file', {
    schema: {
      tags,
      summary: "A folder's reports (its folders' too), paged",
      querystring: reportFileQuery,
      response: { 200: envelope(pageResult(reportInfoRow)) },
    },
    handler: async (request) => ok(request, await reports.pageReports(await reader(request), request.query), 'common.fetched'),
  });
  r.get('/report-info/tree', {
    schema: { tags, summary: 'Folders with their reports as leaves', response: { 200: envelope(z.array(reportTreeNode)) } },
    handler: async (request) => ok(request, await reports.reportTree(await reader(request)), 'common.fetched'),
  });
  r.get('/report-info/:id', {
    schema: { tags, summary: 'One report (F_ContentId: its current design)', params: reportIdParams, response: { 200: envelope(reportInfoRow) } },
    handler: async (request) => ok(request, await reports.report(await reader(request), request.params.id), 'common.fetched'),
  });
  r.post('/report-info', {
    config: { permission: P.manageAdd },
    schema: {
      tags,
      summary: 'Add a report (copyFrom: copy its design); version 1 is an empty sheet',
      body: reportInfoBody,
      response: { 200: envelope(saved) },
    },
    handler: async (request) => ok(request, { F_Id: await reports.addReport(authOf(request), request.body) }, 'common.added'),
  });
  r.put('/report-info/:id', {
    config: { permission: P.manageEdit },
    schema: {
      tags,
      summary: "Change a report's name, code, folder, state",
      params: reportIdParams,
      body: reportInfoBody,
      response: { 200: envelope(emptyData) },
    },
    handler: async (request) => {
      await reports.updateReport(authOf(request), request.params.id, request.body);
      return ok(request, null, 'common.updated');
    },
  });
  r.delete('/report-info/:id', {
    config: { permission: P.manageDelete },
    schema: {
      tags,
      summary: 'Delete a report with its versions and share links (refused while released)',
      params: reportIdParams,
      response: { 200: envelope(emptyData) },
    },
    handler: async (request) => {
      await reports.removeReport(authOf(request), request.params.id);
      return ok(request, null, 'common.deleted');
    },
  });

  // ---------------------------------------------------------------- designs and versions
  r.get('/report-content', {
    config: { permission: P.designList },
    schema: { tags, summary: "A report's versions, newest first", querystring: reportContentQuery, response: { 200: envelope(pageResult(reportContentRow)) } },
    handler: async (request) => ok(request, await reports.pageContents(authOf(request), request.query), 'common.fetched'),
  });
  r.post('/report-content/check', {
    config: { permission: P.designList },
    bodyLimit: DESIGN_BODY_LIMIT,
    schema: { tags, summary: 'Problems of a design (none: [])', body: z.object({ F_Design: reportDesign }), response: { 200: envelope(z.array(problem)) } },
    handler: async (request) =>
      ok(
        request,
        reports.check(request.body.F_Design).map((p) => problemText(langOf(request), p)),
        'common.fetched',
      ),
  });
  r.post('/report-content/data-preview', {
    config: { permission: P.designPreview },
    bodyLimit: DESIGN_BODY_LIMIT,
    schema: {
      tags,
      summary: 'The first rows and the fields of one data set of the design being edited',
      body: reportDataPreviewBody,
      response: { 200: envelope(reportDataPreview) },
    },
    handler: async (request) => {
      const auth = authOf(request);
      const params = request.body.design?.params ?? [];
      const values = await views.previewValues(auth, params, request.body.params);
      const result = await views.dataSets.read(auth, request.body.dataSet, values, null, PREVIEW_ROWS);
      return ok(request, result, 'common.fetched');
    },
  });
  r.get('/report-content/:id', {
    config: { permission: P.designList },
    schema: { tags, summary: 'One version with its design', params: reportIdParams, response: { 200: envelope(reportContentDetail) } },
    handler: async (request) => ok(request, await reports.content(authOf(request), request.params.id), 'common.fetched'),
  });
  r.post('/report-content', {
    config: { permission: P.designSave },
    bodyLimit: DESIGN_BODY_LIMIT,
    schema: {
      tags,
      summary: "Save a design as the report's new current version (F_BaseVersion: the version the editor opened)",
      body: reportContentBody,
      response: { 200: envelope(versionSaved) },
    },
    handler: async (request) => ok(request, await reports.save(authOf(request), request.body), 'common.updated'),
  });
  r.put('/report-content/:id', {
    config: { permission: P.designSave },
    schema: {
      tags,
      summary: 'Make this version current again (as a new version)',
      params: reportIdParams,
      body: reportContentRestoreBody,
      response: { 200: envelope(versionSaved) },
    },
    handler: async (request) => ok(request, await reports.restore(authOf(request), request.params.id, request.body.F_Note), 'common.updated'),
  });
  r.delete('/report-content/:id', {
    config: { permission: P.designSave },
    schema: { tags, summary: 'Delete a version that is not the current one', params: reportIdParams, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await reports.removeContent(authOf(request), request.params.id);
      return ok(request, null, 'common.deleted');
    },
  });

  // ---------------------------------------------------------------- releases
  r.get('/reports-release', {
    config: { permission: P.releaseList },
    schema: {
      tags,
      summary: 'Releases of reports to menu entries',
      querystring: reportReleaseQuery,
      response: { 200: envelope(pageResult(reportReleaseRow)) },
    },
    handler: async (request) => ok(request, await releases.page(authOf(request), request.query), 'common.fetched'),
  });
  r.post('/reports-release', {
    config: { permission: P.releaseAdd },
    schema: {
      tags,
      summary: 'Release a report as a menu entry (/report/view/{id}) with the buttons view, print, export',
      body: reportReleaseBody,
      response: { 200: envelope(z.object({ F_Id: z.string(), F_ModuleId: z.string() })) },
    },
    handler: async (request) => ok(request, await releases.add(authOf(request), request.body), 'common.added'),
  });
  r.put('/reports-release/:id', {
    config: { permission: P.releaseEdit },
    schema: {
      tags,
      summary: 'Change a release (name, place, report)',
      params: reportIdParams,
      body: reportReleaseBody,
      response: { 200: envelope(emptyData) },
    },
    handler: async (request) => {
      await releases.update(authOf(request), request.params.id, request.body);
      return ok(request, null, 'common.updated');
    },
  });
  r.delete('/reports-release/:id', {
    config: { permission: P.releaseDelete },
    schema: { tags, summary: 'Delete a release with its menu entry and grants', params: reportIdParams, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await releases.remove(authOf(request), request.params.id);
      return ok(request, null, 'common.deleted');
    },
  });
}
