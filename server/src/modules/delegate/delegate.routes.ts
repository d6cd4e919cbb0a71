import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { delegateBody, delegateIdParams, delegateQuery, delegateRow, emptyData, envelope, pageResult, stampPermissions } from '@app/contracts';
import { ok } from '../../core/envelope.js';
import { authOf } from '../../core/auth/plugin.js';
import { AppError } from '../../core/errors.js';
import type { DelegateService } from './delegate.service.js';

const saved = z.object({ F_Id: z.string() });

/** Delegation (administration.md Delegation). Users keep their own; see DelegateService for administrators. */
export function delegateRoutes(app: FastifyInstance, service: DelegateService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Workflow delegation'];

  r.get('/workflow-Delegate/query-delegate', {
    config: { permission: stampPermissions.workflowDelegateList },
    schema: {
      tags,
      summary: "The caller's delegations (workflow administrators: everyone's, userId filters); keyword: delegate name",
      querystring: delegateQuery,
      response: { 200: envelope(pageResult(delegateRow)) },
    },
    handler: async (request) => ok(request, await service.page(authOf(request), request.query), 'common.fetched'),
  });

  r.post('/workflow-Delegate', {
    config: { permission: stampPermissions.workflowDelegateAdd },
    schema: { tags, summary: 'Add a delegation', body: delegateBody, response: { 200: envelope(saved) } },
    handler: async (request) => ok(request, { F_Id: await service.save(authOf(request), request.body) }, 'common.added'),
  });

  r.post('/workflow-Delegate/addorupdate-delegate', {
    config: { permission: stampPermissions.workflowDelegateAdd },
    schema: { tags, summary: 'Add a delegation, or change it when F_Id is given', body: delegateBody, response: { 200: envelope(saved) } },
    handler: async (request) => {
      const auth = authOf(request);
      const id = request.body.F_Id || undefined;
      if (id && !(await service.mayEdit(auth))) throw new AppError('error.forbidden', { permission: stampPermissions.workflowDelegateEdit }, 403);
      return ok(request, { F_Id: await service.save(auth, request.body, id) }, id ? 'common.updated' : 'common.added');
    },
  });

  r.put('/workflow-Delegate/:id', {
    config: { permission: stampPermissions.workflowDelegateEdit },
    schema: { tags, summary: 'Change a delegation', params: delegateIdParams, body: delegateBody, response: { 200: envelope(saved) } },
    handler: async (request) => ok(request, { F_Id: await service.save(authOf(request), request.body, request.params.id) }, 'common.updated'),
  });

  r.delete('/workflow-Delegate/:id', {
    config: { permission: stampPermissions.workflowDelegateDelete },
    schema: { tags, summary: 'Delete a delegation', params: delegateIdParams, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await service.remove(authOf(request), request.params.id);
      return ok(request, null, 'common.deleted');
    },
  });
}
