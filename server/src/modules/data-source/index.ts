import { DataSourceService } from './data-source.service.js';
import { dataSourceRoutes } from './data-source.routes.js';
import { defineModule } from '../../core/module.js';
import { messages } from './messages.js';

/** The module's table types; `tables.ts` also adds them to `Database`. */
export type * from './tables.js';

export { DataSourceService } from './data-source.service.js';

/** Data sources of the data platform (docs/data-platform-design.md). */
export default defineModule({
  name: 'data-source',
  messages,
  routes: async (app, deps) => {
    dataSourceRoutes(app, new DataSourceService(deps));
  },
});
