import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  emptyData,
  envelope,
  pageResult,
  stampBody,
  stampIdParams,
  stampImgQuery,
  stampManagerBody,
  stampQuery,
  stampRow,
  stampUsers,
  stampUsersBody,
} from '@app/contracts';
import { ok } from '../../core/envelope.js';
import { authOf } from '../../core/auth/plugin.js';
import type { StampService } from './stamp.service.js';

/** A 5 MB signature as a base64 data URL is about 6.7 MB of JSON. */
const STAMP_BODY_LIMIT = 8 * 1024 * 1024;

/**
 * Stamps (administration.md Stamps). Every call is open to signed-in users; the service decides per stamp
 * (management buttons, or manager / maintainer of that stamp). See docs/workflow-design.md "Stamps and delegation".
 */
export function stampRoutes(app: FastifyInstance, service: StampService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Stamps'];

  r.get('/stamps', {
    schema: {
      tags,
      summary: 'Stamps: every one with the list button, else the ones the caller may use or maintain (EnabledMark=1: may use)',
      querystring: stampQuery,
      response: { 200: envelope(pageResult(stampRow)) },
    },
    handler: async (request) => ok(request, await service.page(authOf(request), request.query), 'common.fetched'),
  });

  r.get('/stamps/stamp-img', {
    schema: { tags, summary: 'The image address of a stamp the caller may use', querystring: stampImgQuery, response: { 200: envelope(z.string()) } },
    handler: async (request) => ok(request, await service.image(authOf(request), request.query.id), 'common.fetched'),
  });

  r.post('/stamps', {
    bodyLimit: STAMP_BODY_LIMIT,
    schema: {
      tags,
      summary: 'Add a stamp (any user: a personal one); the caller becomes its member and manager',
      body: stampBody,
      response: { 200: envelope(z.object({ F_StampId: z.string() })) },
    },
    handler: async (request) => ok(request, { F_StampId: await service.add(authOf(request), request.body) }, 'common.added'),
  });

  r.patch('/stamps/set-manager', {
    schema: { tags, summary: 'Set the managers of a stamp (the member button or a manager)', body: stampManagerBody, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await service.setUsers(authOf(request), request.body.stampId, 'manager', request.body.userIds);
      return ok(request, null, 'stamp.managersSaved');
    },
  });

  r.put('/stamps/:id', {
    bodyLimit: STAMP_BODY_LIMIT,
    schema: {
      tags,
      summary: 'Edit a stamp; an empty F_Password keeps the old one',
      params: stampIdParams,
      body: stampBody,
      response: { 200: envelope(emptyData) },
    },
    handler: async (request) => {
      await service.update(authOf(request), request.params.id, request.body);
      return ok(request, null, 'common.updated');
    },
  });

  r.delete('/stamps/:id', {
    schema: { tags, summary: 'Delete a stamp (the delete button or a manager)', params: stampIdParams, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await service.remove(authOf(request), request.params.id);
      return ok(request, null, 'common.deleted');
    },
  });

  for (const [path, enabled] of [
    ['enable', true],
    ['not-enabled', false],
  ] as const) {
    r.patch(`/stamps/:id/${path}`, {
      schema: { tags, summary: enabled ? 'Enable a stamp' : 'Disable a stamp', params: stampIdParams, response: { 200: envelope(emptyData) } },
      handler: async (request) => {
        await service.setEnabled(authOf(request), request.params.id, enabled);
        return ok(request, null, enabled ? 'stamp.enabled' : 'stamp.disabled');
      },
    });
  }

  r.patch('/stamps/:id/set-default', {
    schema: { tags, summary: "Make it the tenant's only default stamp", params: stampIdParams, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await service.setDefault(authOf(request), request.params.id);
      return ok(request, null, 'stamp.defaultSet');
    },
  });

  // Ours: the managers' read, so the managers dialog starts from the current ones (PATCH set-manager replaces them).
  r.get('/stamps/:id/manager', {
    schema: { tags, summary: 'Who manages the stamp', params: stampIdParams, response: { 200: envelope(stampUsers) } },
    handler: async (request) => ok(request, await service.users(authOf(request), request.params.id, 'manager'), 'common.fetched'),
  });
  for (const [path, kind, saved] of [
    ['member', 'member', 'stamp.membersSaved'],
    ['maintain', 'maintainer', 'stamp.maintainersSaved'],
  ] as const) {
    r.get(`/stamps/:id/${path}`, {
      schema: {
        tags,
        summary: kind === 'member' ? 'Who may use the stamp' : 'Who may maintain the stamp',
        params: stampIdParams,
        response: { 200: envelope(stampUsers) },
      },
      handler: async (request) => ok(request, await service.users(authOf(request), request.params.id, kind), 'common.fetched'),
    });
    r.put(`/stamps/:id/${path}`, {
      schema: {
        tags,
        summary: kind === 'member' ? 'Set who may use the stamp' : 'Set who may maintain the stamp',
        params: stampIdParams,
        body: stampUsersBody,
        response: { 200: envelope(emptyData) },
      },
      handler: async (request) => {
        await service.setUsers(authOf(request), request.params.id, kind, request.body.userIds);
        return ok(request, null, saved);
      },
    });
  }
}
