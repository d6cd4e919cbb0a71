import { TenantService } from './tenant.service.js';
import { tenantRoutes } from './tenant.routes.js';
import { defineModule } from '../../core/module.js';
import { messages } from './messages.js';

/** Tenants and their users. */
export default defineModule({
  name: 'tenant',
  messages,
  routes: async (app, deps) => {
    tenantRoutes(app, new TenantService(deps));
  },
});
