import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createdId,
  effectivePermission,
  emptyData,
  envelope,
  forgetPasswordBody,
  maintenanceUserRow,
  memberQuery,
  orgIdParams,
  pageResult,
  userBrief,
  userCreateBody,
  userDetail,
  userEnabledBody,
  userMultiParams,
  userPageQuery,
  userResetPasswordBody,
  userRow,
  userUpdateBody,
  organisationPermissions,
} from '@app/contracts';
import { ok } from '../../core/envelope.js';
import { authOf } from '../../core/auth/plugin.js';
import { AppError } from '../../core/errors.js';
import type { UserService } from './user.service.js';

export function userRoutes(app: FastifyInstance, service: UserService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Organisation: users'];

  r.get('/users/page', {
    config: { permission: organisationPermissions.userList },
    schema: {
      tags,
      summary: "User list within the caller's data scope; keyword a prefix of account or name, or an exact mobile; F_Mobile / F_Email only when granted",
      querystring: userPageQuery,
      response: { 200: envelope(pageResult(userRow)) },
    },
    handler: async (request) => ok(request, await service.page(authOf(request), request.query), 'common.fetched'),
  });

  r.get('/users/maintenance_user', {
    config: { permission: organisationPermissions.userList },
    schema: {
      tags,
      summary: 'Users who maintain at least one department, paged',
      querystring: memberQuery,
      response: { 200: envelope(pageResult(maintenanceUserRow)) },
    },
    handler: async (request) => ok(request, await service.maintainers(authOf(request), request.query), 'common.fetched'),
  });

  r.get('/users/multi/*', {
    schema: {
      tags,
      summary: 'Users by id (comma-separated, at most 200), in the order asked (pickers)',
      params: userMultiParams,
      response: { 200: envelope(z.array(userBrief)) },
    },
    handler: async (request) => ok(request, await service.multi(authOf(request), request.params['*']), 'common.fetched'),
  });

  r.post('/users', {
    config: { permission: organisationPermissions.userAdd },
    schema: {
      tags,
      summary: 'Add a user (account unique in the tenant, case-insensitive; password md5 hex)',
      body: userCreateBody,
      response: { 200: envelope(createdId) },
    },
    handler: async (request) => ok(request, { id: await service.create(authOf(request), request.body) }, 'common.added'),
  });

  r.post('/users/forget-password', {
    schema: {
      tags,
      summary: 'Not supported: answers 400 asking the user to contact the administrator',
      body: forgetPasswordBody,
      response: { 200: envelope(emptyData) },
    },
    handler: async () => {
      throw new AppError('organisation.forgetPasswordUnsupported');
    },
  });

  r.get('/users/:id', {
    config: { permission: organisationPermissions.userList },
    schema: { tags, summary: 'One user (same column permissions as the list)', params: orgIdParams, response: { 200: envelope(userDetail) } },
    handler: async (request) => ok(request, await service.detail(authOf(request), request.params.id), 'common.fetched'),
  });

  r.put('/users/:id', {
    config: { permission: organisationPermissions.userEdit },
    schema: {
      tags,
      summary: 'Update a user; absent F_Mobile / F_Email / id lists are kept',
      params: orgIdParams,
      body: userUpdateBody,
      response: { 200: envelope(emptyData) },
    },
    handler: async (request) => {
      await service.update(authOf(request), request.params.id, request.body);
      return ok(request, null, 'common.updated');
    },
  });

  r.delete('/users/:id', {
    config: { permission: organisationPermissions.userDelete },
    schema: { tags, summary: 'Delete a user (not yourself); their sessions end', params: orgIdParams, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await service.delete(authOf(request), request.params.id);
      return ok(request, null, 'common.deleted');
    },
  });

  r.patch('/users/:id/enabled', {
    config: { permission: organisationPermissions.userEnable },
    schema: {
      tags,
      summary: 'Enable (1) or disable (0) a user; disabling ends their sessions at once',
      params: orgIdParams,
      body: userEnabledBody,
      response: { 200: envelope(emptyData) },
    },
    handler: async (request) => {
      await service.setEnabled(authOf(request), request.params.id, request.body.F_EnabledMark === 1);
      return ok(request, null, 'common.updated');
    },
  });

  r.patch('/users/:id/password', {
    config: { permission: organisationPermissions.userResetPassword },
    schema: {
      tags,
      summary: "Reset a user's password (md5 hex); their sessions end",
      params: orgIdParams,
      body: userResetPasswordBody,
      response: { 200: envelope(emptyData) },
    },
    handler: async (request) => {
      await service.resetPassword(authOf(request), request.params.id, request.body.newPassword);
      return ok(request, null, 'common.updated');
    },
  });

  r.get('/users/:id/permission', {
    config: { permission: organisationPermissions.userPermission },
    schema: {
      tags,
      summary: "The user's effective menus with buttons, columns and forms (roles + own grants)",
      params: orgIdParams,
      response: { 200: envelope(effectivePermission) },
    },
    handler: async (request) => ok(request, await service.permission(authOf(request), request.params.id), 'common.fetched'),
  });
}
