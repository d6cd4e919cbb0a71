import { NoticeService } from './notice.service.js';
import { noticeRoutes } from './notice.routes.js';
import { defineModule } from '../../core/module.js';
import { messages } from './messages.js';

/** The module's table types; `tables.ts` also adds them to `Database`. */
export type * from './tables.js';

export default defineModule({
  name: 'notice',
  messages,
  routes: async (app, deps) => {
    noticeRoutes(app, new NoticeService(deps));
  },
});
