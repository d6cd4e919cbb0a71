import { defineModule } from '../../core/module.js';
import { MessageService } from './message.service.js';
import { messageRoutes } from './message.routes.js';
import { messages } from './messages.js';

/** The module's table types; `tables.ts` also adds them to `Database`. */
export type * from './tables.js';

/** Message centre and push (spec 7). Its service is built by the app as every module's deps.messages (a Notifier). */
export default defineModule({
  name: 'message',
  messages,
  routes: async (app, deps) => {
    if (!(deps.messages instanceof MessageService)) throw new Error("deps.messages must be the message module's MessageService");
    messageRoutes(app, deps.messages);
  },
});
