import { ScheduleService } from './schedule.service.js';
import { scheduleRoutes } from './schedule.routes.js';
import { defineModule } from '../../core/module.js';
import { messages } from './messages.js';

/** The module's table types; `tables.ts` also adds them to `Database`. */
export type * from './tables.js';

export default defineModule({
  name: 'schedule',
  messages,
  routes: async (app, deps) => {
    scheduleRoutes(app, new ScheduleService(deps));
  },
});
