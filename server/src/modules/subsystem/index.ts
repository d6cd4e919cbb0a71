import { SubsystemService } from './subsystem.service.js';
import { subsystemRoutes } from './subsystem.routes.js';
import { defineModule } from '../../core/module.js';
import { messages } from './messages.js';

/** Sub-system administration. */
export default defineModule({
  name: 'subsystem',
  messages,
  routes: async (app, deps) => {
    subsystemRoutes(app, new SubsystemService(deps));
  },
});
