import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../core/deps.js';
import { workflowSchemeRoutes } from './workflow-scheme.routes.js';

/** Workflow schemes, versions, relations and launch authority (docs/workflow-design.md "Schemes"). */
export default async function workflowSchemeModule(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  workflowSchemeRoutes(app, deps);
}

export { diagramUrl } from './diagram-links.js';
