import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  emptyData,
  envelope,
  pageResult,
  reportExportBody,
  reportFrameQuery,
  reportIdParams,
  reportPagesAnswer,
  reportParamValues,
  reportPermissions as P,
  reportRunBody,
  reportShareBody,
  reportShareQuery,
  reportShareRow,
  reportUnlockAnswer,
  reportUnlockBody,
  reportViewMeta,
} from '@app/contracts';
import { authOf } from '../../core/auth/plugin.js';
import type { AppDeps } from '../../core/deps.js';
import { ok } from '../../core/envelope.js';
import { AppError } from '../../core/errors.js';
import { langOf } from '../../core/i18n/index.js';
import { requestLimit } from '../../core/rate-limit.js';
import { contentDisposition } from '../files/serve-headers.js';
import type { ReportExportService, ReportFile } from './export.service.js';
import { DESIGN_BODY_LIMIT } from './report.routes.js';
import type { ReportShareService } from './share.service.js';
import type { ReportViewService } from './view.service.js';

const fileBytes = z.any().describe('the report as .xlsx or .pdf');
const sendFile = (reply: FastifyReply, file: ReportFile) =>
  reply
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition(file.fileName, false))
    .header('cache-control', 'no-store')
    .send(file.body);

const frameRunBody = z.object({
  params: reportParamValues,
  from: z.coerce.number().int().min(0).max(1_000_000).optional().default(0),
  count: z.coerce.number().int().min(1).max(50).optional().default(1),
});
const frameExportBody = z.object({ params: reportParamValues, format: z.enum(['xlsx', 'pdf']) });

/**
 * Viewing (/report-view: signed in, through a release's buttons or the design screen's preview), share links
 * (/report-share) and the public frame (/report-frame: a signed share token, never the caller's session).
 */
export function reportViewRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  views: ReportViewService,
  exports: ReportExportService,
  shares: ReportShareService,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Reports: viewing'];
  const exportLimit = requestLimit(deps.config.rateLimits.export);
  const pdfLimit = requestLimit(deps.config.rateLimits.pdf);
  const limitOf = (format: 'xlsx' | 'pdf') => (format === 'pdf' ? pdfLimit : exportLimit);

  // The service decides who may view: a release's view button, or report.design.preview (function-access.test.ts).
  r.get('/report-view/:id/meta', {
    schema: {
      tags,
      summary: 'The query bar of a report (defaults resolved, dictionary options) and whether print and export are allowed',
      params: reportIdParams,
      querystring: z.object({ releaseId: z.string().trim().max(64).optional() }),
      response: { 200: envelope(reportViewMeta) },
    },
    handler: async (request) => {
      const source = await views.source(authOf(request), request.params.id, request.query.releaseId || undefined);
      return ok(request, await views.meta(source), 'common.fetched');
    },
  });

  r.get('/report-view/release/:id/meta', {
    schema: {
      tags,
      summary: "A release's query bar and buttons, for its menu page (which knows only the release)",
      params: reportIdParams,
      response: { 200: envelope(reportViewMeta) },
    },
    handler: async (request) => {
      const source = await views.sourceOfRelease(authOf(request), request.params.id);
      return ok(request, await views.meta(source), 'common.fetched');
    },
  });

  r.post('/report-view/:id/pages', {
    // The design preview sends the draft design.
    bodyLimit: DESIGN_BODY_LIMIT,
    schema: {
      tags,
      summary: 'Pages of a report for these parameters (design: an unsaved design, design screen only)',
      params: reportIdParams,
      body: reportRunBody,
      response: { 200: envelope(reportPagesAnswer) },
    },
    handler: async (request) => {
      const { releaseId, design, params, from, count } = request.body;
      const source = await views.source(authOf(request), request.params.id, releaseId || undefined, releaseId ? undefined : design);
      return ok(request, await views.pages(source, params, from, count), 'common.fetched');
    },
  });

  r.post('/report-view/:id/export', {
    bodyLimit: DESIGN_BODY_LIMIT,
    schema: {
      tags,
      summary: 'The report as .xlsx or .pdf (a release needs its export button)',
      params: reportIdParams,
      body: reportExportBody,
      response: { 200: fileBytes },
    },
    handler: async (request, reply) => {
      const { releaseId, design, params, format } = request.body;
      await limitOf(format)(request, reply);
      const source = await views.source(authOf(request), request.params.id, releaseId || undefined, releaseId ? undefined : design);
      if (!source.canExport) throw new AppError('report.noAccess', {}, 403);
      return sendFile(reply, await exports.file(source, params, format, langOf(request)));
    },
  });

  // ---------------------------------------------------------------- share links
  r.get('/report-share', {
    config: { permission: P.manageShare },
    schema: { tags, summary: 'Share links of /report-frame/{id}', querystring: reportShareQuery, response: { 200: envelope(pageResult(reportShareRow)) } },
    handler: async (request) => ok(request, await shares.page(authOf(request), request.query), 'common.fetched'),
  });
  r.post('/report-share', {
    config: { permission: P.manageShare },
    schema: {
      tags,
      summary: 'Make a share link (expiry, optional password); the report runs as its maker',
      body: reportShareBody,
      response: { 200: envelope(reportShareRow) },
    },
    handler: async (request) => ok(request, await shares.add(authOf(request), request.body), 'common.added'),
  });
  r.delete('/report-share/:id', {
    config: { permission: P.manageShare },
    schema: { tags, summary: 'Revoke a share link', params: reportIdParams, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await shares.remove(authOf(request), request.params.id);
      return ok(request, null, 'common.deleted');
    },
  });

  // ---------------------------------------------------------------- the public frame (share token only)
  const framed = async (reportId: string, q: z.infer<typeof reportFrameQuery>, needUnlocked: boolean) => {
    const opened = await shares.open(reportId, q.share, q.access);
    if (needUnlocked && opened.locked) throw new AppError('report.passwordRequired', {}, 403);
    const source = await views.source(opened.auth, reportId, undefined).catch(() => {
      // The maker may no longer view the report: the link no longer works, without saying why.
      throw new AppError('report.shareInvalid', {}, 403);
    });
    return { source, locked: opened.locked };
  };

  r.get('/report-frame/:id/meta', {
    config: { public: true },
    schema: {
      tags,
      summary: 'The query bar of a shared report; needsPassword until unlocked',
      params: reportIdParams,
      querystring: reportFrameQuery,
      response: { 200: envelope(reportViewMeta) },
    },
    handler: async (request) => {
      const { source, locked } = await framed(request.params.id, request.query, false);
      if (locked)
        return ok(
          request,
          { F_ReportId: source.reportId, F_Name: source.name, query: [], canPrint: false, canExport: false, needsPassword: true },
          'common.fetched',
        );
      return ok(request, await views.meta(source), 'common.fetched');
    },
  });

  r.post('/report-frame/:id/unlock', {
    config: { public: true },
    schema: {
      tags,
      summary: "A shared report's password: the access token for the next 2 hours (tried at most 5 times in 5 minutes)",
      params: reportIdParams,
      querystring: reportFrameQuery.pick({ share: true }),
      body: reportUnlockBody,
      response: { 200: envelope(reportUnlockAnswer) },
    },
    handler: async (request) =>
      ok(request, { access: await shares.unlock(request.params.id, request.query.share, request.body.password, request.ip) }, 'common.ok'),
  });

  r.post('/report-frame/:id/pages', {
    config: { public: true },
    schema: {
      tags,
      summary: 'Pages of a shared report',
      params: reportIdParams,
      querystring: reportFrameQuery,
      body: frameRunBody,
      response: { 200: envelope(reportPagesAnswer) },
    },
    handler: async (request) => {
      const { source } = await framed(request.params.id, request.query, true);
      return ok(request, await views.pages(source, request.body.params, request.body.from, request.body.count), 'common.fetched');
    },
  });

  r.post('/report-frame/:id/export', {
    config: { public: true },
    schema: {
      tags,
      summary: 'A shared report as .xlsx or .pdf',
      params: reportIdParams,
      querystring: reportFrameQuery,
      body: frameExportBody,
      response: { 200: fileBytes },
    },
    handler: async (request, reply) => {
      await limitOf(request.body.format)(request, reply);
      const { source } = await framed(request.params.id, request.query, true);
      return sendFile(reply, await exports.file(source, request.body.params, request.body.format, langOf(request)));
    },
  });
}
