import type {
  PageResult,
  TaskLogQuery,
  TaskLogRow,
  TaskSchedulePreview,
  TaskSchedulePreviewBody,
  TaskSchedulingBody,
  TaskSchedulingDetail,
  TaskSchedulingQuery,
  TaskSchedulingRow,
  TaskTypeInfo,
} from '@app/contracts';
import { api } from '../../lib/api';

const one = (id: string) => `/task-scheduling/${encodeURIComponent(id)}`;

/** Scheduled tasks (系统管理 › 定时任务): CRUD, start / stop, run now, the schedule preview and the types this server runs. */
export const taskApi = {
  list: (q: Partial<TaskSchedulingQuery> & { limit: number; size: number }) => api.get<PageResult<TaskSchedulingRow>>('/task-scheduling', q),
  detail: (id: string) => api.get<TaskSchedulingDetail>(one(id)),
  add: (body: TaskSchedulingBody) => api.post<{ F_Id: string }>('/task-scheduling', body),
  update: (id: string, body: TaskSchedulingBody) => api.put<{ F_Id: string }>(one(id), body),
  remove: (id: string) => api.del(one(id)),
  start: (id: string) => api.patch(`${one(id)}/start`),
  stop: (id: string) => api.patch(`${one(id)}/stop`),
  /** Runs the task once now, outside its schedule: the queued run's log id. */
  run: (id: string) => api.post<{ logId: string }>(`${one(id)}/run`),
  /** The next five run times; silent: the form shows the server's refusal beside the schedule. */
  preview: (body: TaskSchedulePreviewBody) => api.post<TaskSchedulePreview>('/task-scheduling/preview', body, { silent: true }),
  types: () => api.get<TaskTypeInfo[]>('/task-scheduling/types'),
};

/** The run log (系统管理 › 任务日志). */
export const taskLogApi = {
  list: (q: Partial<TaskLogQuery> & { limit: number; size: number }) => api.get<PageResult<TaskLogRow>>('/task-scheduling-log', q),
  remove: (id: string) => api.del(`/task-scheduling-log/${encodeURIComponent(id)}`),
};
