import { NewsService } from './news.service.js';
import { newsRoutes } from './news.routes.js';
import { defineModule } from '../../core/module.js';
import { messages } from './messages.js';

/** The module's table types; `tables.ts` also adds them to `Database`. */
export type * from './tables.js';

export default defineModule({
  name: 'news',
  messages,
  routes: async (app, deps) => {
    newsRoutes(app, new NewsService(deps));
  },
});
