import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changeStatusQuery,
  emptyData,
  envelope,
  noticeBody,
  noticeDetail,
  noticeQuery,
  noticeRow,
  oaIdParams,
  pageResult,
  oaPermissions,
} from '@app/contracts';
import { ok } from '../../core/envelope.js';
import { authOf } from '../../core/auth/plugin.js';
import type { NoticeService } from './notice.service.js';

export function noticeRoutes(app: FastifyInstance, service: NoticeService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Notices'];

  r.get('/notice', {
    schema: { tags, summary: 'Notices, newest first (readers: published only)', querystring: noticeQuery, response: { 200: envelope(pageResult(noticeRow)) } },
    handler: async (request) => ok(request, await service.page(authOf(request), request.query), 'common.fetched'),
  });

  r.put('/notice/changeStatus', {
    config: { permission: oaPermissions.noticePublish },
    schema: {
      tags,
      summary: 'Publish (1) or withdraw (0); publishing notifies the tenant (type 11)',
      querystring: changeStatusQuery,
      response: { 200: envelope(emptyData) },
    },
    handler: async (request) => {
      await service.changeStatus(authOf(request), request.query);
      return ok(request, null, request.query.status === 1 ? 'notice.published' : 'notice.unpublished');
    },
  });

  r.get('/notice/:id', {
    schema: { tags, summary: 'Notice detail', params: oaIdParams, response: { 200: envelope(noticeDetail) } },
    handler: async (request) => ok(request, await service.detail(authOf(request), request.params.id), 'common.fetched'),
  });

  r.post('/notice', {
    config: { permission: oaPermissions.noticeAdd },
    schema: {
      tags,
      summary: 'Add a notice; content is sanitised; F_EnabledMark 1 publishes',
      body: noticeBody,
      response: { 200: envelope(z.object({ F_NoticeId: z.string() })) },
    },
    handler: async (request) => ok(request, { F_NoticeId: await service.add(authOf(request), request.body) }, 'common.added'),
  });

  r.put('/notice/:id', {
    config: { permission: oaPermissions.noticeEdit },
    schema: { tags, summary: 'Edit a notice; content is sanitised', params: oaIdParams, body: noticeBody, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await service.update(authOf(request), request.params.id, request.body);
      return ok(request, null, 'common.updated');
    },
  });

  r.delete('/notice/:id', {
    config: { permission: oaPermissions.noticeDelete },
    schema: { tags, summary: 'Delete a notice', params: oaIdParams, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await service.remove(authOf(request), request.params.id);
      return ok(request, null, 'common.deleted');
    },
  });
}
