import { NoticeService } from './notice.service.js';
import { noticeRoutes } from './notice.routes.js';
import { defineModule } from '../../core/module.js';
import { messages } from './messages.js';

export default defineModule({
  name: 'notice',
  messages,
  routes: async (app, deps) => {
    noticeRoutes(app, new NoticeService(deps));
  },
});
