import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EXCEL_TEMPLATE_LIMITS,
  emptyData,
  envelope,
  excelDownloadParams,
  excelExportBody,
  excelExportDetail,
  excelExportFileQuery,
  excelExportPermissions,
  excelExportProgress,
  excelExportRow,
  excelIdParams,
  excelImportBody,
  excelImportDetail,
  excelImportPermissions,
  excelImportRow,
  excelImportRun,
  excelModuleParams,
  excelProgressParams,
  excelRunParams,
  excelScreenTemplates,
  excelTargetField,
  excelTargetQuery,
  excelTemplateQuery,
  pageResult,
} from '@app/contracts';
import { authOf } from '../../core/auth/plugin.js';
import type { AppDeps } from '../../core/deps.js';
import { ok } from '../../core/envelope.js';
import { AppError, forbidden } from '../../core/errors.js';
import { langOf } from '../../core/i18n/index.js';
import { requestLimit } from '../../core/rate-limit.js';
import { fieldMessage } from '../form-scheme/form-scheme.routes.js';
import type { ExcelExportService } from './excel-export.service.js';
import type { ExcelImportService } from './excel-import.service.js';

const fileBytes = z.any().describe('an .xlsx file');
const saved = z.object({ F_Id: z.string() });
const attachment = (name: string) => `attachment; filename="template.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** Import templates (/excel-import) and export templates (/excel-export): docs/excel-templates.md. */
export function excelTemplateRoutes(app: FastifyInstance, deps: AppDeps, imports: ExcelImportService, exports: ExcelExportService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Excel templates'];
  const exportLimit = requestLimit(deps.config.rateLimits.export);

  // ------------------------------------------------------------ import templates

  r.get('/excel-import', {
    config: { permission: excelImportPermissions.importList },
    schema: {
      tags,
      summary: 'Import templates: keyword, state (1 enabled / 0 disabled), F_ModuleId',
      querystring: excelTemplateQuery,
      response: { 200: envelope(pageResult(excelImportRow)) },
    },
    handler: async (request) => ok(request, await imports.page(authOf(request), request.query), 'common.fetched'),
  });

  r.post('/excel-import', {
    config: { permission: excelImportPermissions.importAdd },
    schema: { tags, summary: 'Add an import template', body: excelImportBody, response: { 200: envelope(saved) } },
    handler: async (request) => ok(request, { F_Id: await imports.add(authOf(request), request.body) }, 'common.added'),
  });

  // Before /excel-import/:id: fixed segments first.
  r.get('/excel-import/target-fields', {
    schema: {
      tags,
      summary: "A target's fields a template may name (add / edit of either kind of template)",
      querystring: excelTargetQuery,
      response: { 200: envelope(z.array(excelTargetField)) },
    },
    handler: async (request) => {
      const auth = authOf(request);
      const editors = [
        excelImportPermissions.importAdd,
        excelImportPermissions.importEdit,
        excelExportPermissions.exportAdd,
        excelExportPermissions.exportEdit,
      ];
      if (!(await deps.grants.hasAny(auth, editors))) throw forbidden(excelImportPermissions.importEdit);
      const q = request.query;
      return ok(
        request,
        await imports.targetFields(auth, { kind: q.F_TargetKind, relationId: q.F_RelationId, linkId: q.F_DbId, tableName: q.F_TableName }),
        'common.fetched',
      );
    },
  });

  r.get('/excel-import/module/:moduleId', {
    schema: {
      tags,
      summary: "The enabled import and export templates of a screen (menu entry) granted to the caller: the screen's 导入 / 导出 buttons",
      params: excelModuleParams,
      response: { 200: envelope(excelScreenTemplates) },
    },
    handler: async (request) => ok(request, await imports.ofModule(authOf(request), request.params.moduleId), 'common.fetched'),
  });

  r.get('/excel-import/download/:a/:b', {
    schema: {
      tags,
      summary: 'The template workbook: a = the bound screen (menu entry id), b = the template id (the screen, or the download button of the admin list)',
      params: excelDownloadParams,
      response: { 200: fileBytes },
    },
    handler: async (request, reply) => {
      const auth = authOf(request);
      const admin = await deps.grants.hasAny(auth, [excelImportPermissions.importDownload]);
      const file = await imports.templateFile(auth, request.params.a, request.params.b, langOf(request), admin);
      return reply.header('content-type', file.contentType).header('content-disposition', attachment(file.fileName)).send(file.body);
    },
  });

  r.get('/excel-import/:id', {
    config: { permission: excelImportPermissions.importList },
    schema: { tags, summary: 'An import template with its columns', params: excelIdParams, response: { 200: envelope(excelImportDetail) } },
    handler: async (request) => ok(request, await imports.detail(authOf(request), request.params.id), 'common.fetched'),
  });

  r.put('/excel-import/:id', {
    config: { permission: excelImportPermissions.importEdit },
    schema: { tags, summary: 'Update an import template', params: excelIdParams, body: excelImportBody, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await imports.update(authOf(request), request.params.id, request.body);
      return ok(request, null, 'common.updated');
    },
  });

  r.delete('/excel-import/:id', {
    config: { permission: excelImportPermissions.importDelete },
    schema: { tags, summary: 'Delete an import template (its runs and error workbooks too)', params: excelIdParams, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await imports.remove(authOf(request), request.params.id);
      return ok(request, null, 'common.deleted');
    },
  });

  for (const [action, enabled] of [
    ['start', true],
    ['stop', false],
  ] as const) {
    r.patch(`/excel-import/${action}/:id`, {
      config: { permission: excelImportPermissions.importEnable },
      schema: {
        tags,
        summary: enabled ? 'Enable an import template' : 'Disable an import template',
        params: excelIdParams,
        response: { 200: envelope(emptyData) },
      },
      handler: async (request) => {
        await imports.setEnabled(authOf(request), request.params.id, enabled);
        return ok(request, null, 'common.updated');
      },
    });
    r.patch(`/excel-export/${action}/:id`, {
      config: { permission: excelExportPermissions.exportEnable },
      schema: {
        tags,
        summary: enabled ? 'Enable an export template' : 'Disable an export template',
        params: excelIdParams,
        response: { 200: envelope(emptyData) },
      },
      handler: async (request) => {
        await exports.setEnabled(authOf(request), request.params.id, enabled);
        return ok(request, null, 'common.updated');
      },
    });
  }

  r.get('/excel-import/:id/runs/:runId', {
    schema: {
      tags,
      summary: "An import's progress (rows read / valid / stored) or result; poll about once a second",
      params: excelRunParams,
      response: { 200: envelope(excelImportRun) },
    },
    handler: async (request) => ok(request, await imports.run(authOf(request), request.params.id, request.params.runId, langOf(request)), 'common.fetched'),
  });

  r.get('/excel-import/:id/runs/:runId/errors', {
    schema: {
      tags,
      summary: 'The error workbook of an import: the refused rows, an error column, bad cells red',
      params: excelRunParams,
      response: { 200: fileBytes },
    },
    handler: async (request, reply) => {
      const file = await imports.errorFile(authOf(request), request.params.id, request.params.runId);
      return reply.header('content-type', file.contentType).header('content-disposition', attachment(file.fileName)).send(file.stream);
    },
  });

  // Multipart parsing for the upload only (an encapsulated context), as the files module does.
  app.register(async (scoped) => {
    await scoped.register(multipart, { limits: { fileSize: EXCEL_TEMPLATE_LIMITS.importBytes + 1, files: 1, fields: 5, parts: 6, headerPairs: 50 } });
    scoped.withTypeProvider<ZodTypeProvider>().post('/excel-import/:id/import', {
      schema: {
        tags,
        summary: 'Import a file with a template (multipart `file`): checked at once, then run in the background; answers the run to poll',
        params: excelIdParams,
        response: { 200: envelope(excelImportRun) },
      },
      handler: async (request) => {
        const auth = authOf(request);
        // Checked before the file is read: a caller who may not use the template does not get to upload 30 MB.
        await imports.usable(auth, request.params.id);
        if (!request.isMultipart()) throw new AppError('excelTemplate.noFile', {}, 400);
        const part = await request.file();
        if (!part) throw new AppError('excelTemplate.noFile', {}, 400);
        const body = await part.toBuffer().catch((error: unknown) => {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('excelTemplate.fileTooLarge', { max: '30 MB' }, 400);
          throw error;
        });
        const lang = langOf(request);
        return ok(
          request,
          await imports.start(auth, request.params.id, body, part.filename || 'import.xlsx', lang, (e) => fieldMessage(lang, e)),
          'common.fetched',
        );
      },
    });
  });

  // ------------------------------------------------------------ export templates

  r.get('/excel-export', {
    config: { permission: excelExportPermissions.exportList },
    schema: {
      tags,
      summary: 'Export templates: keyword, state, F_ModuleId',
      querystring: excelTemplateQuery,
      response: { 200: envelope(pageResult(excelExportRow)) },
    },
    handler: async (request) => ok(request, await exports.page(authOf(request), request.query), 'common.fetched'),
  });

  r.post('/excel-export', {
    config: { permission: excelExportPermissions.exportAdd },
    schema: { tags, summary: 'Add an export template', body: excelExportBody, response: { 200: envelope(saved) } },
    handler: async (request) => ok(request, { F_Id: await exports.add(authOf(request), request.body) }, 'common.added'),
  });

  r.get('/excel-export/progress/:progressId', {
    schema: {
      tags,
      summary: 'How far an export in flight has got (rows written of the matching rows)',
      params: excelProgressParams,
      response: { 200: envelope(excelExportProgress.nullable()) },
    },
    handler: async (request) => ok(request, exports.exportProgress(authOf(request), request.params.progressId), 'common.fetched'),
  });

  r.get('/excel-export/:id', {
    config: { permission: excelExportPermissions.exportList },
    schema: { tags, summary: 'An export template with its columns', params: excelIdParams, response: { 200: envelope(excelExportDetail) } },
    handler: async (request) => ok(request, await exports.detail(authOf(request), request.params.id), 'common.fetched'),
  });

  r.put('/excel-export/:id', {
    config: { permission: excelExportPermissions.exportEdit },
    schema: { tags, summary: 'Update an export template', params: excelIdParams, body: excelExportBody, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await exports.update(authOf(request), request.params.id, request.body);
      return ok(request, null, 'common.updated');
    },
  });

  r.delete('/excel-export/:id', {
    config: { permission: excelExportPermissions.exportDelete },
    schema: { tags, summary: 'Delete an export template', params: excelIdParams, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await exports.remove(authOf(request), request.params.id);
      return ok(request, null, 'common.deleted');
    },
  });

  r.get('/excel-export/:id/file', {
    onRequest: exportLimit,
    schema: {
      tags,
      summary: "Export with a template (the screen's 导出 button): streamed .xlsx; query / sidx / sord are the screen's current query",
      params: excelIdParams,
      querystring: excelExportFileQuery,
      response: { 200: fileBytes },
    },
    handler: async (request, reply) => {
      const file = await exports.exportFile(authOf(request), request.params.id, request.query);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', attachment(file.fileName))
        .header('x-export-rows', String(file.rows))
        .send(file.stream);
    },
  });
}
