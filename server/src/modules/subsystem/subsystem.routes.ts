import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emptyData, envelope, pageResult, subsystemIdParams, subsystemInput, subsystemQuery, subsystemRow, subsystemPermissions } from '@app/contracts';
import { ok } from '../../core/envelope.js';
import { authOf } from '../../core/auth/plugin.js';
import type { SubsystemService } from './subsystem.service.js';

/** Sub-system administration; GET /subsystem (the switcher) stays in the menu feature. */
export function subsystemRoutes(app: FastifyInstance, service: SubsystemService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Sub-systems'];

  r.get('/subsystem/page', {
    config: { permission: subsystemPermissions.subsystemList },
    schema: {
      tags,
      summary: "The tenant's sub-systems, paged (keyword: name contains)",
      querystring: subsystemQuery,
      response: { 200: envelope(pageResult(subsystemRow)) },
    },
    handler: async (request) => ok(request, await service.page(authOf(request), request.query), 'common.fetched'),
  });

  r.post('/subsystem', {
    config: { permission: subsystemPermissions.subsystemAdd },
    schema: { tags, summary: 'Add a sub-system', body: subsystemInput, response: { 200: envelope(z.object({ F_Id: z.string() })) } },
    handler: async (request) => ok(request, { F_Id: await service.create(authOf(request), request.body) }, 'common.added'),
  });

  r.put('/subsystem/:id', {
    config: { permission: subsystemPermissions.subsystemEdit },
    schema: { tags, summary: 'Update a sub-system', params: subsystemIdParams, body: subsystemInput, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await service.update(authOf(request), request.params.id, request.body);
      return ok(request, null, 'common.updated');
    },
  });

  r.delete('/subsystem/:id', {
    config: { permission: subsystemPermissions.subsystemDelete },
    schema: { tags, summary: 'Delete a sub-system without menu entries', params: subsystemIdParams, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await service.remove(authOf(request), request.params.id);
      return ok(request, null, 'common.deleted');
    },
  });
}
