import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  codeRule,
  codeRuleBody,
  codeRuleGenResult,
  codeRuleIdParams,
  codeRuleOption,
  codeRuleQuery,
  createdId,
  emptyData,
  envelope,
  pageResult,
  codeRulePermissions,
} from '@app/contracts';
import { ok } from '../../core/envelope.js';
import { authOf } from '../../core/auth/plugin.js';
import type { CodeRuleService } from './code-rule.service.js';

/** Code rules: managed with the buttons; the options list and number generation serve every signed-in user (forms). */
export function codeRuleRoutes(app: FastifyInstance, service: CodeRuleService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['System: code rules'];

  r.get('/code-rules', {
    config: { permission: codeRulePermissions.codeRuleList },
    schema: { tags, summary: 'Code rules, paged; keyword on code or name', querystring: codeRuleQuery, response: { 200: envelope(pageResult(codeRule)) } },
    handler: async (request) => ok(request, await service.page(authOf(request), request.query), 'common.fetched'),
  });

  r.get('/code-rules/list', {
    schema: { tags, summary: 'Enabled code rules (pickers)', response: { 200: envelope(z.array(codeRuleOption)) } },
    handler: async (request) => ok(request, await service.options(authOf(request)), 'common.fetched'),
  });

  r.post('/code-rules', {
    config: { permission: codeRulePermissions.codeRuleAdd },
    schema: { tags, summary: 'Add a code rule', body: codeRuleBody, response: { 200: envelope(createdId) } },
    handler: async (request) => ok(request, { id: await service.create(authOf(request), request.body) }, 'common.added'),
  });

  r.put('/code-rules/:id', {
    config: { permission: codeRulePermissions.codeRuleEdit },
    schema: { tags, summary: 'Update a code rule (its counters stay)', params: codeRuleIdParams, body: codeRuleBody, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await service.update(authOf(request), request.params.id, request.body);
      return ok(request, null, 'common.updated');
    },
  });

  r.delete('/code-rules/:id', {
    config: { permission: codeRulePermissions.codeRuleDelete },
    schema: { tags, summary: 'Delete a code rule and its counters', params: codeRuleIdParams, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await service.remove(authOf(request), request.params.id);
      return ok(request, null, 'common.deleted');
    },
  });

  r.get('/code-rules/:id/gen', {
    schema: {
      tags,
      summary: 'The next number of a rule (id or code); never duplicated',
      params: codeRuleIdParams,
      response: { 200: envelope(codeRuleGenResult) },
    },
    handler: async (request) => ok(request, await service.generate(authOf(request), request.params.id), 'common.fetched'),
  });
}
