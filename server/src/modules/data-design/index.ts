import { CrudService } from './crud.service.js';
import { crudRoutes, designRoutes, libraryRoutes } from './data-design.routes.js';
import { DesignService } from './design.service.js';
import { LibraryService } from './library.service.js';
import { defineModule } from '../../core/module.js';
import { messages } from './messages.js';

/** The module's table types; `tables.ts` also adds them to `Database`. */
export type * from './tables.js';

/** Data platform (docs/data-platform-design.md): table design and release, common fields, generic CRUD, report relations. */
export default defineModule({
  name: 'data-design',
  messages,
  routes: async (app, deps) => {
    designRoutes(app, new DesignService(deps));
    libraryRoutes(app, new LibraryService(deps));
    crudRoutes(app, new CrudService(deps));
  },
});
