import { startTimerPoller } from './engine-port.js';
import { workflowTaskRoutes } from './workflow-task.routes.js';
import { WorkflowTaskService } from './workflow-task.service.js';
import { defineModule } from '../../core/module.js';
import { messages } from './messages.js';

/** The module's table types; `tables.ts` also adds them to `Database`. */
export type * from './tables.js';

/** Approval calls, task lists, drafts, monitor and the tokenless launch (docs/workflow-design.md "Task API"). */
export default defineModule({
  name: 'workflow-task',
  messages,
  routes: async (app, deps) => {
    workflowTaskRoutes(app, new WorkflowTaskService(deps), deps.metrics);
    // Due timers (reminders, automatic approval) are fired by a poller in every server process (each timer once:
    // FOR UPDATE SKIP LOCKED); tests fire them by hand (config.workflowTimers false).
    let stop: (() => void) | undefined;
    app.addHook('onReady', async () => {
      if (deps.config.workflowTimers === false) return;
      stop = startTimerPoller(deps);
    });
    app.addHook('onClose', async () => stop?.());
  },
});
