import type { FastifyInstance } from 'fastify';
import type { RelationServices } from './index.js';

/**
 * The published page's data: GET /form-relation/{id}/list, …/data (CRUD), …/export, …/import-template,
 * …/import, …/print/{keyValue} (docs/form-publishing-design.md).
 */
export function publishedListRoutes(_app: FastifyInstance, _services: RelationServices): void {}
