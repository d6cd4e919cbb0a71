import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { area, areaCreateBody, areaIdParams, areaUpdateBody, emptyData, envelope, areaPermissions } from '@app/contracts';
import { ok } from '../../core/envelope.js';
import { authOf } from '../../core/auth/plugin.js';
import type { AreaService } from './area.service.js';

/** Regions: reads for every signed-in user (pickers); changes for platform callers with the buttons. */
export function areaRoutes(app: FastifyInstance, service: AreaService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Regions'];

  r.get('/areas/province', {
    schema: { tags, summary: 'Provinces', response: { 200: envelope(z.array(area)) } },
    handler: async (request) => ok(request, await service.children('0'), 'common.fetched'),
  });

  r.get('/areas/:id/child', {
    schema: { tags, summary: 'Children of an area (lazy loading)', params: areaIdParams, response: { 200: envelope(z.array(area)) } },
    handler: async (request) => ok(request, await service.childrenOf(request.params.id), 'common.fetched'),
  });

  r.post('/areas', {
    config: { permission: areaPermissions.areaAdd },
    schema: { tags, summary: 'Add an area (level from the parent, at most 3)', body: areaCreateBody, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await service.create(authOf(request), request.body);
      return ok(request, null, 'common.added');
    },
  });

  r.put('/areas/:id', {
    config: { permission: areaPermissions.areaEdit },
    schema: { tags, summary: 'Rename or reorder an area', params: areaIdParams, body: areaUpdateBody, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await service.update(authOf(request), request.params.id, request.body);
      return ok(request, null, 'common.updated');
    },
  });

  r.delete('/areas/:id', {
    config: { permission: areaPermissions.areaDelete },
    schema: { tags, summary: 'Delete an area without children', params: areaIdParams, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await service.remove(authOf(request), request.params.id);
      return ok(request, null, 'common.deleted');
    },
  });
}
