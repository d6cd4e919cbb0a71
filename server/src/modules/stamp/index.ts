import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../core/deps.js';

/** Issue 10: stamps and e-signatures, and delegations (docs/workflow-design.md). */
export default async function stampModule(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  void app;
  void deps;
}
