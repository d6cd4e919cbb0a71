import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../core/deps.js';

/** Issue 4: being built. */
export default async function accessModule(_app: FastifyInstance, _options: { deps: AppDeps }) {}
