import { AreaService } from './area.service.js';
import { areaRoutes } from './area.routes.js';
import { defineModule } from '../../core/module.js';
import { messages } from './messages.js';

/** The module's table types; `tables.ts` also adds them to `Database`. */
export type * from './tables.js';

/** China's administrative divisions. */
export default defineModule({
  name: 'area',
  messages,
  routes: async (app, deps) => {
    areaRoutes(app, new AreaService(deps));
  },
});
