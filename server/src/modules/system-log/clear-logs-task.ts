import { taskTypeConfigs, type TaskConfigOf } from '@app/contracts';
import type { AppDeps } from '../../core/deps.js';
import { defineTaskType, type RegisteredTaskType } from '../../core/task-types.js';
import { LogRepository } from './system-log.repository.js';

const DAY_MS = 86_400_000;

/** Built-in scheduled task: deletes the tenant's operation, exception and sign-in logs older than keepDays. */
export function clearLogsTaskType(deps: AppDeps): RegisteredTaskType {
  const repo = new LogRepository(deps.db);
  return defineTaskType<TaskConfigOf<'clearLogs'>>({
    key: 'clearLogs',
    config: taskTypeConfigs.clearLogs,
    run: async ({ auth, config }) => {
      const rows = await repo.removeBefore(auth.tenantId, new Date(Date.now() - config.keepDays * DAY_MS));
      return { summary: { key: 'log.taskCleared', params: { rows, days: config.keepDays } } };
    },
  });
}
