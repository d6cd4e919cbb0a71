import { ClueService } from './clue.service.js';
import { clueRoutes } from './clue.routes.js';
import { defineModule } from '../../core/module.js';
import { messages } from './messages.js';

export default defineModule({
  name: 'clue',
  messages,
  routes: async (app, deps) => {
    clueRoutes(app, new ClueService(deps), deps);
  },
});
