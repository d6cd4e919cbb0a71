import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../core/deps.js';

/** POST /form-print/pdf (docs/form-publishing-design.md "Printing"). */
export function formPrintRoutes(_app: FastifyInstance, _deps: AppDeps): void {}
