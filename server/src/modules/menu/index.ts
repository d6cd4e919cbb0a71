import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../core/deps.js';
import { MenuService } from './menu.service.js';
import { menuRoutes } from './menu.routes.js';

/** The menu the shell renders and the systems it can switch between. */
export default async function menuModule(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  menuRoutes(app, new MenuService(deps));
}
