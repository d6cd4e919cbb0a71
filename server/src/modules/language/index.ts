import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../core/deps.js';
import { LanguageService } from './language.service.js';
import { languageRoutes } from './language.routes.js';

/** Multi-language: language types and translation mappings of dictionary items and menu entries. */
export default async function languageModule(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  languageRoutes(app, new LanguageService(deps));
}
