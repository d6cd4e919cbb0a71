import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emptyData, envelope, logClearParams, logIdParams, logQuery, logRow, pageResult, systemLogPermissions } from '@app/contracts';
import { ok } from '../../core/envelope.js';
import { authOf } from '../../core/auth/plugin.js';
import type { LogService } from './system-log.service.js';

export function logRoutes(app: FastifyInstance, service: LogService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['System logs'];

  r.get('/log', {
    config: { permission: systemLogPermissions.logList },
    schema: {
      tags,
      summary: 'Sign-in (1), operation (2) or exception (3) logs, newest first',
      querystring: logQuery,
      response: { 200: envelope(pageResult(logRow)) },
    },
    handler: async (request) => ok(request, await service.page(authOf(request), request.query), 'common.fetched'),
  });

  r.delete('/log/clear/:category', {
    config: { permission: systemLogPermissions.logClear },
    schema: {
      tags,
      summary: "Clear the tenant's logs of one category",
      params: logClearParams,
      response: { 200: envelope(z.object({ deleted: z.number().int() })) },
    },
    handler: async (request) => ok(request, { deleted: await service.clear(authOf(request), request.params.category) }, 'log.cleared'),
  });

  r.delete('/log/:id', {
    config: { permission: systemLogPermissions.logDelete },
    schema: { tags, summary: 'Delete one log entry', params: logIdParams, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await service.remove(authOf(request), request.params.id);
      return ok(request, null, 'common.deleted');
    },
  });
}
