import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../core/deps.js';

/** Issue 5: being built. */
export default async function dictionaryModule(_app: FastifyInstance, _options: { deps: AppDeps }) {}
