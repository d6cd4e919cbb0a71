import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { annexFile, emptyData, envelope, fileIdParams, folderIdParams, signedFileQuery, uploadQuery, uploadResult } from '@app/contracts';
import { ok } from '../../core/envelope.js';
import { authOf } from '../../core/auth/plugin.js';
import type { FilesService } from './files.service.js';
import { responseOf } from './serve-headers.js';

/** Where this request came from, for absolute viewer addresses when PUBLIC_URL is not set. */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
const clientGone = (request: FastifyRequest) => () => request.raw.destroyed || request.raw.socket?.destroyed === true;

/** The bytes themselves; a stream is written as it is, never through the serializer. */
const fileBytes = z.any().describe('the file bytes');

export function filesRoutes(app: FastifyInstance, service: FilesService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Files'];

  // Spec paths end in a slash (POST /upload/); the slash-less form is what most clients send, so both answer.
  for (const [path, multiple] of [
    ['/upload/', false],
    ['/upload', false],
    ['/upload/multiple-file-upload/', true],
    ['/upload/multiple-file-upload', true],
  ] as const) {
    r.post(path, {
      schema: {
        tags,
        summary: multiple
          ? 'Upload files into a new attachment folder (file manager: the root)'
          : 'Upload one file into a new attachment folder (file manager: the root)',
        querystring: uploadQuery,
        response: { 200: envelope(uploadResult) },
      },
      handler: async (request) =>
        ok(
          request,
          await service.upload(authOf(request), {
            folderId: undefined,
            query: request.query,
            multiple,
            parts: request.parts(),
            origin: originOf(request),
            clientGone: clientGone(request),
          }),
          'files.uploaded',
        ),
    });
  }
  for (const [path, multiple] of [
    ['/upload/:folderId', false],
    ['/upload/multiple-file-upload/:folderId', true],
  ] as const) {
    r.post(path, {
      schema: {
        tags,
        summary: multiple
          ? 'Upload files into an attachment folder or a file-manager folder'
          : 'Upload one file into an attachment folder or a file-manager folder',
        params: folderIdParams,
        querystring: uploadQuery,
        response: { 200: envelope(uploadResult) },
      },
      handler: async (request) =>
        ok(
          request,
          await service.upload(authOf(request), {
            folderId: request.params.folderId,
            query: request.query,
            multiple,
            parts: request.parts(),
            origin: originOf(request),
            clientGone: clientGone(request),
          }),
          'files.uploaded',
        ),
    });
  }

  r.get('/annexes-files/url/:folderId', {
    schema: {
      tags,
      summary: "The files of an attachment folder of the caller's tenant",
      params: folderIdParams,
      response: { 200: envelope(z.array(annexFile)) },
    },
    handler: async (request) => ok(request, await service.folderFiles(authOf(request), request.params.folderId, originOf(request)), 'common.fetched'),
  });

  r.get('/annexes-files/:id', {
    schema: { tags, summary: 'One attachment', params: fileIdParams, response: { 200: envelope(annexFile) } },
    handler: async (request) => ok(request, await service.annex(authOf(request), request.params.id, originOf(request)), 'common.fetched'),
  });

  r.delete('/annexes-files/:id', {
    schema: { tags, summary: 'Delete an attachment (its uploader or a tenant administrator)', params: fileIdParams, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await service.removeAnnex(authOf(request), request.params.id);
      return ok(request, null, 'common.deleted');
    },
  });

  // Public but signed: <img>, <iframe>, <video> and external viewers load it without a Bearer header.
  r.get('/files/:id', {
    // compress: false: a Range answer is a byte range of the stored file, and media are already compressed.
    config: { public: true, compress: false },
    // Set before anything can fail, so refusals (404, 400) carry it too.
    onRequest: async (_request, reply) => {
      reply.header('X-Content-Type-Options', 'nosniff');
    },
    schema: {
      tags,
      summary: 'The bytes of a file (signed address; Range supported; download=1 forces a download)',
      params: fileIdParams,
      querystring: signedFileQuery,
      response: { 200: fileBytes, 206: fileBytes, 416: z.any().describe('no body; Content-Range: bytes */<size>') },
    },
    handler: async (request, reply) => {
      const { status, headers, body } = responseOf(
        await service.open(request.params.id, request.query.sig, request.headers.range, request.query.download === 1),
      );
      return reply.code(status).headers(headers).send(body);
    },
  });
}
