import type { FastifyInstance } from 'fastify';
import type { RelationServices } from './index.js';

/** GET /data-relation, GET /data-relation/form/{formId}, PUT and DELETE /data-relation/{id}. */
export function dataRelationRoutes(_app: FastifyInstance, _services: RelationServices): void {}
