import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../core/deps.js';
import { StampService } from './stamp.service.js';
import { stampRoutes } from './stamp.routes.js';

/** Stamps and e-signatures (docs/workflow-design.md "Stamps and delegation"). */
export default async function stampModule(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  stampRoutes(app, new StampService(deps));
}
