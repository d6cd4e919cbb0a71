import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emptyData, envelope, oaIdParams, scheduleBody, scheduleEvent, scheduleQuery, oaPermissions } from '@app/contracts';
import { ok } from '../../core/envelope.js';
import { authOf } from '../../core/auth/plugin.js';
import type { ScheduleService } from './schedule.service.js';

export function scheduleRoutes(app: FastifyInstance, service: ScheduleService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Schedule'];

  r.get('/oa-schedule', {
    config: { permission: oaPermissions.scheduleList },
    schema: {
      tags,
      summary: "The caller's events (own or taking part) in a date range",
      querystring: scheduleQuery,
      response: { 200: envelope(z.array(scheduleEvent)) },
    },
    handler: async (request) => ok(request, await service.list(authOf(request), request.query), 'common.fetched'),
  });

  r.post('/oa-schedule', {
    config: { permission: oaPermissions.scheduleAdd },
    schema: {
      tags,
      summary: 'Add an event; participants get a message (type 12)',
      body: scheduleBody,
      response: { 200: envelope(z.object({ F_ScheduleId: z.string() })) },
    },
    handler: async (request) => ok(request, { F_ScheduleId: await service.add(authOf(request), request.body) }, 'common.added'),
  });

  r.put('/oa-schedule/:id', {
    config: { permission: oaPermissions.scheduleEdit },
    schema: { tags, summary: 'Update one of the caller’s events', params: oaIdParams, body: scheduleBody, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await service.update(authOf(request), request.params.id, request.body);
      return ok(request, null, 'common.updated');
    },
  });

  r.delete('/oa-schedule/:id', {
    config: { permission: oaPermissions.scheduleDelete },
    schema: { tags, summary: 'Delete one of the caller’s events', params: oaIdParams, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await service.remove(authOf(request), request.params.id);
      return ok(request, null, 'common.deleted');
    },
  });
}
