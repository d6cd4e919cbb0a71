import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../core/deps.js';
import { HomeService } from './home.service.js';
import { homeRoutes } from './home.routes.js';

export default async function homeModule(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  homeRoutes(app, new HomeService(deps));
}
