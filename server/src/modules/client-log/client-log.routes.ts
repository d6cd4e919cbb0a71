import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientLogBody, clientLogQuery, clientLogRow, emptyData, envelope, pageResult, clientLogPermissions } from '@app/contracts';
import { ok } from '../../core/envelope.js';
import { authOf } from '../../core/auth/plugin.js';
import type { ClientLogService } from './client-log.service.js';

export function clientLogRoutes(app: FastifyInstance, service: ClientLogService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Client logs'];

  r.post('/log/client', {
    schema: { tags, summary: 'Report client error log entries (spec 2.6)', body: clientLogBody, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await service.report(authOf(request), request.body);
      return ok(request, null, 'clientLog.saved');
    },
  });

  r.get('/log/client', {
    config: { permission: clientLogPermissions.clientLogList },
    schema: { tags, summary: 'Reported client errors, newest first', querystring: clientLogQuery, response: { 200: envelope(pageResult(clientLogRow)) } },
    handler: async (request) => ok(request, await service.page(authOf(request), request.query), 'common.fetched'),
  });

  r.delete('/log/client', {
    config: { permission: clientLogPermissions.clientLogClear },
    schema: { tags, summary: "Clear the tenant's client logs", response: { 200: envelope(z.object({ deleted: z.number().int() })) } },
    handler: async (request) => ok(request, { deleted: await service.clear(authOf(request)) }, 'clientLog.cleared'),
  });
}
