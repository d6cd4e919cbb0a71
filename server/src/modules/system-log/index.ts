import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../core/deps.js';
import { LogService } from './system-log.service.js';
import { logRoutes } from './system-log.routes.js';

/** System logs; the operation and exception logs are written by SystemLogWriter (wired in app.ts). */
export default async function logModule(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  logRoutes(app, new LogService(deps));
}
