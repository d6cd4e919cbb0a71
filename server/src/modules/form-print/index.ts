import { formPrintRoutes } from './form-print.routes.js';
import { PdfRenderer } from './pdf-renderer.js';
import { defineModule } from '../../core/module.js';
import { messages } from './messages.js';

/** Where Chromium is unless CHROMIUM_PATH says otherwise. */
export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

/** PDF output of the web's print view, rendered by headless Chromium (docs/form-publishing-design.md "Printing"). */
export default defineModule({
  name: 'form-print',
  messages,
  routes: async (app, deps) => {
    const renderer = new PdfRenderer(process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM_PATH);
    app.addHook('onClose', () => renderer.close());
    formPrintRoutes(app, deps, renderer);
  },
});
