import { FileManagerService } from './file-manager.service.js';
import { fileManagerRoutes } from './file-manager.routes.js';
import { defineModule } from '../../core/module.js';
import { clearFileTrashTaskType } from './clear-trash-task.js';

/** The personal file manager (docs/files-design.md). */
export default defineModule({
  name: 'file-manager',
  routes: async (app, deps) => {
    fileManagerRoutes(app, new FileManagerService(deps));
  },
  taskTypes: (deps) => [clearFileTrashTaskType(deps)],
});
