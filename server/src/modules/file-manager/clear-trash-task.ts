import { taskTypeConfigs, type TaskConfigOf } from '@app/contracts';
import type { AppDeps } from '../../core/deps.js';
import { defineTaskType, type RegisteredTaskType } from '../../core/task-types.js';
import { FileManagerService } from './file-manager.service.js';

const DAY_MS = 86_400_000;

/** Built-in scheduled task: deletes what has been in any user's trash longer than keepDays (files and their bytes). */
export function clearFileTrashTaskType(deps: AppDeps): RegisteredTaskType {
  const service = new FileManagerService(deps);
  return defineTaskType<TaskConfigOf<'clearFileTrash'>>({
    key: 'clearFileTrash',
    config: taskTypeConfigs.clearFileTrash,
    run: async ({ auth, config }) => {
      const files = await service.emptyTrashBefore(auth.tenantId, new Date(Date.now() - config.keepDays * DAY_MS));
      return { summary: { key: 'files.taskTrashCleared', params: { files, days: config.keepDays } } };
    },
  });
}
