import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../core/deps.js';
import { NewsService } from './news.service.js';
import { newsRoutes } from './news.routes.js';

export default async function newsModule(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  newsRoutes(app, new NewsService(deps));
}
