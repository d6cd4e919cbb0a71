import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../core/deps.js';
import { SubsystemService } from './subsystem.service.js';
import { subsystemRoutes } from './subsystem.routes.js';

/** Sub-system administration. */
export default async function subsystemModule(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  subsystemRoutes(app, new SubsystemService(deps));
}
