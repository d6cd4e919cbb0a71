import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  emptyData,
  envelope,
  formDataBody,
  formDataRecord,
  formDataSaved,
  formRelationIdParams,
  importReport,
  printData,
  publishedDataParams,
  publishedImportQuery,
  publishedListQuery,
  publishedListResult,
} from '@app/contracts';
import { authOf } from '../../core/auth/plugin.js';
import { ok } from '../../core/envelope.js';
import { AppError } from '../../core/errors.js';
import { langOf } from '../../core/i18n/index.js';
import { requestLimit } from '../../core/rate-limit.js';
import { answerRefusal, fieldMessage } from '../form-scheme/form-scheme.routes.js';
import type { RelationServices } from './index.js';
import { IMPORT_MAX_BYTES } from './published-list.service.js';

const fileBytes = z.any().describe('an .xlsx file');
const exportQuery = publishedListQuery.pick({ query: true, sidx: true, sord: true });

/** An attachment name every browser reads: ASCII fallback plus the UTF-8 name (RFC 6266). */
const attachment = (name: string) => `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`;

/**
 * The published page's data: GET /form-relation/{id}/list, …/data (CRUD), …/export, …/import-template,
 * …/import, …/print/{keyValue} (docs/form-publishing-design.md). Every call is checked by RelationAccess (the page's
 * menu grant, the button); none has a fixed permission key.
 */
export function publishedListRoutes(app: FastifyInstance, { deps, lists }: RelationServices): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Forms: published pages'];
  // An export streams every matching row: limited per address and overall, checked before any work is done.
  const exportLimit = requestLimit(deps.config.rateLimits.export);

  r.get('/form-relation/:id/list', {
    schema: {
      tags,
      summary: 'A page of the published list: filters, data conditions, data scope, column permissions',
      params: formRelationIdParams,
      querystring: publishedListQuery,
      response: { 200: envelope(publishedListResult) },
    },
    handler: async (request) => ok(request, await lists.list(authOf(request), request.params.id, request.query), 'common.fetched'),
  });

  r.get('/form-relation/:id/data/:keyValue', {
    schema: { tags, summary: 'A record of the page (view or edit button)', params: publishedDataParams, response: { 200: envelope(formDataRecord) } },
    handler: async (request) =>
      ok(
        request,
        { primaryKey: request.params.keyValue, formData: await lists.read(authOf(request), request.params.id, request.params.keyValue) },
        'common.fetched',
      ),
  });

  r.post('/form-relation/:id/data', {
    schema: {
      tags,
      summary: 'Add a record through the Form engine (add button)',
      params: formRelationIdParams,
      body: formDataBody,
      response: { 200: envelope(formDataSaved) },
    },
    handler: async (request, reply) =>
      answerRefusal(request, reply, async () =>
        ok(request, { primaryKey: await lists.add(authOf(request), request.params.id, request.body.formData) }, 'common.added'),
      ),
  });

  r.put('/form-relation/:id/data/:keyValue', {
    schema: { tags, summary: 'Replace a record (edit button)', params: publishedDataParams, body: formDataBody, response: { 200: envelope(emptyData) } },
    handler: async (request, reply) =>
      answerRefusal(request, reply, async () => {
        await lists.update(authOf(request), request.params.id, request.params.keyValue, request.body.formData);
        return ok(request, null, 'common.updated');
      }),
  });

  r.delete('/form-relation/:id/data/:keyValue', {
    schema: { tags, summary: 'Delete a record and its sub-table rows (delete button)', params: publishedDataParams, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await lists.remove(authOf(request), request.params.id, request.params.keyValue);
      return ok(request, null, 'common.deleted');
    },
  });

  r.get('/form-relation/:id/print/:keyValue', {
    schema: { tags, summary: 'A record as the print view shows it (print button)', params: publishedDataParams, response: { 200: envelope(printData) } },
    handler: async (request) => ok(request, await lists.print(authOf(request), request.params.id, request.params.keyValue), 'common.fetched'),
  });

  r.get('/form-relation/:id/export', {
    onRequest: exportLimit,
    schema: {
      tags,
      summary: 'Every matching row as .xlsx, streamed (export button)',
      params: formRelationIdParams,
      querystring: exportQuery,
      response: { 200: fileBytes },
    },
    handler: async (request, reply) => {
      const file = await lists.export(authOf(request), request.params.id, request.query);
      return reply.header('content-type', file.contentType).header('content-disposition', attachment(file.fileName)).send(file.stream);
    },
  });

  r.get('/form-relation/:id/import-template', {
    schema: { tags, summary: 'An empty .xlsx with the importable headers (import button)', params: formRelationIdParams, response: { 200: fileBytes } },
    handler: async (request, reply) => {
      const file = await lists.importTemplate(authOf(request), request.params.id);
      return reply.header('content-type', file.contentType).header('content-disposition', attachment(file.fileName)).send(file.body);
    },
  });

  // Multipart parsing for the import route only (an encapsulated context), as the files module does for uploads.
  app.register(async (scoped) => {
    await scoped.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES + 1, files: 1, fields: 5, parts: 6, headerPairs: 50 } });
    scoped.withTypeProvider<ZodTypeProvider>().post('/form-relation/:id/import', {
      schema: {
        tags,
        summary: 'Import rows from .xlsx (multipart `file`; keepValid=1 stores the good rows of a file with errors)',
        params: formRelationIdParams,
        querystring: publishedImportQuery,
        response: { 200: envelope(importReport) },
      },
      handler: async (request) => {
        const auth = authOf(request);
        // Checked before the file is read: a caller without the button does not get to upload 10 MB.
        await lists.access.open(auth, request.params.id, 'import');
        if (!request.isMultipart()) throw new AppError('publishedList.importNoFile', {}, 400);
        const part = await request.file();
        if (!part) throw new AppError('publishedList.importNoFile', {}, 400);
        const body = await part.toBuffer().catch((error: unknown) => {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('publishedList.importTooLarge', { max: '10 MB' }, 400);
          throw error;
        });
        const lang = langOf(request);
        return ok(request, await lists.import(auth, request.params.id, body, request.query.keepValid === 1, (e) => fieldMessage(lang, e)), 'common.fetched');
      },
    });
  });
}
