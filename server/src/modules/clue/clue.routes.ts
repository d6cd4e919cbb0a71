import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clueBody, clueIdParams, clueQuery, clueRow, emptyData, envelope, pageResult, cluePermissions } from '@app/contracts';
import { ok } from '../../core/envelope.js';
import { authOf } from '../../core/auth/plugin.js';
import type { AppDeps } from '../../core/deps.js';
import { requestLimit } from '../../core/rate-limit.js';
import type { ClueService } from './clue.service.js';

export function clueRoutes(app: FastifyInstance, service: ClueService, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Leads'];
  // Public: its own budget per source address (RATE_CLUE_*), so a script cannot fill the table.
  const clueLimit = requestLimit(deps.config.rateLimits.clue);

  r.post('/login/add-clue', {
    config: { public: true },
    onRequest: clueLimit,
    schema: {
      tags,
      summary: 'Leave your contact (sign-in page; no sign-in): name, and a phone number or an e-mail address; code names the tenant',
      body: clueBody,
      response: { 200: envelope(z.object({ F_Id: z.string() })) },
    },
    handler: async (request) =>
      ok(request, { F_Id: await service.add(request.body, { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') }) }, 'clue.added'),
  });

  r.get('/clue', {
    config: { permission: cluePermissions.clueList },
    schema: {
      tags,
      summary: 'Leads, newest first: keyword, handled (0 / 1), startTime / endTime',
      querystring: clueQuery,
      response: { 200: envelope(pageResult(clueRow)) },
    },
    handler: async (request) => ok(request, await service.page(authOf(request), request.query), 'common.fetched'),
  });

  r.put('/clue/:id/handled', {
    config: { permission: cluePermissions.clueHandle },
    schema: { tags, summary: 'Mark a lead handled', params: clueIdParams, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await service.markHandled(authOf(request), request.params.id);
      return ok(request, null, 'clue.handled');
    },
  });

  r.delete('/clue/:id', {
    config: { permission: cluePermissions.clueDelete },
    schema: { tags, summary: 'Delete a lead', params: clueIdParams, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await service.remove(authOf(request), request.params.id);
      return ok(request, null, 'common.deleted');
    },
  });
}
