import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../core/deps.js';
import { ScheduleService } from './schedule.service.js';
import { scheduleRoutes } from './schedule.routes.js';

export default async function scheduleModule(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  scheduleRoutes(app, new ScheduleService(deps));
}
