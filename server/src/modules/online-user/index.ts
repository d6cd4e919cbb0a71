import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../core/deps.js';
import { OnlineUserService } from './online-user.service.js';
import { onlineUserRoutes } from './online-user.routes.js';

export default async function onlineUserModule(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  onlineUserRoutes(app, new OnlineUserService(deps));
}
