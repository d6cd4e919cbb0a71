import { DelegateService } from './delegate.service.js';
import { delegateRoutes } from './delegate.routes.js';
import { defineModule } from '../../core/module.js';
import { messages } from './messages.js';

/** The module's table types; `tables.ts` also adds them to `Database`. */
export type * from './tables.js';

/** Delegations: an approver's tasks go to a delegate for a time (docs/workflow-design.md "Stamps and delegation"). */
export default defineModule({
  name: 'delegate',
  messages,
  routes: async (app, deps) => {
    delegateRoutes(app, new DelegateService(deps));
  },
});
