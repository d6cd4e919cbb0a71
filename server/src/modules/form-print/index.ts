import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../core/deps.js';
import { formPrintRoutes } from './form-print.routes.js';
import { PdfRenderer } from './pdf-renderer.js';

/** Where Chromium is unless CHROMIUM_PATH says otherwise. */
export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

/** PDF output of the web's print view, rendered by headless Chromium (docs/form-publishing-design.md "Printing"). */
export default async function formPrintModule(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const renderer = new PdfRenderer(process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM_PATH);
  app.addHook('onClose', () => renderer.close());
  formPrintRoutes(app, deps, renderer);
}
