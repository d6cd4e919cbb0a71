import { workflowSchemeRoutes } from './workflow-scheme.routes.js';
import { defineModule } from '../../core/module.js';
import { messages } from './messages.js';

/** The module's table types; `tables.ts` also adds them to `Database`. */
export type * from './tables.js';

/** Workflow schemes, versions, relations and launch authority (docs/workflow-design.md "Schemes"). */
export default defineModule({
  name: 'workflow-scheme',
  messages,
  routes: async (app, deps) => {
    workflowSchemeRoutes(app, deps);
  },
});

export { diagramUrl } from './diagram-links.js';
