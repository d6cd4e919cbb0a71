import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { emptyData, envelope, onlineSessionRow, pageQuery, pageResult, sessionIdParams, onlineUserPermissions } from '@app/contracts';
import { ok } from '../../core/envelope.js';
import { authOf } from '../../core/auth/plugin.js';
import type { OnlineUserService } from './online-user.service.js';

export function onlineUserRoutes(app: FastifyInstance, service: OnlineUserService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Online users'];

  r.get('/online-users', {
    config: { permission: onlineUserPermissions.onlineUserList },
    schema: {
      tags,
      summary: 'Live sessions of the tenant (keyword: exact account or name)',
      querystring: pageQuery,
      response: { 200: envelope(pageResult(onlineSessionRow)) },
    },
    handler: async (request) => ok(request, await service.page(authOf(request), request.query), 'common.fetched'),
  });

  r.delete('/online-users/:id', {
    config: { permission: onlineUserPermissions.onlineUserForceLogout },
    schema: { tags, summary: 'Force a session out: its tokens are refused from now on', params: sessionIdParams, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await service.forceLogout(authOf(request), request.params.id);
      return ok(request, null, 'common.ok');
    },
  });
}
