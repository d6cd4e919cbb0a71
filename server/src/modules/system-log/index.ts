import { LogService } from './system-log.service.js';
import { logRoutes } from './system-log.routes.js';
import { defineModule } from '../../core/module.js';
import { clearLogsTaskType } from './clear-logs-task.js';
import { messages } from './messages.js';

/** The module's table types; `tables.ts` also adds them to `Database`. */
export type * from './tables.js';

/** System logs; the operation and exception logs are written by SystemLogWriter (wired in app.ts). */
export default defineModule({
  name: 'system-log',
  messages,
  routes: async (app, deps) => {
    logRoutes(app, new LogService(deps));
  },
  taskTypes: (deps) => [clearLogsTaskType(deps)],
});
