import { LanguageService } from './language.service.js';
import { languageRoutes } from './language.routes.js';
import { defineModule } from '../../core/module.js';
import { messages } from './messages.js';

/** The module's table types; `tables.ts` also adds them to `Database`. */
export type * from './tables.js';

/** Multi-language: language types and translation mappings of dictionary items and menu entries. */
export default defineModule({
  name: 'language',
  messages,
  routes: async (app, deps) => {
    languageRoutes(app, new LanguageService(deps));
  },
});
