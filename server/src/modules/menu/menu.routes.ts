import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, menuItem, menuQuery, subsystem } from '@app/contracts';
import { ok } from '../../core/envelope.js';
import { authOf } from '../../core/auth/plugin.js';
import { translationLanguages } from '../language/translations.js';
import type { MenuService } from './menu.service.js';

export function menuRoutes(app: FastifyInstance, service: MenuService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Menus and systems'];

  r.get('/modules/vue', {
    schema: {
      tags,
      summary: "The caller's menu tree for one system (labels in the request's language when translated)",
      querystring: menuQuery,
      response: { 200: envelope(z.array(menuItem)) },
    },
    handler: async (request) => ok(request, await service.menu(authOf(request), request.query.systemId, translationLanguages(request)), 'common.fetched'),
  });

  r.get('/modules/common', {
    schema: { tags, summary: 'Common entries (home, hot functions)', response: { 200: envelope(z.array(menuItem)) } },
    handler: async (request) => ok(request, await service.common(authOf(request), translationLanguages(request)), 'common.fetched'),
  });

  r.get('/modules/other', {
    schema: { tags, summary: "The caller's leaf entries of every system, flat", response: { 200: envelope(z.array(menuItem)) } },
    handler: async (request) => ok(request, await service.allLeaves(authOf(request), translationLanguages(request)), 'common.fetched'),
  });

  r.get('/subsystem', {
    schema: { tags, summary: 'Systems the caller can switch to (main system first)', response: { 200: envelope(z.array(subsystem)) } },
    handler: async (request) => ok(request, await service.systems(authOf(request)), 'common.fetched'),
  });
}
