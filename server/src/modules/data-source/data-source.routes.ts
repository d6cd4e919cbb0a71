import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createdId,
  dataSource,
  dataSourceBody,
  dataSourceColumnData,
  dataSourceColumnParams,
  dataSourceDataQuery,
  dataSourceField,
  dataSourceIdParams,
  dataSourcePage,
  dataSourceParamsQuery,
  dataSourceQuery,
  dataSourceTreeQuery,
  dataTreeNode,
  emptyData,
  envelope,
  pageResult,
  dataPermissions,
} from '@app/contracts';
import { ok } from '../../core/envelope.js';
import { authOf } from '../../core/auth/plugin.js';
import type { DataSourceService } from './data-source.service.js';

/**
 * Definitions (list, add, edit, delete) need the data-source buttons: they show SQL and link ids. Running a data
 * source (fields, data, tree, column values) needs only a signed-in user of the tenant: forms read options through it.
 */
export function dataSourceRoutes(app: FastifyInstance, service: DataSourceService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Data: data sources'];

  r.get('/data-sources', {
    config: { permission: dataPermissions.dataSourceList },
    schema: {
      tags,
      summary: 'Data sources, paged; keyword on code or name',
      querystring: dataSourceQuery,
      response: { 200: envelope(pageResult(dataSource)) },
    },
    handler: async (request) => ok(request, await service.page(authOf(request), request.query), 'common.fetched'),
  });

  r.post('/data-sources', {
    config: { permission: dataPermissions.dataSourceAdd },
    schema: { tags, summary: 'Add a data source (the query is checked against its link)', body: dataSourceBody, response: { 200: envelope(createdId) } },
    handler: async (request) => ok(request, { id: await service.create(authOf(request), request.body) }, 'common.added'),
  });

  r.put('/data-sources/:id', {
    config: { permission: dataPermissions.dataSourceEdit },
    schema: {
      tags,
      summary: 'Edit a data source (the query is checked against its link)',
      params: dataSourceIdParams,
      body: dataSourceBody,
      response: { 200: envelope(emptyData) },
    },
    handler: async (request) => {
      await service.update(authOf(request), request.params.id, request.body);
      return ok(request, null, 'common.updated');
    },
  });

  r.delete('/data-sources/:id', {
    config: { permission: dataPermissions.dataSourceDelete },
    schema: { tags, summary: 'Delete a data source', params: dataSourceIdParams, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await service.remove(authOf(request), request.params.id);
      return ok(request, null, 'common.deleted');
    },
  });

  r.get('/data-sources/:id/fields', {
    schema: {
      tags,
      summary: 'Result columns of the query',
      params: dataSourceIdParams,
      querystring: dataSourceParamsQuery,
      response: { 200: envelope(z.array(dataSourceField)) },
    },
    handler: async (request) => ok(request, await service.fields(authOf(request), request.params.id, request.query.params), 'common.fetched'),
  });

  // The spec also writes /data/ (with ?field&keyword); both forms are served by one handler.
  for (const url of ['/data-sources/:id/data', '/data-sources/:id/data/']) {
    r.get(url, {
      schema: {
        tags,
        summary: 'One page of rows; params as a JSON object; field + keyword filter a result column (contains)',
        params: dataSourceIdParams,
        querystring: dataSourceDataQuery,
        response: { 200: envelope(dataSourcePage) },
      },
      handler: async (request) => ok(request, await service.data(authOf(request), request.params.id, request.query), 'common.fetched'),
    });
  }

  r.get('/data-sources/:id/tree', {
    schema: {
      tags,
      summary: 'Rows nested by the id / parent columns',
      params: dataSourceIdParams,
      querystring: dataSourceTreeQuery,
      response: { 200: envelope(z.array(dataTreeNode)) },
    },
    handler: async (request) => ok(request, await service.tree(authOf(request), request.params.id, request.query), 'common.fetched'),
  });

  r.get('/data-sources/:id/columns/:col/data', {
    schema: {
      tags,
      summary: 'Distinct values of one result column (at most the row cap)',
      params: dataSourceColumnParams,
      querystring: dataSourceParamsQuery,
      response: { 200: envelope(dataSourceColumnData) },
    },
    handler: async (request) =>
      ok(request, await service.columnData(authOf(request), request.params.id, request.params.col, request.query.params), 'common.fetched'),
  });
}
