import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  appFunction,
  appFunctionIdParams,
  appFunctionQuery,
  authorizeAppBody,
  authorizeBody,
  authorizeObjectParams,
  dataAuthorizeBody,
  dataAuthorizeRow,
  emptyData,
  envelope,
  grantSet,
  moduleDetail,
  moduleGrantNode,
  moduleIdParams,
  moduleInput,
  moduleItem,
  moduleNode,
  moduleSystem,
  modulesOfTenantParams,
  moduleTreeQuery,
  moduleUrlFree,
  moduleUrlParams,
  moduleUrlQuery,
  menuPermissions,
  tenantPermissions,
} from '@app/contracts';
import { ok } from '../../core/envelope.js';
import { authOf } from '../../core/auth/plugin.js';
import type { ModuleAdminService } from './module-admin.service.js';
import type { GrantAdminService } from './grant.service.js';

/**
 * Menu administration, grants and data permissions. /modules/vue, /modules/other and /modules/common live in the
 * menu feature; static segments (all, current, buttons, fomrs, columns, vue, …) win over /modules/:id in find-my-way.
 */
export function accessRoutes(app: FastifyInstance, modules: ModuleAdminService, grants: GrantAdminService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Menus and authorisation'];

  r.get('/modules', {
    config: { permission: menuPermissions.moduleList },
    schema: {
      tags,
      summary: 'Menu entries as a tree (all states), optionally of one system or matching a keyword',
      querystring: moduleTreeQuery,
      response: { 200: envelope(z.array(moduleNode)) },
    },
    handler: async (request) => ok(request, await modules.tree(authOf(request), request.query), 'common.fetched'),
  });

  r.get('/modules/all', {
    schema: { tags, summary: "Grant tree: the tenant's entries with buttons, columns and forms", response: { 200: envelope(z.array(moduleGrantNode)) } },
    handler: async (request) => ok(request, await modules.grantTree(authOf(request).tenantId), 'common.fetched'),
  });

  r.get('/modules/all/:tenantId', {
    config: { permission: tenantPermissions.tenantList },
    schema: {
      tags,
      summary: "Grant tree limited to one tenant's entries (platform callers only)",
      params: modulesOfTenantParams,
      response: { 200: envelope(z.array(moduleGrantNode)) },
    },
    handler: async (request) => ok(request, await modules.grantTreeOfTenant(authOf(request), request.params.tenantId), 'common.fetched'),
  });

  r.get('/modules/current/authorized', {
    schema: { tags, summary: "The caller's granted ids", response: { 200: envelope(grantSet) } },
    handler: async (request) => ok(request, await grants.current(authOf(request)), 'common.fetched'),
  });

  const itemRoute = (path: string, table: 'module_buttons' | 'module_columns' | 'module_forms', summary: string) =>
    r.get(path, {
      config: { permission: menuPermissions.moduleList },
      schema: { tags, summary, params: moduleIdParams, response: { 200: envelope(z.array(moduleItem)) } },
      handler: async (request) => ok(request, await modules.items(authOf(request), table, request.params.id), 'common.fetched'),
    });
  itemRoute('/modules/buttons/:id', 'module_buttons', 'Buttons of a menu entry');
  itemRoute('/modules/columns/:id', 'module_columns', 'Controlled columns of a menu entry');
  itemRoute('/modules/fomrs/:id', 'module_forms', 'Forms of a menu entry (path spelled as in the spec)');

  r.get('/modules/:id', {
    config: { permission: menuPermissions.moduleList },
    schema: { tags, summary: 'One menu entry with its buttons, columns and forms', params: moduleIdParams, response: { 200: envelope(moduleDetail) } },
    handler: async (request) => ok(request, await modules.detail(authOf(request), request.params.id), 'common.fetched'),
  });

  r.get('/modules/:id/system', {
    schema: { tags, summary: 'The system a menu entry belongs to', params: moduleIdParams, response: { 200: envelope(moduleSystem) } },
    handler: async (request) => ok(request, await modules.system(authOf(request), request.params.id), 'common.fetched'),
  });

  r.get('/modules/:name/validate-url', {
    schema: {
      tags,
      summary: 'Is the URL (URI-encoded in the path) free? id excludes the entry being edited',
      params: moduleUrlParams,
      querystring: moduleUrlQuery,
      response: { 200: envelope(moduleUrlFree) },
    },
    handler: async (request) => ok(request, await modules.urlFree(request.params.name, request.query.id), 'common.fetched'),
  });

  r.post('/modules', {
    config: { permission: menuPermissions.moduleAdd },
    schema: {
      tags,
      summary: 'Add a menu entry with its buttons, columns and forms',
      body: moduleInput,
      response: { 200: envelope(z.object({ F_ModuleId: z.string() })) },
    },
    handler: async (request) => ok(request, { F_ModuleId: await modules.create(authOf(request), request.body) }, 'common.added'),
  });

  r.put('/modules/:id', {
    config: { permission: menuPermissions.moduleEdit },
    schema: {
      tags,
      summary: 'Update a menu entry; the arrays replace its buttons, columns and forms',
      params: moduleIdParams,
      body: moduleInput,
      response: { 200: envelope(emptyData) },
    },
    handler: async (request) => {
      await modules.update(authOf(request), request.params.id, request.body);
      return ok(request, null, 'common.updated');
    },
  });

  r.delete('/modules/:id', {
    config: { permission: menuPermissions.moduleDelete },
    schema: { tags, summary: 'Delete a menu entry without children (its grants go with it)', params: moduleIdParams, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await modules.remove(authOf(request), request.params.id);
      return ok(request, null, 'common.deleted');
    },
  });

  r.get('/authorizes/:objectType/:objectId', {
    schema: {
      tags,
      summary: 'Grants of a role (1) or user (2); needs the role / user authorise button',
      params: authorizeObjectParams,
      response: { 200: envelope(grantSet) },
    },
    handler: async (request) => ok(request, await grants.of(authOf(request), request.params.objectType, request.params.objectId), 'common.fetched'),
  });

  r.post('/authorizes', {
    schema: {
      tags,
      summary: 'Replace the menu, button, column and form grants of a role or user',
      body: authorizeBody,
      response: { 200: envelope(emptyData) },
    },
    handler: async (request) => {
      await grants.save(authOf(request), request.body.objectType, request.body.objectId, request.body.itemJson);
      return ok(request, null, 'access.granted');
    },
  });

  r.post('/authorizes/app', {
    schema: { tags, summary: 'Replace the app-function grants of a role or user', body: authorizeAppBody, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await grants.saveApp(authOf(request), request.body.objectType, request.body.objectId, request.body.itemJson);
      return ok(request, null, 'access.granted');
    },
  });

  r.get('/app-func', {
    schema: { tags, summary: 'Enabled app functions (for the grant dialog)', querystring: appFunctionQuery, response: { 200: envelope(z.array(appFunction)) } },
    handler: async (request) => ok(request, await grants.appFunctions(request.query.keyword), 'common.fetched'),
  });

  r.get('/app-func/:id', {
    schema: { tags, summary: 'One app function', params: appFunctionIdParams, response: { 200: envelope(appFunction) } },
    handler: async (request) => ok(request, await grants.appFunction(request.params.id), 'common.fetched'),
  });

  r.get('/data-authorize/:objectType/:objectId/menu', {
    schema: {
      tags,
      summary: 'Data scope of a role or user per menu entry',
      params: authorizeObjectParams,
      response: { 200: envelope(z.array(dataAuthorizeRow)) },
    },
    handler: async (request) => ok(request, await grants.dataAuthorizes(authOf(request), request.params.objectType, request.params.objectId), 'common.fetched'),
  });

  r.put('/data-authorize/', {
    schema: { tags, summary: 'Replace the data permissions of a role or user', body: dataAuthorizeBody, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await grants.saveDataAuthorizes(authOf(request), request.body);
      return ok(request, null, 'common.updated');
    },
  });
}
