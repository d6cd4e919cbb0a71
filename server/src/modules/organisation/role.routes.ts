import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createdId,
  effectivePermission,
  emptyData,
  envelope,
  orgIdParams,
  pageResult,
  roleBody,
  roleBrief,
  roleListQuery,
  rolePageQuery,
  roleRow,
  roleUsersBody,
  userBrief,
  organisationPermissions,
} from '@app/contracts';
import { ok } from '../../core/envelope.js';
import { authOf } from '../../core/auth/plugin.js';
import type { RoleService } from './role.service.js';

export function roleRoutes(app: FastifyInstance, service: RoleService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Organisation: roles'];

  r.get('/roles/page', {
    config: { permission: organisationPermissions.roleList },
    schema: {
      tags,
      summary: 'Role list, paged; keyword a prefix of name or code; enabled 1|0',
      querystring: rolePageQuery,
      response: { 200: envelope(pageResult(roleRow)) },
    },
    handler: async (request) => ok(request, await service.page(authOf(request), request.query), 'common.fetched'),
  });

  r.get('/roles', {
    schema: {
      tags,
      summary: 'Roles for the role picker; keyword exact on the name (signed-in only)',
      querystring: roleListQuery,
      response: { 200: envelope(z.array(roleBrief)) },
    },
    handler: async (request) => ok(request, await service.list(authOf(request), request.query.keyword), 'common.fetched'),
  });

  r.post('/roles', {
    config: { permission: organisationPermissions.roleAdd },
    schema: { tags, summary: 'Add a role (code unique in the tenant)', body: roleBody, response: { 200: envelope(createdId) } },
    handler: async (request) => ok(request, { id: await service.create(authOf(request), request.body) }, 'common.added'),
  });

  r.post('/roles/users', {
    config: { permission: organisationPermissions.roleUsers },
    schema: { tags, summary: "Set a role's members (replaces them)", body: roleUsersBody, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await service.setMembers(authOf(request), request.body.F_RoleId, request.body.userIds);
      return ok(request, null, 'common.updated');
    },
  });

  r.get('/roles/:id', {
    config: { permission: organisationPermissions.roleList },
    schema: { tags, summary: 'One role', params: orgIdParams, response: { 200: envelope(roleRow) } },
    handler: async (request) => ok(request, await service.detail(authOf(request), request.params.id), 'common.fetched'),
  });

  r.put('/roles/:id', {
    config: { permission: organisationPermissions.roleEdit },
    schema: {
      tags,
      summary: "Update a role (the tenant's admin role keeps its code and stays enabled)",
      params: orgIdParams,
      body: roleBody,
      response: { 200: envelope(emptyData) },
    },
    handler: async (request) => {
      await service.update(authOf(request), request.params.id, request.body);
      return ok(request, null, 'common.updated');
    },
  });

  r.delete('/roles/:id', {
    config: { permission: organisationPermissions.roleDelete },
    schema: {
      tags,
      summary: 'Delete a role nobody holds (never the admin role); its grants go with it',
      params: orgIdParams,
      response: { 200: envelope(emptyData) },
    },
    handler: async (request) => {
      await service.delete(authOf(request), request.params.id);
      return ok(request, null, 'common.deleted');
    },
  });

  r.get('/roles/:id/users', {
    config: { permission: organisationPermissions.roleUsers },
    schema: { tags, summary: 'Members of a role', params: orgIdParams, response: { 200: envelope(z.array(userBrief)) } },
    handler: async (request) => ok(request, await service.members(authOf(request), request.params.id), 'common.fetched'),
  });

  r.get('/roles/:id/permission', {
    config: { permission: organisationPermissions.roleList },
    schema: {
      tags,
      summary: "The role's granted menus with their buttons, columns and forms",
      params: orgIdParams,
      response: { 200: envelope(effectivePermission) },
    },
    handler: async (request) => ok(request, await service.permission(authOf(request), request.params.id), 'common.fetched'),
  });
}
