import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createdId,
  departmentBody,
  departmentDetail,
  departmentUsersBody,
  emptyData,
  envelope,
  memberQuery,
  orgIdParams,
  pageResult,
  userBrief,
  userIdsBody,
  organisationPermissions,
} from '@app/contracts';
import { ok } from '../../core/envelope.js';
import { authOf } from '../../core/auth/plugin.js';
import type { DepartmentService } from './department.service.js';

export function departmentRoutes(app: FastifyInstance, service: DepartmentService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Organisation: departments'];

  for (const url of ['/departments', '/departments/']) {
    r.post(url, {
      config: { permission: organisationPermissions.departmentAdd },
      schema: { tags, summary: 'Add a department (parent in the same company, or 0)', body: departmentBody, response: { 200: envelope(createdId) } },
      handler: async (request) => ok(request, { id: await service.create(authOf(request), request.body) }, 'common.added'),
    });
  }

  r.post('/departments/users', {
    config: { permission: organisationPermissions.departmentEdit },
    schema: { tags, summary: "Set a department's members (replaces them)", body: departmentUsersBody, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await service.setMembers(authOf(request), request.body.F_DepartmentId, request.body.userIds);
      return ok(request, null, 'common.updated');
    },
  });

  r.get('/departments/:id', {
    config: { permission: organisationPermissions.departmentList },
    schema: { tags, summary: 'One department', params: orgIdParams, response: { 200: envelope(departmentDetail) } },
    handler: async (request) => ok(request, await service.detail(authOf(request), request.params.id), 'common.fetched'),
  });

  r.put('/departments/:id', {
    config: { permission: organisationPermissions.departmentEdit },
    schema: {
      tags,
      summary: 'Update a department (cannot move under itself or a sub-department)',
      params: orgIdParams,
      body: departmentBody,
      response: { 200: envelope(emptyData) },
    },
    handler: async (request) => {
      await service.update(authOf(request), request.params.id, request.body);
      return ok(request, null, 'common.updated');
    },
  });

  r.delete('/departments/:id', {
    config: { permission: organisationPermissions.departmentDelete },
    schema: { tags, summary: 'Delete a department without sub-departments, users or posts', params: orgIdParams, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await service.delete(authOf(request), request.params.id);
      return ok(request, null, 'common.deleted');
    },
  });

  r.get('/departments/:id/users', {
    schema: {
      tags,
      summary: 'Members of a department, paged; keyword exact on account or real name (pickers)',
      params: orgIdParams,
      querystring: memberQuery,
      response: { 200: envelope(pageResult(userBrief)) },
    },
    handler: async (request) => ok(request, await service.members(authOf(request), request.params.id, request.query), 'common.fetched'),
  });

  r.get('/departments/:id/maintenance-users', {
    config: { permission: organisationPermissions.departmentMaintainers },
    schema: { tags, summary: 'Maintainers of a department', params: orgIdParams, response: { 200: envelope(z.array(userBrief)) } },
    handler: async (request) => ok(request, await service.maintainers(authOf(request), request.params.id), 'common.fetched'),
  });

  r.put('/departments/:id/maintenance-users', {
    config: { permission: organisationPermissions.departmentMaintainers },
    schema: {
      tags,
      summary: 'Set the maintainers of a department (replaces them)',
      params: orgIdParams,
      body: userIdsBody,
      response: { 200: envelope(emptyData) },
    },
    handler: async (request) => {
      await service.setMaintainers(authOf(request), request.params.id, request.body.userIds);
      return ok(request, null, 'common.updated');
    },
  });
}
