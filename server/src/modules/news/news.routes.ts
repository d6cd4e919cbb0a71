import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeStatusQuery, emptyData, envelope, newsBody, newsDetail, newsQuery, newsRow, oaIdParams, pageResult, oaPermissions } from '@app/contracts';
import { ok } from '../../core/envelope.js';
import { authOf } from '../../core/auth/plugin.js';
import type { NewsService } from './news.service.js';

export function newsRoutes(app: FastifyInstance, service: NewsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['News'];

  // Reading needs only a signed-in user (published items); editors also see drafts.
  r.get('/news', {
    schema: { tags, summary: 'News list, newest first (readers: published only)', querystring: newsQuery, response: { 200: envelope(pageResult(newsRow)) } },
    handler: async (request) => ok(request, await service.page(authOf(request), request.query), 'common.fetched'),
  });

  r.put('/news/changeStatus', {
    config: { permission: oaPermissions.newsPublish },
    schema: {
      tags,
      summary: 'Publish (1) or unpublish (0); publishing notifies the tenant (type 10)',
      querystring: changeStatusQuery,
      response: { 200: envelope(emptyData) },
    },
    handler: async (request) => {
      await service.changeStatus(authOf(request), request.query);
      return ok(request, null, request.query.status === 1 ? 'news.published' : 'news.unpublished');
    },
  });

  r.get('/news/:id', {
    schema: { tags, summary: 'News detail', params: oaIdParams, response: { 200: envelope(newsDetail) } },
    handler: async (request) =>
      ok(request, await service.detail(authOf(request), request.params.id, `${request.protocol}://${request.host}`), 'common.fetched'),
  });

  r.post('/news', {
    config: { permission: oaPermissions.newsAdd },
    schema: { tags, summary: 'Add a news item (draft); content is sanitised', body: newsBody, response: { 200: envelope(z.object({ F_NewsId: z.string() })) } },
    handler: async (request) => ok(request, { F_NewsId: await service.add(authOf(request), request.body) }, 'common.added'),
  });

  r.put('/news/:id', {
    config: { permission: oaPermissions.newsEdit },
    schema: { tags, summary: 'Edit a news item; content is sanitised', params: oaIdParams, body: newsBody, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await service.update(authOf(request), request.params.id, request.body);
      return ok(request, null, 'common.updated');
    },
  });

  r.delete('/news/:id', {
    config: { permission: oaPermissions.newsDelete },
    schema: { tags, summary: 'Delete a news item', params: oaIdParams, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await service.remove(authOf(request), request.params.id);
      return ok(request, null, 'common.deleted');
    },
  });
}
