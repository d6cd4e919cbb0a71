import { MenuService } from './menu.service.js';
import { menuRoutes } from './menu.routes.js';
import { defineModule } from '../../core/module.js';

/** The menu the shell renders and the systems it can switch between. */
export default defineModule({
  name: 'menu',
  routes: async (app, deps) => {
    menuRoutes(app, new MenuService(deps));
  },
});
