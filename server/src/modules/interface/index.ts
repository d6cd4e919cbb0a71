import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../core/deps.js';
import { InterfaceService } from './interface.service.js';
import { interfaceRoutes } from './interface.routes.js';

export { InterfaceService } from './interface.service.js';

/** Interfaces of the data platform (docs/data-platform-design.md). */
export default async function interfaceModule(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  interfaceRoutes(app, new InterfaceService(deps));
}
