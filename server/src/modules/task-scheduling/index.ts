import { defineModule } from '../../core/module.js';
import { importTemplateUpdater } from '../excel-template/import-updater.js';
import { messages } from './messages.js';
import { taskSchedulingRoutes } from './task-scheduling.routes.js';
import { TaskSchedulingService } from './task-scheduling.service.js';

/** The module's table types; `tables.ts` also adds them to `Database`. */
export type * from './tables.js';

/**
 * Scheduled tasks and their run log (docs/jobs-design.md). The planner runs in every server process that runs
 * background jobs; tests plan and run by hand (config.backgroundJobs false).
 */
export default defineModule({
  name: 'task-scheduling',
  messages,
  routes: async (app, deps) => {
    const service = new TaskSchedulingService(deps);
    taskSchedulingRoutes(app, service, importTemplateUpdater(deps));
    app.addHook('onReady', async () => {
      if (deps.config.backgroundJobs !== false) service.runner.startPlanning();
    });
    app.addHook('onClose', async () => service.runner.stopPlanning());
  },
});
