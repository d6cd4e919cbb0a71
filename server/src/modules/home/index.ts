import { HomeService } from './home.service.js';
import { homeRoutes } from './home.routes.js';
import { defineModule } from '../../core/module.js';

export default defineModule({
  name: 'home',
  routes: async (app, deps) => {
    homeRoutes(app, new HomeService(deps));
  },
});
