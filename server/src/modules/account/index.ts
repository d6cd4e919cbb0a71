import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../core/deps.js';
import { AccountService } from './account.service.js';
import { accountRoutes } from './account.routes.js';

/** The signed-in user's own account: info, password, head icon, profile. */
export default async function accountModule(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  accountRoutes(app, new AccountService(deps));
}
