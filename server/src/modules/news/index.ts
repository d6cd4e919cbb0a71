import { NewsService } from './news.service.js';
import { newsRoutes } from './news.routes.js';
import { defineModule } from '../../core/module.js';
import { messages } from './messages.js';

export default defineModule({
  name: 'news',
  messages,
  routes: async (app, deps) => {
    newsRoutes(app, new NewsService(deps));
  },
});
