import { AuthService } from './auth.service.js';
import { authRoutes } from './auth.routes.js';
import { defineModule } from '../../core/module.js';

/** The module's table types; `tables.ts` also adds them to `Database`. */
export type * from './tables.js';

/** Sign-in, SMS codes, tenant check, token refresh and sign-out. */
export default defineModule({
  name: 'auth',
  routes: async (app, deps) => {
    authRoutes(app, new AuthService(deps), deps);
  },
});
