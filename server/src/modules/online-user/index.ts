import { OnlineUserService } from './online-user.service.js';
import { onlineUserRoutes } from './online-user.routes.js';
import { defineModule } from '../../core/module.js';

export default defineModule({
  name: 'online-user',
  routes: async (app, deps) => {
    onlineUserRoutes(app, new OnlineUserService(deps));
  },
});
