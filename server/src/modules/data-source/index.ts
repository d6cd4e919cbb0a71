import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../core/deps.js';
import { DataSourceService } from './data-source.service.js';
import { dataSourceRoutes } from './data-source.routes.js';

export { DataSourceService } from './data-source.service.js';

/** Data sources of the data platform (docs/data-platform-design.md). */
export default async function dataSourceModule(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  dataSourceRoutes(app, new DataSourceService(deps));
}
