import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../core/deps.js';
import { TenantService } from './tenant.service.js';
import { tenantRoutes } from './tenant.routes.js';

/** Tenants and their users. */
export default async function tenantModule(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  tenantRoutes(app, new TenantService(deps));
}
