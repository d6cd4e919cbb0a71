import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../core/deps.js';
import { DatabaseLinkService } from './database-link.service.js';
import { databaseLinkRoutes } from './database-link.routes.js';
import { requestLimit } from '../../core/rate-limit.js';

/** Data platform (docs/data-platform-design.md): database links, table browsing, read-only user SQL. */
export default async function databaseLinkModule(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  databaseLinkRoutes(app, new DatabaseLinkService(deps), requestLimit(deps.config.rateLimits.query));
}
