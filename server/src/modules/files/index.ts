import multipart from '@fastify/multipart';
import { FilesService } from './files.service.js';
import { filesRoutes } from './files.routes.js';
import { defineModule } from '../../core/module.js';
import { messages } from './messages.js';

/** The module's table types; `tables.ts` also adds them to `Database`. */
export type * from './tables.js';

/** Most files one multiple-file upload may carry. */
const MAX_FILES_PER_REQUEST = 50;

/** Uploads, attachment folders and the signed byte route (docs/files-design.md). */
export default defineModule({
  name: 'files',
  messages,
  routes: async (app, deps) => {
    // Registered here, so multipart bodies are parsed by this module's routes only.
    await app.register(multipart, {
      limits: {
        // One more byte than the hard cap, so the service's own limiter (which names the limit) sees the excess.
        fileSize: deps.config.uploadMaxBytes + 1,
        files: MAX_FILES_PER_REQUEST,
        fields: 5,
        fieldSize: 64 * 1024,
        parts: MAX_FILES_PER_REQUEST + 5,
        headerPairs: 50,
      },
    });
    filesRoutes(app, new FilesService(deps));
  },
});
