import { StampService } from './stamp.service.js';
import { stampRoutes } from './stamp.routes.js';
import { defineModule } from '../../core/module.js';
import { messages } from './messages.js';

/** The module's table types; `tables.ts` also adds them to `Database`. */
export type * from './tables.js';

/** Stamps and e-signatures (docs/workflow-design.md "Stamps and delegation"). */
export default defineModule({
  name: 'stamp',
  messages,
  routes: async (app, deps) => {
    stampRoutes(app, new StampService(deps));
  },
});
