import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../core/deps.js';

/** Uploads, attachment folders and the signed byte route (issue 6, docs/files-design.md). */
export default async function filesModule(_app: FastifyInstance, _options: { deps: AppDeps }) {}
