import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../core/deps.js';
import { ClueService } from './clue.service.js';
import { clueRoutes } from './clue.routes.js';

export default async function clueModule(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  clueRoutes(app, new ClueService(deps), deps);
}
