import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createdId,
  emptyData,
  envelope,
  interfaceBody,
  interfaceCallResult,
  interfaceIdParams,
  interfaceQuery,
  interfaceRow,
  interfaceTestBody,
  pageResult,
  dataPermissions,
} from '@app/contracts';
import { ok } from '../../core/envelope.js';
import { authOf } from '../../core/auth/plugin.js';
import type { InterfaceService } from './interface.service.js';

/** Every call needs an interface button: stored headers often hold credentials of the remote service. */
export function interfaceRoutes(app: FastifyInstance, service: InterfaceService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['System: interfaces'];

  r.get('/interface', {
    config: { permission: dataPermissions.interfaceList },
    schema: { tags, summary: 'All interfaces of the tenant, by code', response: { 200: envelope(z.array(interfaceRow)) } },
    handler: async (request) => ok(request, await service.list(authOf(request)), 'common.fetched'),
  });

  r.get('/interface/page', {
    config: { permission: dataPermissions.interfaceList },
    schema: {
      tags,
      summary: 'Interfaces, paged; keyword on code, name or URL',
      querystring: interfaceQuery,
      response: { 200: envelope(pageResult(interfaceRow)) },
    },
    handler: async (request) => ok(request, await service.page(authOf(request), request.query), 'common.fetched'),
  });

  // The spec writes POST /interface/; both forms are served.
  for (const url of ['/interface', '/interface/']) {
    r.post(url, {
      config: { permission: dataPermissions.interfaceAdd },
      schema: { tags, summary: 'Add an interface (code unique in the tenant)', body: interfaceBody, response: { 200: envelope(createdId) } },
      handler: async (request) => ok(request, { id: await service.create(authOf(request), request.body) }, 'common.added'),
    });
  }

  r.get('/interface/:id', {
    config: { permission: dataPermissions.interfaceList },
    schema: { tags, summary: 'One interface', params: interfaceIdParams, response: { 200: envelope(interfaceRow) } },
    handler: async (request) => ok(request, await service.detail(authOf(request), request.params.id), 'common.fetched'),
  });

  r.put('/interface/:id', {
    config: { permission: dataPermissions.interfaceEdit },
    schema: { tags, summary: 'Edit an interface', params: interfaceIdParams, body: interfaceBody, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await service.update(authOf(request), request.params.id, request.body);
      return ok(request, null, 'common.updated');
    },
  });

  r.delete('/interface/:id', {
    config: { permission: dataPermissions.interfaceDelete },
    schema: { tags, summary: 'Delete an interface', params: interfaceIdParams, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await service.remove(authOf(request), request.params.id);
      return ok(request, null, 'common.deleted');
    },
  });

  r.post('/interface/:id/test', {
    config: { permission: dataPermissions.interfaceTest },
    schema: {
      tags,
      summary: 'Call the interface with these parameters (address guard on every hop, 1 MB answer cap)',
      params: interfaceIdParams,
      body: interfaceTestBody,
      response: { 200: envelope(interfaceCallResult) },
    },
    handler: async (request) => {
      const result = await service.test(authOf(request), request.params.id, request.body.params);
      return ok(request, result, 'interface.called', { status: result.status });
    },
  });
}
