import { ClientLogService } from './client-log.service.js';
import { clientLogRoutes } from './client-log.routes.js';
import { defineModule } from '../../core/module.js';

/** The module's table types; `tables.ts` also adds them to `Database`. */
export type * from './tables.js';

export default defineModule({
  name: 'client-log',
  routes: async (app, deps) => {
    clientLogRoutes(app, new ClientLogService(deps));
  },
});
