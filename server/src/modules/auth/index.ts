import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../core/deps.js';
import { AuthService } from './auth.service.js';
import { authRoutes } from './auth.routes.js';

/** Sign-in, SMS codes, tenant check, token refresh and sign-out. */
export default async function authModule(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  authRoutes(app, new AuthService(deps), deps);
}
