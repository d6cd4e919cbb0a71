import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../core/deps.js';
import { accessRoutes } from './access.routes.js';
import { GrantAdminService } from './grant.service.js';
import { ModuleAdminService } from './module-admin.service.js';

/** Menu administration, authorisation grants, data permissions and app functions. */
export default async function accessModule(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  accessRoutes(app, new ModuleAdminService(deps), new GrantAdminService(deps));
}
