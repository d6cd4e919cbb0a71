import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../core/deps.js';
import { DictionaryService } from './dictionary.service.js';
import { dictionaryRoutes } from './dictionary.routes.js';

/** Data dictionary: types and items, tenant-owned, item names translated through the language mappings. */
export default async function dictionaryModule(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  dictionaryRoutes(app, new DictionaryService(deps));
}
