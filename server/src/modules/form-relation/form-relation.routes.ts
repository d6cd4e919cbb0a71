import type { FastifyInstance } from 'fastify';
import type { RelationServices } from './index.js';

/**
 * GET/POST /form-relation, PUT/DELETE /form-relation/{id}, GET /form-relation/{id} (detail),
 * GET /form-relation/{id}/page-info, GET and PUT /data-condition/{id} (docs/form-publishing-design.md).
 */
export function formRelationRoutes(_app: FastifyInstance, _services: RelationServices): void {}
