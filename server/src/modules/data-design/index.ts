import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../core/deps.js';
import { CrudService } from './crud.service.js';
import { crudRoutes, designRoutes, libraryRoutes } from './data-design.routes.js';
import { DesignService } from './design.service.js';
import { LibraryService } from './library.service.js';

/** Data platform (docs/data-platform-design.md): table design and release, common fields, generic CRUD, report relations. */
export default async function dataDesignModule(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  designRoutes(app, new DesignService(deps));
  libraryRoutes(app, new LibraryService(deps));
  crudRoutes(app, new CrudService(deps));
}
