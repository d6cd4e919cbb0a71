import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  emptyData,
  envelope,
  pageResult,
  tenantCreateBody,
  tenantIdParams,
  tenantQuery,
  tenantRow,
  tenantStatusParams,
  tenantUpdateBody,
  tenantUserCreateBody,
  tenantUserExistsBody,
  tenantUserIdParams,
  tenantUserRow,
  tenantUsersQuery,
  tenantUserStatusBody,
  tenantPermissions,
} from '@app/contracts';
import { ok } from '../../core/envelope.js';
import { authOf } from '../../core/auth/plugin.js';
import type { TenantService } from './tenant.service.js';

/** Tenants: platform (default-tenant) callers with the system.tenant.* buttons only; others get 403. */
export function tenantRoutes(app: FastifyInstance, service: TenantService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Tenants'];

  r.get('/tenant', {
    config: { permission: tenantPermissions.tenantList },
    schema: { tags, summary: 'Tenants, paged (keyword: prefix of code or name)', querystring: tenantQuery, response: { 200: envelope(pageResult(tenantRow)) } },
    handler: async (request) => ok(request, await service.page(authOf(request), request.query), 'common.fetched'),
  });

  r.post('/tenant', {
    config: { permission: tenantPermissions.tenantAdd },
    schema: {
      tags,
      summary: 'Create a tenant with its root company, admin role and administrator',
      body: tenantCreateBody,
      response: { 200: envelope(z.object({ F_TenantId: z.string() })) },
    },
    handler: async (request) => ok(request, { F_TenantId: await service.create(authOf(request), request.body) }, 'common.added'),
  });

  r.put('/tenant/:id', {
    config: { permission: tenantPermissions.tenantEdit },
    schema: { tags, summary: 'Update a tenant and its menu entries', params: tenantIdParams, body: tenantUpdateBody, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await service.update(authOf(request), request.params.id, request.body);
      return ok(request, null, 'common.updated');
    },
  });

  r.delete('/tenant/:id', {
    config: { permission: tenantPermissions.tenantDelete },
    schema: {
      tags,
      summary: 'Delete a tenant and everything it owns (not the default tenant)',
      params: tenantIdParams,
      response: { 200: envelope(emptyData) },
    },
    handler: async (request) => {
      await service.remove(authOf(request), request.params.id);
      return ok(request, null, 'common.deleted');
    },
  });

  r.patch('/tenant/:id/:status', {
    config: { permission: tenantPermissions.tenantStatus },
    schema: {
      tags,
      summary: "Enable (1) or disable (0) a tenant; its users' next calls answer 10401",
      params: tenantStatusParams,
      response: { 200: envelope(emptyData) },
    },
    handler: async (request) => {
      await service.setStatus(authOf(request), request.params.id, request.params.status);
      return ok(request, null, 'common.updated');
    },
  });

  r.post('/tenant/user-isexit', {
    config: { permission: tenantPermissions.tenantUsers },
    schema: {
      tags,
      summary: 'Does the account exist in the tenant (default tenant when absent)?',
      body: tenantUserExistsBody,
      response: { 200: envelope(z.boolean()) },
    },
    handler: async (request) => ok(request, await service.accountExists(authOf(request), request.body.F_TenantId, request.body.account), 'common.fetched'),
  });

  r.get('/tenant/:id/users', {
    config: { permission: tenantPermissions.tenantUsers },
    schema: {
      tags,
      summary: 'Users of a tenant, paged',
      params: tenantIdParams,
      querystring: tenantUsersQuery,
      response: { 200: envelope(pageResult(tenantUserRow)) },
    },
    handler: async (request) => ok(request, await service.users(authOf(request), request.params.id, request.query), 'common.fetched'),
  });

  r.post('/tenant/user', {
    config: { permission: tenantPermissions.tenantUsers },
    schema: { tags, summary: 'Add an account to a tenant', body: tenantUserCreateBody, response: { 200: envelope(z.object({ F_UserId: z.string() })) } },
    handler: async (request) => ok(request, { F_UserId: await service.addUser(authOf(request), request.body) }, 'common.added'),
  });

  r.patch('/tenant/user/:id', {
    config: { permission: tenantPermissions.tenantUsers },
    schema: {
      tags,
      summary: "Enable or disable a tenant's user (disabling revokes their sessions)",
      params: tenantUserIdParams,
      body: tenantUserStatusBody,
      response: { 200: envelope(emptyData) },
    },
    handler: async (request) => {
      await service.setUserEnabled(authOf(request), request.params.id, request.body.F_EnabledMark === 1);
      return ok(request, null, 'common.updated');
    },
  });

  r.delete('/tenant/user/:id', {
    config: { permission: tenantPermissions.tenantUsers },
    schema: { tags, summary: "Delete a tenant's user", params: tenantUserIdParams, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await service.removeUser(authOf(request), request.params.id);
      return ok(request, null, 'common.deleted');
    },
  });
}
