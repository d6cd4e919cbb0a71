import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createdId,
  emptyData,
  envelope,
  languageIdParams,
  languageType,
  languageTypeBody,
  languageTypePatchBody,
  lpMapObject,
  lpMapObjectBody,
  lpMapPatchBody,
  lpMapQuery,
  pageResult,
  languagePermissions,
} from '@app/contracts';
import { ok } from '../../core/envelope.js';
import { authOf } from '../../core/auth/plugin.js';
import type { LanguageService } from './language.service.js';

/** Language types (read by every signed-in user: the language switch) and translation mappings. */
export function languageRoutes(app: FastifyInstance, service: LanguageService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['System: languages'];

  r.get('/lg-type', {
    schema: { tags, summary: 'Language types (main language first by sort)', response: { 200: envelope(z.array(languageType)) } },
    handler: async (request) => ok(request, await service.types(authOf(request)), 'common.fetched'),
  });

  r.post('/lg-type', {
    config: { permission: languagePermissions.languageAdd },
    schema: { tags, summary: 'Add a language type (code unique per tenant)', body: languageTypeBody, response: { 200: envelope(createdId) } },
    handler: async (request) => ok(request, { id: await service.createType(authOf(request), request.body) }, 'common.added'),
  });

  r.put('/lg-type/:id', {
    config: { permission: languagePermissions.languageEdit },
    schema: { tags, summary: 'Update a language type', params: languageIdParams, body: languageTypeBody, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await service.updateType(authOf(request), request.params.id, request.body);
      return ok(request, null, 'common.updated');
    },
  });

  r.patch('/lg-type/:id', {
    config: { permission: languagePermissions.languageEdit },
    schema: {
      tags,
      summary: 'Enable / disable a language type (toggles without a body); answers the new mark',
      params: languageIdParams,
      body: languageTypePatchBody,
      response: { 200: envelope(z.object({ F_EnabledMark: z.union([z.literal(0), z.literal(1)]) })) },
    },
    handler: async (request) => ok(request, { F_EnabledMark: await service.patchType(authOf(request), request.params.id, request.body) }, 'common.updated'),
  });

  r.delete('/lg-type/:id', {
    config: { permission: languagePermissions.languageDelete },
    schema: { tags, summary: 'Delete a language type (not the main one)', params: languageIdParams, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await service.removeType(authOf(request), request.params.id);
      return ok(request, null, 'common.deleted');
    },
  });

  r.get('/lp-map/page', {
    config: { permission: languagePermissions.languageList },
    schema: {
      tags,
      summary: 'Translation mappings, paged; objectType, objectId, keyword (code, Chinese or any translation)',
      querystring: lpMapQuery,
      response: { 200: envelope(pageResult(lpMapObject)) },
    },
    handler: async (request) => ok(request, await service.page(authOf(request), request.query), 'common.fetched'),
  });

  r.post('/lp-map/object', {
    config: { permission: languagePermissions.languageAdd },
    schema: {
      tags,
      summary: "Create or replace an object's translations (upsert by type and object id)",
      body: lpMapObjectBody,
      response: { 200: envelope(createdId) },
    },
    handler: async (request) => ok(request, { id: await service.upsert(authOf(request), request.body, false) }, 'common.added'),
  });

  r.patch('/lp-map/object', {
    config: { permission: languagePermissions.languageEdit },
    schema: {
      tags,
      summary: "Merge translations into an object's mapping (created when missing; '' removes one)",
      body: lpMapObjectBody,
      response: { 200: envelope(createdId) },
    },
    handler: async (request) => ok(request, { id: await service.upsert(authOf(request), request.body, true) }, 'common.updated'),
  });

  r.get('/lp-map/object/:id', {
    config: { permission: languagePermissions.languageList },
    schema: { tags, summary: 'One translation mapping', params: languageIdParams, response: { 200: envelope(lpMapObject) } },
    handler: async (request) => ok(request, await service.get(authOf(request), request.params.id), 'common.fetched'),
  });

  r.patch('/lp-map/object/:id', {
    config: { permission: languagePermissions.languageEdit },
    schema: {
      tags,
      summary: "Merge translations ('' removes one), code or Chinese text",
      params: languageIdParams,
      body: lpMapPatchBody,
      response: { 200: envelope(emptyData) },
    },
    handler: async (request) => {
      await service.patch(authOf(request), request.params.id, request.body);
      return ok(request, null, 'common.updated');
    },
  });

  r.delete('/lp-map/object/:id', {
    config: { permission: languagePermissions.languageDelete },
    schema: { tags, summary: 'Delete a translation mapping', params: languageIdParams, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await service.remove(authOf(request), request.params.id);
      return ok(request, null, 'common.deleted');
    },
  });
}
