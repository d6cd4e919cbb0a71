import { DictionaryService } from './dictionary.service.js';
import { dictionaryRoutes } from './dictionary.routes.js';
import { defineModule } from '../../core/module.js';
import { messages } from './messages.js';

/** The module's table types; `tables.ts` also adds them to `Database`. */
export type * from './tables.js';

/** Data dictionary: types and items, tenant-owned, item names translated through the language mappings. */
export default defineModule({
  name: 'dictionary',
  messages,
  routes: async (app, deps) => {
    dictionaryRoutes(app, new DictionaryService(deps));
  },
});
