import { DatabaseLinkService } from './database-link.service.js';
import { databaseLinkRoutes } from './database-link.routes.js';
import { requestLimit } from '../../core/rate-limit.js';
import { defineModule } from '../../core/module.js';
import { messages } from './messages.js';
import { sqlTaskType } from './sql-task.js';

/** The module's table types; `tables.ts` also adds them to `Database`. */
export type * from './tables.js';

/** Data platform (docs/data-platform-design.md): database links, table browsing, read-only user SQL. */
export default defineModule({
  name: 'database-link',
  messages,
  routes: async (app, deps) => {
    databaseLinkRoutes(app, new DatabaseLinkService(deps), requestLimit(deps.config.rateLimits.query));
  },
  taskTypes: (deps) => [sqlTaskType(deps)],
});
