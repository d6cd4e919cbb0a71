import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../core/deps.js';
import { UserService } from './user.service.js';
import { userRoutes } from './user.routes.js';

/** The signed-in user's own account: info, password, head icon, profile. */
export default async function userModule(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  userRoutes(app, new UserService(deps));
}
