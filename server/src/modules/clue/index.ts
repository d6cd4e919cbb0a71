import { ClueService } from './clue.service.js';
import { clueRoutes } from './clue.routes.js';
import { defineModule } from '../../core/module.js';
import { messages } from './messages.js';

/** The module's table types; `tables.ts` also adds them to `Database`. */
export type * from './tables.js';

export default defineModule({
  name: 'clue',
  messages,
  routes: async (app, deps) => {
    clueRoutes(app, new ClueService(deps), deps);
  },
});
