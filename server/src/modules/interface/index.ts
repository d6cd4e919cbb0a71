import { InterfaceService } from './interface.service.js';
import { interfaceRoutes } from './interface.routes.js';
import { defineModule } from '../../core/module.js';
import { interfaceTaskType } from './interface-task.js';
import { messages } from './messages.js';

/** The module's table types; `tables.ts` also adds them to `Database`. */
export type * from './tables.js';

export { InterfaceService } from './interface.service.js';

/** Interfaces of the data platform (docs/data-platform-design.md). */
export default defineModule({
  name: 'interface',
  messages,
  routes: async (app, deps) => {
    interfaceRoutes(app, new InterfaceService(deps));
  },
  taskTypes: (deps) => [interfaceTaskType(deps)],
});
