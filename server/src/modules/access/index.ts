import { accessRoutes } from './access.routes.js';
import { GrantAdminService } from './grant.service.js';
import { ModuleAdminService } from './module-admin.service.js';
import { defineModule } from '../../core/module.js';
import { messages } from './messages.js';

/** The module's table types; `tables.ts` also adds them to `Database`. */
export type * from './tables.js';

/** Menu administration, authorisation grants, data permissions and app functions. */
export default defineModule({
  name: 'access',
  messages,
  routes: async (app, deps) => {
    accessRoutes(app, new ModuleAdminService(deps), new GrantAdminService(deps));
  },
});
