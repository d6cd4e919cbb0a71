import { AreaService } from './area.service.js';
import { areaRoutes } from './area.routes.js';
import { defineModule } from '../../core/module.js';
import { messages } from './messages.js';

/** China's administrative divisions. */
export default defineModule({
  name: 'area',
  messages,
  routes: async (app, deps) => {
    areaRoutes(app, new AreaService(deps));
  },
});
