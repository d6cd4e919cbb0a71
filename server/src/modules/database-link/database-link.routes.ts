import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  linkTaskWritableBody,
  databaseLinkBody,
  databaseLinkColumnParams,
  databaseLinkGroup,
  databaseLinkGroupBody,
  databaseLinkIdParams,
  databaseLinkQuery,
  databaseLinkRow,
  databaseLinkTableParams,
  databaseLinkTestQuery,
  databaseLinkTestResult,
  emptyData,
  envelope,
  linkColumnDataResult,
  linkColumnInfo,
  linkQueryResult,
  linkResultField,
  linkSqlQuery,
  linkTableDataQuery,
  linkTableDataResult,
  linkTableInfo,
  linkTablePageQuery,
  linkTablesQuery,
  linkTreeQuery,
  linkTreeResult,
  linkValidateTableQuery,
  linkValidateTableResult,
  pageResult,
  dataPermissions,
} from '@app/contracts';
import { ok } from '../../core/envelope.js';
import { authOf } from '../../core/auth/plugin.js';
import { langOf } from '../../core/i18n/index.js';
import type { DatabaseLinkService } from './database-link.service.js';

/** `queryLimit`: the onRequest hook limiting the SQL console (RATE_QUERY_*). */
export function databaseLinkRoutes(app: FastifyInstance, service: DatabaseLinkService, queryLimit: onRequestHookHandler): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Database links'];
  const list = { permission: dataPermissions.linkList };
  const query = { permission: dataPermissions.linkQuery };
  const lang = (request: FastifyRequest) => langOf(request);

  r.get('/database-links/group', {
    config: list,
    schema: { tags, summary: 'Links grouped by F_GroupName; the platform link first', response: { 200: envelope(z.array(databaseLinkGroup)) } },
    handler: async (request) => ok(request, await service.groups(authOf(request), lang(request)), 'common.fetched'),
  });

  r.post('/db_link/getDatabaselinksFroGroup', {
    config: list,
    schema: {
      tags,
      summary: 'Links of one group (groupName), or all groups (spec name kept)',
      body: databaseLinkGroupBody.optional(),
      response: { 200: envelope(z.array(databaseLinkGroup)) },
    },
    handler: async (request) => {
      const group = request.body?.groupName ?? request.body?.F_GroupName;
      return ok(request, await service.groups(authOf(request), lang(request), group), 'common.fetched');
    },
  });

  r.get('/database-links', {
    config: list,
    schema: {
      tags,
      summary: 'Links, paged (limit = page, size), keyword on name/host/database; the platform link first',
      querystring: databaseLinkQuery,
      response: { 200: envelope(pageResult(databaseLinkRow)) },
    },
    handler: async (request) => ok(request, await service.page(authOf(request), lang(request), request.query), 'common.fetched'),
  });

  r.get('/database-links/test', {
    // The spec puts the connection fields in the query string: the password must not reach the request log line,
    // which prints the URL. The query is parsed before onRequest, so rewriting the raw URL changes only the log.
    onRequest: async (request) => {
      if (request.raw.url) request.raw.url = request.raw.url.replace(/([?&]F_Password=)[^&]*/g, '$1******');
    },
    schema: {
      tags,
      summary: 'Connection test without saving: a link id, or connection fields (address guard applies); needs add or edit',
      querystring: databaseLinkTestQuery,
      response: { 200: envelope(databaseLinkTestResult) },
    },
    handler: async (request) => ok(request, await service.test(authOf(request), request.query), 'dataLink.connected'),
  });

  r.post('/database-links', {
    config: { permission: dataPermissions.linkAdd },
    schema: {
      tags,
      summary: 'Add a link (only connection fields; password stored encrypted)',
      body: databaseLinkBody,
      response: { 200: envelope(z.object({ F_Id: z.string() })) },
    },
    handler: async (request) => ok(request, { F_Id: await service.add(authOf(request), request.body) }, 'common.added'),
  });

  r.patch('/database-links/:id/task-writable', {
    config: { permission: dataPermissions.linkTaskWrite },
    schema: {
      tags,
      summary: 'Allow scheduled SQL tasks to write through this link (1), or only read (0)',
      params: databaseLinkIdParams,
      body: linkTaskWritableBody,
      response: { 200: envelope(emptyData) },
    },
    handler: async (request) => {
      await service.setTaskWritable(authOf(request), request.params.id, request.body.F_TaskWritable);
      return ok(request, null, request.body.F_TaskWritable === 1 ? 'dataLink.taskWritableSet' : 'dataLink.taskWritableUnset');
    },
  });

  r.put('/database-links/:id', {
    config: { permission: dataPermissions.linkEdit },
    schema: {
      tags,
      summary: 'Edit a link; without F_Password the stored one is kept',
      params: databaseLinkIdParams,
      body: databaseLinkBody,
      response: { 200: envelope(emptyData) },
    },
    handler: async (request) => {
      await service.update(authOf(request), request.params.id, request.body);
      return ok(request, null, 'common.updated');
    },
  });

  r.delete('/database-links/:id', {
    config: { permission: dataPermissions.linkDelete },
    schema: { tags, summary: 'Delete a link', params: databaseLinkIdParams, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await service.remove(authOf(request), request.params.id);
      return ok(request, null, 'common.deleted');
    },
  });

  r.get('/database-links/:id/tables', {
    config: list,
    schema: {
      tags,
      summary: 'Tables and views of the link (at most 2000; keyword filters)',
      params: databaseLinkIdParams,
      querystring: linkTablesQuery,
      response: { 200: envelope(z.array(linkTableInfo)) },
    },
    handler: async (request) => ok(request, await service.tables(authOf(request), request.params.id, request.query.keyword), 'common.fetched'),
  });

  r.get('/database-links/:id/tables/page', {
    config: list,
    schema: {
      tags,
      summary: 'Tables, paged',
      params: databaseLinkIdParams,
      querystring: linkTablePageQuery,
      response: { 200: envelope(pageResult(linkTableInfo)) },
    },
    handler: async (request) => ok(request, await service.tablePage(authOf(request), request.params.id, request.query), 'common.fetched'),
  });

  r.get('/database-links/:id/tables/:table/columns', {
    config: list,
    schema: { tags, summary: 'Columns of a table (spec column fields)', params: databaseLinkTableParams, response: { 200: envelope(z.array(linkColumnInfo)) } },
    handler: async (request) => ok(request, await service.columns(authOf(request), request.params.id, request.params.table), 'common.fetched'),
  });

  r.get('/database-links/:id/tables/:table/datas', {
    config: list,
    schema: {
      tags,
      summary: 'Rows of a table, paged by primary key (after = keyset cursor from Next); Total is estimated above 100,000 rows',
      params: databaseLinkTableParams,
      querystring: linkTableDataQuery,
      response: { 200: envelope(linkTableDataResult) },
    },
    handler: async (request) => ok(request, await service.tableData(authOf(request), request.params.id, request.params.table, request.query), 'common.fetched'),
  });

  r.get('/database-links/:id/datas', {
    config: query,
    // Typed SQL runs on the database servers: limited per address and overall, before any work is done.
    onRequest: queryLimit,
    schema: {
      tags,
      summary: 'Run a query (read-only, row cap, time-out); @name placeholders bound from params (JSON object)',
      params: databaseLinkIdParams,
      querystring: linkSqlQuery,
      response: { 200: envelope(linkQueryResult) },
    },
    handler: async (request) => {
      const result = await service.query(authOf(request), request.params.id, request.query);
      return result.truncated ? ok(request, result, 'dataLink.truncated', { max: result.maxRows }) : ok(request, result, 'common.fetched');
    },
  });

  r.get('/database-links/:id/fields', {
    config: query,
    schema: {
      tags,
      summary: 'Result columns of a query',
      params: databaseLinkIdParams,
      querystring: linkSqlQuery,
      response: { 200: envelope(z.array(linkResultField)) },
    },
    handler: async (request) => ok(request, await service.fields(authOf(request), request.params.id, request.query), 'common.fetched'),
  });

  r.get('/database-links/:id/tree', {
    config: query,
    schema: {
      tags,
      summary: 'A query as a tree by id / parent columns',
      params: databaseLinkIdParams,
      querystring: linkTreeQuery,
      response: { 200: envelope(linkTreeResult) },
    },
    handler: async (request) => ok(request, await service.tree(authOf(request), request.params.id, request.query), 'common.fetched'),
  });

  r.get('/database-links/:id/validate-tablename', {
    config: list,
    schema: {
      tags,
      summary: 'Which of the comma-separated names are tables of the link, missing, or not valid names',
      params: databaseLinkIdParams,
      querystring: linkValidateTableQuery,
      response: { 200: envelope(linkValidateTableResult) },
    },
    handler: async (request) => ok(request, await service.validateTableNames(authOf(request), request.params.id, request.query.tableNames), 'common.fetched'),
  });

  r.get('/database-links/:id/columns/:col/data', {
    config: query,
    schema: {
      tags,
      summary: 'Distinct values of one result column of a query',
      params: databaseLinkColumnParams,
      querystring: linkSqlQuery,
      response: { 200: envelope(linkColumnDataResult) },
    },
    handler: async (request) => ok(request, await service.columnData(authOf(request), request.params.id, request.params.col, request.query), 'common.fetched'),
  });
}
