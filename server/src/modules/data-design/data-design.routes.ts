import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  crudAddBody,
  crudAddResult,
  crudDeleteQuery,
  crudListQuery,
  crudRow,
  crudUpdateBody,
  designBody,
  designIdParams,
  draftDeleteQuery,
  draftQuery,
  draftRow,
  emptyData,
  envelope,
  fieldBody,
  fieldRow,
  pageQuery,
  pageResult,
  releaseResult,
  releasedQuery,
  releasedTable,
  reportsRelationBody,
  reportsRelationQuery,
  reportsRelationRow,
  dataPermissions,
} from '@app/contracts';
import { ok } from '../../core/envelope.js';
import { authOf } from '../../core/auth/plugin.js';
import type { CrudService } from './crud.service.js';
import type { DesignService } from './design.service.js';
import type { LibraryService } from './library.service.js';

const idResult = envelope(z.object({ F_Id: z.string() }));

export function designRoutes(app: FastifyInstance, design: DesignService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Table design'];

  r.post('/database-draft', {
    config: { permission: dataPermissions.linkDesign },
    schema: {
      tags,
      summary: 'Save the draft of a table design (one per link and table name; saving again replaces it)',
      body: designBody,
      response: { 200: idResult },
    },
    handler: async (request) => ok(request, { F_Id: await design.saveDraft(authOf(request), request.body) }, 'dataDesign.draftSaved'),
  });

  r.get('/database-draft', {
    config: { permission: dataPermissions.linkDesign },
    schema: {
      tags,
      summary: 'The draft of a table (tableName given; 404 when none) or every draft of the link',
      querystring: draftQuery,
      response: { 200: envelope(z.union([draftRow, z.array(draftRow)])) },
    },
    handler: async (request) => ok(request, await design.drafts(authOf(request), request.query), 'common.fetched'),
  });

  r.delete('/database-draft', {
    config: { permission: dataPermissions.linkDesign },
    schema: { tags, summary: 'Discard the draft of a table', querystring: draftDeleteQuery, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await design.deleteDraft(authOf(request), request.query);
      return ok(request, null, 'common.deleted');
    },
  });

  r.post('/database-links/release', {
    config: { permission: dataPermissions.linkDesign },
    schema: {
      tags,
      summary: 'Release a design: create the table, or add the new columns and indexes of a released one (never drops or changes)',
      body: designBody,
      response: { 200: envelope(releaseResult) },
    },
    handler: async (request) => ok(request, await design.release(authOf(request), request.body), 'dataDesign.released'),
  });

  r.get('/database-links/released', {
    config: { permission: dataPermissions.linkDesign },
    schema: {
      tags,
      summary: 'The released design of a table (what generic CRUD checks against)',
      querystring: releasedQuery,
      response: { 200: envelope(releasedTable) },
    },
    handler: async (request) => ok(request, await design.released(authOf(request), request.query), 'common.fetched'),
  });
}

export function libraryRoutes(app: FastifyInstance, library: LibraryService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const fields = ['Common fields'];

  r.get('/database-field', {
    config: { permission: dataPermissions.fieldList },
    schema: { tags: fields, summary: 'Common fields (keyword: name or remark)', querystring: pageQuery, response: { 200: envelope(pageResult(fieldRow)) } },
    handler: async (request) => ok(request, await library.fieldPage(authOf(request), request.query), 'common.fetched'),
  });

  r.get('/database-field/:id', {
    config: { permission: dataPermissions.fieldList },
    schema: { tags: fields, summary: 'A common field', params: designIdParams, response: { 200: envelope(fieldRow) } },
    handler: async (request) => ok(request, await library.field(authOf(request), request.params.id), 'common.fetched'),
  });

  r.post('/database-field', {
    config: { permission: dataPermissions.fieldAdd },
    schema: { tags: fields, summary: 'Add a common field (name unique per tenant, ignoring case)', body: fieldBody, response: { 200: idResult } },
    handler: async (request) => ok(request, { F_Id: await library.addField(authOf(request), request.body) }, 'common.added'),
  });

  r.put('/database-field/:id', {
    config: { permission: dataPermissions.fieldEdit },
    schema: { tags: fields, summary: 'Edit a common field', params: designIdParams, body: fieldBody, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await library.updateField(authOf(request), request.params.id, request.body);
      return ok(request, null, 'common.updated');
    },
  });

  r.delete('/database-field/:id', {
    config: { permission: dataPermissions.fieldDelete },
    schema: { tags: fields, summary: 'Delete a common field', params: designIdParams, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await library.deleteField(authOf(request), request.params.id);
      return ok(request, null, 'common.deleted');
    },
  });

  const relations = ['Report relations'];

  r.get('/reports-relation', {
    config: { permission: dataPermissions.dataSourceList },
    schema: {
      tags: relations,
      summary: 'Report relations (reportId: of one report; keyword: name)',
      querystring: reportsRelationQuery,
      response: { 200: envelope(pageResult(reportsRelationRow)) },
    },
    handler: async (request) => ok(request, await library.relationPage(authOf(request), request.query), 'common.fetched'),
  });

  r.get('/reports-relation/:id', {
    config: { permission: dataPermissions.dataSourceList },
    schema: { tags: relations, summary: 'A report relation', params: designIdParams, response: { 200: envelope(reportsRelationRow) } },
    handler: async (request) => ok(request, await library.relation(authOf(request), request.params.id), 'common.fetched'),
  });

  r.post('/reports-relation', {
    config: { permission: dataPermissions.dataSourceAdd },
    schema: { tags: relations, summary: 'Add a report relation', body: reportsRelationBody, response: { 200: idResult } },
    handler: async (request) => ok(request, { F_Id: await library.addRelation(authOf(request), request.body) }, 'common.added'),
  });

  r.put('/reports-relation/:id', {
    config: { permission: dataPermissions.dataSourceEdit },
    schema: { tags: relations, summary: 'Edit a report relation', params: designIdParams, body: reportsRelationBody, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await library.updateRelation(authOf(request), request.params.id, request.body);
      return ok(request, null, 'common.updated');
    },
  });

  r.delete('/reports-relation/:id', {
    config: { permission: dataPermissions.dataSourceDelete },
    schema: { tags: relations, summary: 'Delete a report relation', params: designIdParams, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await library.deleteRelation(authOf(request), request.params.id);
      return ok(request, null, 'common.deleted');
    },
  });
}

/** The permission is checked in the service: it depends on the moduleCode of the call. */
export function crudRoutes(app: FastifyInstance, crud: CrudService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Generic CRUD'];

  r.get('/crud/list', {
    schema: {
      tags,
      summary: 'Rows of a released table within the data scope of the screen (moduleCode)',
      querystring: crudListQuery,
      response: { 200: envelope(pageResult(crudRow)) },
    },
    handler: async (request) => ok(request, await crud.list(authOf(request), request.query), 'common.fetched'),
  });

  r.post('/crud/add', {
    schema: {
      tags,
      summary: 'Add a row; the system columns (creator, dates, company, department) are set by the server',
      body: crudAddBody,
      response: { 200: envelope(crudAddResult) },
    },
    handler: async (request) => ok(request, await crud.add(authOf(request), request.body), 'common.added'),
  });

  r.put('/crud/update', {
    schema: { tags, summary: 'Update a row by its primary key (404 outside the data scope)', body: crudUpdateBody, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await crud.update(authOf(request), request.body);
      return ok(request, null, 'common.updated');
    },
  });

  r.delete('/crud/delete', {
    schema: {
      tags,
      summary: 'Delete a row by its primary key (404 outside the data scope)',
      querystring: crudDeleteQuery,
      response: { 200: envelope(emptyData) },
    },
    handler: async (request) => {
      await crud.remove(authOf(request), request.query);
      return ok(request, null, 'common.deleted');
    },
  });
}
