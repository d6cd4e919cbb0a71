import { ClientLogService } from './client-log.service.js';
import { clientLogRoutes } from './client-log.routes.js';
import { defineModule } from '../../core/module.js';

export default defineModule({
  name: 'client-log',
  routes: async (app, deps) => {
    clientLogRoutes(app, new ClientLogService(deps));
  },
});
