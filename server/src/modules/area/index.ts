import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../core/deps.js';
import { AreaService } from './area.service.js';
import { areaRoutes } from './area.routes.js';

/** China's administrative divisions. */
export default async function areaModule(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  areaRoutes(app, new AreaService(deps));
}
