import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../core/deps.js';
import { DelegateService } from './delegate.service.js';
import { delegateRoutes } from './delegate.routes.js';

/** Delegations: an approver's tasks go to a delegate for a time (docs/workflow-design.md "Stamps and delegation"). */
export default async function delegateModule(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  delegateRoutes(app, new DelegateService(deps));
}
