import type { AppDeps } from '../../core/deps.js';
import { FormSchemeService } from '../form-scheme/form-scheme.service.js';
import { dataRelationRoutes } from './data-relation.routes.js';
import { formRelationRoutes } from './form-relation.routes.js';
import { publishedListRoutes } from './published-list.routes.js';
import { PublishedListService } from './published-list.service.js';
import { RelationAccess } from './relation-access.js';
import { defineModule } from '../../core/module.js';
import { messages } from './messages.js';

/** The module's table types; `tables.ts` also adds them to `Database`. */
export type * from './tables.js';

export interface RelationServices {
  deps: AppDeps;
  schemes: FormSchemeService;
  access: RelationAccess;
  lists: PublishedListService;
}

/** Form publishing (docs/form-publishing-design.md): form relations (published pages), their lists, data relations and conditions. */
export default defineModule({
  name: 'form-relation',
  messages,
  routes: async (app, deps) => {
    // Relations never save form schemes, so no address is ever checked here.
    const schemes = new FormSchemeService(deps, () => false);
    const access = new RelationAccess(deps, schemes);
    const services: RelationServices = { deps, schemes, access, lists: new PublishedListService(deps, access) };
    formRelationRoutes(app, services);
    dataRelationRoutes(app, services);
    publishedListRoutes(app, services);
  },
});
