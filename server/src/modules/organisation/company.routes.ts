import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  companyBody,
  companyDetail,
  companyNode,
  createdId,
  departmentNode,
  emptyData,
  envelope,
  memberQuery,
  orgIdParams,
  orgNode,
  pageResult,
  userBrief,
  organisationPermissions,
} from '@app/contracts';
import { ok } from '../../core/envelope.js';
import { authOf } from '../../core/auth/plugin.js';
import type { CompanyService } from './company.service.js';

export function companyRoutes(app: FastifyInstance, service: CompanyService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Organisation: companies'];

  r.get('/companies/tree', {
    schema: { tags, summary: 'Company tree of the tenant (pickers: signed-in only)', response: { 200: envelope(z.array(companyNode)) } },
    handler: async (request) => ok(request, await service.tree(authOf(request)), 'common.fetched'),
  });

  r.get('/companies/departments/tree', {
    schema: { tags, summary: 'Companies with their department trees (pickers)', response: { 200: envelope(z.array(orgNode)) } },
    handler: async (request) => ok(request, await service.orgTree(authOf(request), false), 'common.fetched'),
  });

  r.get('/companies/departments/users/tree', {
    schema: { tags, summary: 'Companies, departments and the users of each department (small tenants)', response: { 200: envelope(z.array(orgNode)) } },
    handler: async (request) => ok(request, await service.orgTree(authOf(request), true), 'common.fetched'),
  });

  r.get('/companies/:id/departments/tree', {
    schema: { tags, summary: 'Department tree of one company (pickers)', params: orgIdParams, response: { 200: envelope(z.array(departmentNode)) } },
    handler: async (request) => ok(request, await service.departmentTree(authOf(request), request.params.id), 'common.fetched'),
  });

  r.get('/companies/:id/users', {
    schema: {
      tags,
      summary: 'Users of one company, paged; keyword exact on account or real name (pickers)',
      params: orgIdParams,
      querystring: memberQuery,
      response: { 200: envelope(pageResult(userBrief)) },
    },
    handler: async (request) => ok(request, await service.users(authOf(request), request.params.id, request.query), 'common.fetched'),
  });

  for (const url of ['/companies', '/companies/']) {
    r.post(url, {
      config: { permission: organisationPermissions.companyAdd },
      schema: { tags, summary: 'Add a company', body: companyBody, response: { 200: envelope(createdId) } },
      handler: async (request) => ok(request, { id: await service.create(authOf(request), request.body) }, 'common.added'),
    });
  }

  r.get('/companies/:id', {
    config: { permission: organisationPermissions.companyList },
    schema: { tags, summary: 'One company', params: orgIdParams, response: { 200: envelope(companyDetail) } },
    handler: async (request) => ok(request, await service.detail(authOf(request), request.params.id), 'common.fetched'),
  });

  r.put('/companies/:id', {
    config: { permission: organisationPermissions.companyEdit },
    schema: {
      tags,
      summary: 'Update a company (cannot move under itself or a sub-company)',
      params: orgIdParams,
      body: companyBody,
      response: { 200: envelope(emptyData) },
    },
    handler: async (request) => {
      await service.update(authOf(request), request.params.id, request.body);
      return ok(request, null, 'common.updated');
    },
  });

  r.delete('/companies/:id', {
    config: { permission: organisationPermissions.companyDelete },
    schema: {
      tags,
      summary: 'Delete a company without sub-companies, departments, users or posts',
      params: orgIdParams,
      response: { 200: envelope(emptyData) },
    },
    handler: async (request) => {
      await service.delete(authOf(request), request.params.id);
      return ok(request, null, 'common.deleted');
    },
  });
}
