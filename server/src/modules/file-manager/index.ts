import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../core/deps.js';
import { FileManagerService } from './file-manager.service.js';
import { fileManagerRoutes } from './file-manager.routes.js';

/** The personal file manager (docs/files-design.md). */
export default async function fileManagerModule(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  fileManagerRoutes(app, new FileManagerService(deps));
}
