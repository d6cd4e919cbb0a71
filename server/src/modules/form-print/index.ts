import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../core/deps.js';
import { formPrintRoutes } from './form-print.routes.js';

/** Issue 9: PDF output of the web's print view, rendered by headless Chromium (docs/form-publishing-design.md "Printing"). */
export default async function formPrintModule(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  formPrintRoutes(app, deps);
}
