import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emptyData, envelope, headIconBody, idParams, profileBody, updatePasswordBody, userInfo } from '@app/contracts';
import { ok } from '../../core/envelope.js';
import { authOf } from '../../core/auth/plugin.js';
import type { AccountService } from './account.service.js';

export function accountRoutes(app: FastifyInstance, service: AccountService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Current user'];

  r.get('/user/getUserInfo', {
    schema: { tags, summary: 'The signed-in user', response: { 200: envelope(userInfo) } },
    handler: async (request) => {
      const auth = authOf(request);
      return ok(request, await service.info.load(auth.tenantId, auth.userId), 'common.fetched');
    },
  });

  // The original client posts this one form-encoded, with no fields that matter.
  r.post('/user_/getCurUserInfo', {
    schema: {
      tags,
      summary: 'The signed-in user (form-encoded call)',
      body: z.record(z.string(), z.unknown()).optional(),
      response: { 200: envelope(userInfo) },
    },
    handler: async (request) => {
      const auth = authOf(request);
      return ok(request, await service.info.load(auth.tenantId, auth.userId), 'common.fetched');
    },
  });

  r.put('/users/:id/updatePassword', {
    schema: {
      tags,
      summary: 'Change own password (old password required; other sessions end)',
      params: idParams,
      body: updatePasswordBody,
      response: { 200: envelope(emptyData) },
    },
    handler: async (request) => {
      await service.updatePassword(authOf(request), request.params.id, request.body);
      return ok(request, null, 'auth.passwordChanged');
    },
  });

  r.get('/users/:id/head-icon', {
    schema: {
      tags,
      summary: 'Head icon as a data URL, or null (the web shows a fallback)',
      params: idParams,
      response: { 200: envelope(z.string().nullable()) },
    },
    handler: async (request) => ok(request, await service.headIcon(authOf(request), request.params.id), 'common.fetched'),
  });

  r.put('/users/:id/head-icon', {
    schema: { tags, summary: 'Set own head icon', params: idParams, body: headIconBody, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await service.updateHeadIcon(authOf(request), request.params.id, request.body.F_HeadIcon);
      return ok(request, null, 'common.updated');
    },
  });

  r.put('/users/:id/profile', {
    schema: { tags, summary: 'Update own profile', params: idParams, body: profileBody, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await service.updateProfile(authOf(request), request.params.id, request.body);
      return ok(request, null, 'common.updated');
    },
  });
}
