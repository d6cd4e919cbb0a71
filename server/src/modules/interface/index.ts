import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../core/deps.js';

/** Issue 7 (docs/data-platform-design.md). */
export default async function interfaceModule(_app: FastifyInstance, _options: { deps: AppDeps }) {}
