import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createdId,
  emptyData,
  envelope,
  orgIdParams,
  pageResult,
  postBody,
  postBrief,
  postNode,
  postPageQuery,
  postRow,
  postTreeQuery,
  postUsersBody,
  specialPostBody,
  specialPostQuery,
  userBrief,
  organisationPermissions,
} from '@app/contracts';
import { ok } from '../../core/envelope.js';
import { authOf } from '../../core/auth/plugin.js';
import type { PostService } from './post.service.js';

export function postRoutes(app: FastifyInstance, service: PostService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Organisation: posts'];

  r.get('/companies/:id/posts/tree', {
    schema: {
      tags,
      summary: "Post tree of a company, optionally one department's posts (pickers)",
      params: orgIdParams,
      querystring: postTreeQuery,
      response: { 200: envelope(z.array(postNode)) },
    },
    handler: async (request) => ok(request, await service.tree(authOf(request), request.params.id, request.query.Department_Id), 'common.fetched'),
  });

  r.get('/posts/page', {
    config: { permission: organisationPermissions.postList },
    schema: {
      tags,
      summary: 'Post list, paged; company / department filters; keyword a prefix of name or code',
      querystring: postPageQuery,
      response: { 200: envelope(pageResult(postRow)) },
    },
    handler: async (request) => ok(request, await service.page(authOf(request), request.query), 'common.fetched'),
  });

  r.post('/posts', {
    config: { permission: organisationPermissions.postAdd },
    schema: { tags, summary: 'Add a post', body: postBody, response: { 200: envelope(createdId) } },
    handler: async (request) => ok(request, { id: await service.create(authOf(request), request.body) }, 'common.added'),
  });

  r.post('/posts/users', {
    config: { permission: organisationPermissions.postUsers },
    schema: { tags, summary: "Set a post's holders (replaces them)", body: postUsersBody, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await service.setHolders(authOf(request), request.body.F_PostId, request.body.userIds);
      return ok(request, null, 'common.updated');
    },
  });

  r.put('/posts/:id', {
    config: { permission: organisationPermissions.postEdit },
    schema: { tags, summary: 'Update a post', params: orgIdParams, body: postBody, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await service.update(authOf(request), request.params.id, request.body);
      return ok(request, null, 'common.updated');
    },
  });

  r.delete('/posts/:id', {
    config: { permission: organisationPermissions.postDelete },
    schema: { tags, summary: 'Delete a post without sub-posts (its holders lose it)', params: orgIdParams, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await service.delete(authOf(request), request.params.id);
      return ok(request, null, 'common.deleted');
    },
  });

  r.get('/posts/:id/users', {
    config: { permission: organisationPermissions.postUsers },
    schema: { tags, summary: 'Holders of a post', params: orgIdParams, response: { 200: envelope(z.array(userBrief)) } },
    handler: async (request) => ok(request, await service.holders(authOf(request), request.params.id), 'common.fetched'),
  });

  // Special posts: the button is the company's or the department's specialPost, by F_Type / type.
  r.post('/special-post', {
    schema: {
      tags,
      summary: 'Set the special posts of a company (F_Type 1) or department (2); replaces them',
      body: specialPostBody,
      response: { 200: envelope(emptyData) },
    },
    handler: async (request) => {
      await service.setSpecial(authOf(request), request.body);
      return ok(request, null, 'common.updated');
    },
  });

  r.get('/special-post', {
    schema: {
      tags,
      summary: 'Special posts of a company (type 1) or department (2)',
      querystring: specialPostQuery,
      response: { 200: envelope(z.array(postBrief)) },
    },
    handler: async (request) => ok(request, await service.special(authOf(request), request.query.type, request.query.objectId), 'common.fetched'),
  });

  r.get('/companies/:id/special-post', {
    config: { permission: organisationPermissions.companySpecialPost },
    schema: { tags, summary: 'Special posts of a company', params: orgIdParams, response: { 200: envelope(z.array(postBrief)) } },
    handler: async (request) => ok(request, await service.special(authOf(request), 1, request.params.id, false), 'common.fetched'),
  });

  r.get('/departments/:id/special-post', {
    config: { permission: organisationPermissions.departmentSpecialPost },
    schema: { tags, summary: 'Special posts of a department', params: orgIdParams, response: { 200: envelope(z.array(postBrief)) } },
    handler: async (request) => ok(request, await service.special(authOf(request), 2, request.params.id, false), 'common.fetched'),
  });
}
