import { AccountService } from './account.service.js';
import { accountRoutes } from './account.routes.js';
import { defineModule } from '../../core/module.js';

/** The signed-in user's own account: info, password, head icon, profile. */
export default defineModule({
  name: 'account',
  routes: async (app, deps) => {
    accountRoutes(app, new AccountService(deps));
  },
});
