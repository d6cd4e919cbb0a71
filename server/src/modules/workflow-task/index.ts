import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../core/deps.js';

/** Issue 10: approval calls, task lists, drafts, monitor and the tokenless launch (docs/workflow-design.md). */
export default async function workflowTaskModule(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  void app;
  void deps;
}
