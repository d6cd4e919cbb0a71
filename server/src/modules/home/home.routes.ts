import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, homeOverview } from '@app/contracts';
import { ok } from '../../core/envelope.js';
import { authOf } from '../../core/auth/plugin.js';
import type { HomeService } from './home.service.js';

export function homeRoutes(app: FastifyInstance, service: HomeService): void {
  app.withTypeProvider<ZodTypeProvider>().get('/home/overview', {
    schema: { tags: ['Home'], summary: 'Figures for the home page', response: { 200: envelope(homeOverview) } },
    handler: async (request) => ok(request, await service.overview(authOf(request)), 'common.fetched'),
  });
}
