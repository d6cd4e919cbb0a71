import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../core/deps.js';
import { ClientLogService } from './client-log.service.js';
import { clientLogRoutes } from './client-log.routes.js';

export default async function clientLogModule(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  clientLogRoutes(app, new ClientLogService(deps));
}
