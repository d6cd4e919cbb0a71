import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  dataConditionList,
  emptyData,
  envelope,
  formRelationBody,
  formRelationDetail,
  formRelationIdParams,
  formRelationPageQuery,
  formRelationRow,
  formRelationSaved,
  pageResult,
  publishedPageInfo,
  formRelationPermissions,
} from '@app/contracts';
import { authOf } from '../../core/auth/plugin.js';
import { ok } from '../../core/envelope.js';
import { FormRelationService } from './form-relation.service.js';
import type { RelationServices } from './index.js';

/**
 * GET/POST /form-relation, PUT/DELETE /form-relation/{id}, GET /form-relation/{id} (detail),
 * GET /form-relation/{id}/page-info, GET and PUT /data-condition/{id} (docs/form-publishing-design.md).
 */
export function formRelationRoutes(app: FastifyInstance, services: RelationServices): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const relations = new FormRelationService(services);
  const tags = ['Forms: form relations'];
  const params = formRelationIdParams;

  r.get('/form-relation', {
    config: { permission: formRelationPermissions.formRelationList },
    schema: {
      tags,
      summary: 'Published forms, paged; keyword on name, description, form name',
      querystring: formRelationPageQuery,
      response: { 200: envelope(pageResult(formRelationRow)) },
    },
    handler: async (request) => ok(request, await relations.page(authOf(request), request.query), 'common.fetched'),
  });

  r.get('/form-relation/:id', {
    config: { permission: formRelationPermissions.formRelationList },
    schema: { tags, summary: 'A published form with its list setting', params, response: { 200: envelope(formRelationDetail) } },
    handler: async (request) => ok(request, await relations.detail(authOf(request), request.params.id), 'common.fetched'),
  });

  r.post('/form-relation', {
    config: { permission: formRelationPermissions.formRelationAdd },
    schema: {
      tags,
      summary: "Publish a form as a menu page (entry, buttons, columns granted to the publisher's roles; indexes made)",
      body: formRelationBody,
      response: { 200: envelope(formRelationSaved) },
    },
    handler: async (request) => ok(request, await relations.create(authOf(request), request.body), 'formRelation.published'),
  });

  r.put('/form-relation/:id', {
    config: { permission: formRelationPermissions.formRelationEdit },
    schema: {
      tags,
      summary: 'Change a published form (menu entry, buttons and columns kept in step)',
      params,
      body: formRelationBody,
      response: { 200: envelope(formRelationSaved) },
    },
    handler: async (request) => ok(request, await relations.update(authOf(request), request.params.id, request.body), 'common.updated'),
  });

  r.delete('/form-relation/:id', {
    config: { permission: formRelationPermissions.formRelationDelete },
    schema: { tags, summary: 'Delete a published form with its menu entry, buttons, columns and their grants', params, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await relations.remove(authOf(request), request.params.id);
      return ok(request, null, 'common.deleted');
    },
  });

  r.get('/form-relation/:id/page-info', {
    schema: {
      tags,
      summary: "The published page: form and setting cut to the caller's grants (404 unless the menu entry is granted)",
      params,
      response: { 200: envelope(publishedPageInfo) },
    },
    handler: async (request) => ok(request, await relations.pageInfo(authOf(request), request.params.id), 'common.fetched'),
  });

  r.get('/data-condition/:id', {
    schema: {
      tags,
      summary: 'Data conditions of a published form (forms.relation.list, or the page granted)',
      params,
      response: { 200: envelope(dataConditionList) },
    },
    handler: async (request) => ok(request, await relations.conditions(authOf(request), request.params.id), 'common.fetched'),
  });

  r.put('/data-condition/:id', {
    config: { permission: formRelationPermissions.formRelationEdit },
    schema: { tags, summary: "Replace a published form's data conditions", params, body: dataConditionList, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await relations.saveConditions(authOf(request), request.params.id, request.body);
      return ok(request, null, 'common.updated');
    },
  });
}
