import { lazyWithTexts } from '../../lib/lazy';
import type { Feature } from '../../app/feature';
import { taskSchedulingPermissions } from './permissions';
import { TASK_LOG_PATH, TASK_PATH } from './shared';

/** Scheduled tasks (系统管理 › 定时任务) and their run log (任务日志). */
export const taskSchedulingFeature: Feature = {
  name: 'taskScheduling',
  routes: [
    {
      path: TASK_PATH,
      page: lazyWithTexts(() => import('./TaskSchedulingPage'), ['pickers', 'taskScheduling']),
      titleKey: 'menu:task',
      menuCode: 'system.task',
    },
    {
      path: TASK_LOG_PATH,
      page: lazyWithTexts(() => import('./TaskLogPage'), ['taskScheduling']),
      titleKey: 'menu:taskLog',
      menuCode: 'system.taskLog',
    },
  ],
  menuKeys: ['system.task', 'system.taskLog'],
  permissions: Object.values(taskSchedulingPermissions),
  locales: import.meta.glob<Record<string, unknown>>(['./locales/*/*.json', '!./locales/*/menu.json'], { import: 'default' }),
  menuTexts: import.meta.glob<Record<string, unknown>>('./locales/*/menu.json', { eager: true, import: 'default' }),
};
