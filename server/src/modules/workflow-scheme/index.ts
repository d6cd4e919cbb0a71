import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../core/deps.js';

/** Issue 10: workflow schemes, versions, relations and launch authority (docs/workflow-design.md). */
export default async function workflowSchemeModule(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  void app;
  void deps;
}
