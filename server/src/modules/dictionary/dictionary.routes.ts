import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createdId,
  dictionaryIdParams,
  dictionaryItem,
  dictionaryItemBody,
  dictionaryItemNode,
  dictionaryItemQuery,
  dictionaryKeyParams,
  dictionaryType,
  dictionaryTypeBody,
  dictionaryTypeNode,
  dictionaryTypeQuery,
  emptyData,
  envelope,
  pageResult,
  dictionaryPermissions,
} from '@app/contracts';
import { ok } from '../../core/envelope.js';
import { authOf } from '../../core/auth/plugin.js';
import { translationLanguages } from '../language/translations.js';
import type { DictionaryService } from './dictionary.service.js';

/** Data dictionary: managing needs the buttons; reading one dictionary's items (selects) only a signed-in user. */
export function dictionaryRoutes(app: FastifyInstance, service: DictionaryService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['System: dictionary'];

  r.get('/data-items/tree', {
    config: { permission: dictionaryPermissions.dictionaryList },
    schema: { tags, summary: 'Dictionary types as a tree (disabled ones included)', response: { 200: envelope(z.array(dictionaryTypeNode)) } },
    handler: async (request) => ok(request, await service.typeTree(authOf(request)), 'common.fetched'),
  });

  r.get('/data-items', {
    config: { permission: dictionaryPermissions.dictionaryList },
    schema: {
      tags,
      summary: 'Dictionary types, paged; keyword on code or name; parentId',
      querystring: dictionaryTypeQuery,
      response: { 200: envelope(pageResult(dictionaryType)) },
    },
    handler: async (request) => ok(request, await service.typePage(authOf(request), request.query), 'common.fetched'),
  });

  r.post('/data-items', {
    config: { permission: dictionaryPermissions.dictionaryAdd },
    schema: {
      tags,
      summary: 'Add a dictionary type (code unique per tenant, ignoring case)',
      body: dictionaryTypeBody,
      response: { 200: envelope(createdId) },
    },
    handler: async (request) => ok(request, { id: await service.createType(authOf(request), request.body) }, 'common.added'),
  });

  r.put('/data-items/:id', {
    config: { permission: dictionaryPermissions.dictionaryEdit },
    schema: { tags, summary: 'Update a dictionary type', params: dictionaryIdParams, body: dictionaryTypeBody, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await service.updateType(authOf(request), request.params.id, request.body);
      return ok(request, null, 'common.updated');
    },
  });

  r.delete('/data-items/:id', {
    config: { permission: dictionaryPermissions.dictionaryDelete },
    schema: { tags, summary: 'Delete a dictionary type without items or child types', params: dictionaryIdParams, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await service.removeType(authOf(request), request.params.id);
      return ok(request, null, 'common.deleted');
    },
  });

  r.get('/data-items/:key/detail', {
    schema: {
      tags,
      summary: "Items of a dictionary (type id or code), sorted, names in the request's language; all=1 (list button) includes disabled ones",
      params: dictionaryKeyParams,
      querystring: dictionaryItemQuery,
      response: { 200: envelope(z.array(dictionaryItem)) },
    },
    handler: async (request) =>
      ok(request, await service.items(authOf(request), request.params.key, request.query, translationLanguages(request)), 'common.fetched'),
  });

  r.get('/data-items/:key/detail/tree', {
    schema: {
      tags,
      summary: 'Items of a dictionary as a tree (keyword)',
      params: dictionaryKeyParams,
      querystring: dictionaryItemQuery,
      response: { 200: envelope(z.array(dictionaryItemNode)) },
    },
    handler: async (request) =>
      ok(request, await service.itemTree(authOf(request), request.params.key, request.query, translationLanguages(request)), 'common.fetched'),
  });

  r.get('/data-items/:key/info', {
    schema: { tags, summary: 'A dictionary type by id or code', params: dictionaryKeyParams, response: { 200: envelope(dictionaryType) } },
    handler: async (request) => ok(request, await service.typeByKey(authOf(request), request.params.key), 'common.fetched'),
  });

  r.post('/data-item-detail', {
    config: { permission: dictionaryPermissions.dictionaryAdd },
    schema: { tags, summary: 'Add a dictionary item (value unique in its dictionary)', body: dictionaryItemBody, response: { 200: envelope(createdId) } },
    handler: async (request) => ok(request, { id: await service.createItem(authOf(request), request.body) }, 'common.added'),
  });

  r.put('/data-item-detail/:id', {
    config: { permission: dictionaryPermissions.dictionaryEdit },
    schema: {
      tags,
      summary: 'Update a dictionary item (it stays in its dictionary)',
      params: dictionaryIdParams,
      body: dictionaryItemBody,
      response: { 200: envelope(emptyData) },
    },
    handler: async (request) => {
      await service.updateItem(authOf(request), request.params.id, request.body);
      return ok(request, null, 'common.updated');
    },
  });

  r.delete('/data-item-detail/:id', {
    config: { permission: dictionaryPermissions.dictionaryDelete },
    schema: {
      tags,
      summary: 'Delete a dictionary item without child items (and its translations)',
      params: dictionaryIdParams,
      response: { 200: envelope(emptyData) },
    },
    handler: async (request) => {
      await service.removeItem(authOf(request), request.params.id);
      return ok(request, null, 'common.deleted');
    },
  });
}
