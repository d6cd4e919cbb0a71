import { formPrintRoutes } from './form-print.routes.js';
import { PdfRenderer } from './pdf-renderer.js';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../core/deps.js';
import { defineModule } from '../../core/module.js';
import { messages } from './messages.js';

/** Where Chromium is unless CHROMIUM_PATH says otherwise. */
export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

const renderers = new WeakMap<AppDeps, PdfRenderer>();

/**
 * The app's one headless Chromium for PDF output (form print views, reports): launched at the first PDF, closed
 * with the app.
 */
export function pdfRendererOf(app: FastifyInstance, deps: AppDeps): PdfRenderer {
  let renderer = renderers.get(deps);
  if (!renderer) {
    const made = new PdfRenderer(process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM_PATH);
    renderers.set(deps, made);
    app.addHook('onClose', () => made.close());
    renderer = made;
  }
  return renderer;
}

/** PDF output of the web's print view, rendered by headless Chromium (docs/form-publishing-design.md "Printing"). */
export default defineModule({
  name: 'form-print',
  messages,
  routes: async (app, deps) => formPrintRoutes(app, deps, pdfRendererOf(app, deps)),
});
