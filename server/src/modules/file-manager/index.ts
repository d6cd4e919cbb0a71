import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../core/deps.js';

/** The personal file manager (issue 6, docs/files-design.md). */
export default async function fileManagerModule(_app: FastifyInstance, _options: { deps: AppDeps }) {}
