import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataRelationBody,
  dataRelationFormParams,
  dataRelationIdParams,
  dataRelationPageQuery,
  dataRelationRow,
  emptyData,
  envelope,
  pageResult,
  formRelationPermissions,
} from '@app/contracts';
import { authOf } from '../../core/auth/plugin.js';
import { ok } from '../../core/envelope.js';
import { DataRelationService } from './data-relation.service.js';
import type { RelationServices } from './index.js';

/** GET /data-relation, GET /data-relation/form/{formId}, PUT and DELETE /data-relation/{id}. */
export function dataRelationRoutes(app: FastifyInstance, services: RelationServices): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const relations = new DataRelationService(services.schemes);
  const tags = ['Forms: data relations'];

  r.get('/data-relation', {
    config: { permission: formRelationPermissions.dataRelationList },
    schema: {
      tags,
      summary: 'Data relations, paged; keyword on name, description, form name',
      querystring: dataRelationPageQuery,
      response: { 200: envelope(pageResult(dataRelationRow)) },
    },
    handler: async (request) => ok(request, await relations.page(authOf(request), request.query), 'common.fetched'),
  });

  r.get('/data-relation/form/:formId', {
    schema: {
      tags,
      summary: 'The enabled data relations of a form the caller may use (renderer cascades)',
      params: dataRelationFormParams,
      response: { 200: envelope(z.array(dataRelationRow)) },
    },
    handler: async (request) => ok(request, await relations.ofForm(authOf(request), request.params.formId), 'common.fetched'),
  });

  r.put('/data-relation/:id', {
    config: { permission: formRelationPermissions.dataRelationEdit },
    schema: {
      tags,
      summary: 'Create (an id chosen by the client) or update a data relation',
      params: dataRelationIdParams,
      body: dataRelationBody,
      response: { 200: envelope(emptyData) },
    },
    handler: async (request) => {
      await relations.save(authOf(request), request.params.id, request.body);
      return ok(request, null, 'forms.saved');
    },
  });

  r.delete('/data-relation/:id', {
    config: { permission: formRelationPermissions.dataRelationDelete },
    schema: { tags, summary: 'Delete a data relation', params: dataRelationIdParams, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await relations.remove(authOf(request), request.params.id);
      return ok(request, null, 'common.deleted');
    },
  });
}
