import type { z } from 'zod';
import type {
  ActionResult,
  CirculationRow,
  CreateProcessBody,
  HistoryTaskRow,
  InstanceRow,
  PageResult,
  TaskAttachment,
  TaskFormAnswer,
  TaskHandleBody,
  TimelineRecord,
  UpcomingTaskRow,
  WfLaunchable,
  WfRelationRow,
  WorkflowCounts,
  WorkflowDraftBody,
  WorkflowDraftRow,
  WorkflowMonitorPageQuery,
  WorkflowTaskPageQuery,
  manualInfo,
  nodeInfoAnswer,
  relationTaskRow,
} from '@app/contracts';
import { api } from '../../lib/api';

/**
 * The one client of /workflow-task, /workflow-monitor and the launch reads (docs/workflow-design.md "Task API").
 * Every workflow screen calls the server through these functions.
 */

type Query = Record<string, string | number | null | undefined>;
const q = (x: object) => x as Query;
const enc = encodeURIComponent;

export type ManualInfo = z.infer<typeof manualInfo>;
export type NodeInfo = z.infer<typeof nodeInfoAnswer>;
export type RelationTaskRow = z.infer<typeof relationTaskRow>;
export interface SignatureUser {
  taskId: string;
  F_UserId: string;
  F_RealName: string;
  F_Account: string;
}
export interface TaskCandidateUser {
  taskId: string;
  nodeId: string;
  nodeName: string;
  F_UserId: string;
  F_RealName: string;
  F_Account: string;
  departmentName: string;
}

export const taskKeys = {
  all: ['workflow-task'] as const,
  counts: ['workflow-task', 'counts'] as const,
  list: (kind: string, query: object) => ['workflow-task', 'list', kind, query] as const,
  form: (taskId?: string, processInstanceId?: string) => ['workflow-task', 'form', taskId ?? '', processInstanceId ?? ''] as const,
  timeline: (processInstanceId: string) => ['workflow-task', 'timeline', processInstanceId] as const,
};

export const taskApi = {
  // lists
  upcoming: (query: WorkflowTaskPageQuery) => api.get<PageResult<UpcomingTaskRow>>('/workflow-task/upcoming-task', q(query)),
  history: (query: WorkflowTaskPageQuery) => api.get<PageResult<HistoryTaskRow>>('/workflow-task/history-task', q(query)),
  mine: (query: WorkflowTaskPageQuery) => api.get<PageResult<InstanceRow>>('/workflow-task/my-task', q(query)),
  circulated: (query: WorkflowTaskPageQuery) => api.get<PageResult<CirculationRow>>('/workflow-task/manual-task', q(query)),
  recycled: (query: WorkflowTaskPageQuery) => api.get<PageResult<InstanceRow>>('/workflow-task/recycle-task', q(query)),
  drafts: (query: WorkflowTaskPageQuery) => api.get<PageResult<WorkflowDraftRow>>('/workflow-task/getTempfiledInfoList', q(query)),
  counts: () => api.get<WorkflowCounts>('/workflow-task/counts', undefined, { silent: true }),
  relationTasks: (query: WorkflowTaskPageQuery) => api.get<PageResult<RelationTaskRow>>('/workflow-task/relationTask', q(query)),

  // launch
  launchable: (query: { F_Category?: string; keyword?: string } = {}) => api.get<WfLaunchable>('/workflow-scheme-info/launchable', q(query)),
  /** The forms bound to a scheme (its relations, by F_Sort): what the launch dialog shows. */
  formInfo: (nwfSchemeInfoId: string) => api.get<WfRelationRow[]>('/workflow-relation/formInfo', { nwfSchemeInfoId }),
  /** `idempotencyKey`: one per launch intent, so a double click or a retry after a lost answer launches once. */
  createProcess: (body: CreateProcessBody, idempotencyKey?: string) => api.post<ActionResult>('/workflow-task/create-process', body, { idempotencyKey }),
  saveDraft: (body: WorkflowDraftBody) => api.post<{ F_Id: string }>('/workflow-task/saveOrEditTempfiledInfo', body),
  deleteDraft: (id: string) => api.del<null>(`/workflow-task/delete-tempfiledInfo/${enc(id)}`),

  // the approval screen
  taskForm: (query: { taskId?: string; processInstanceId?: string; nwfRelationId?: string }) =>
    api.get<TaskFormAnswer>('/workflow-task/task-form', q(query), { silent: true }),
  /** `idempotencyKey`: one per opened task, so a double click or a retry after a lost answer acts once. */
  handle: (body: TaskHandleBody, idempotencyKey?: string) => api.post<ActionResult>('/workflow-task/task-handle', body, { idempotencyKey }),
  // Silent: the progress viewer shows a failure in its '消息' alert (administration.md "Workflow view failure").
  timeline: (processInstanceId: string) => api.get<TimelineRecord[]>('/workflow-task/history-taskList', { processInstanceId }, { silent: true }),
  nodeInfo: (processInstanceId: string, nodeId: string) => api.get<NodeInfo>('/workflow-task/node-info', { processInstanceId, nodeId }),
  manualInfo: (processInstanceId: string, nodeId?: string) => api.get<ManualInfo[]>('/workflow-task/get-manualinfo', q({ processInstanceId, nodeId })),
  attachments: (processInstanceId: string) => api.get<TaskAttachment[]>('/workflow-task/getAnnexInfo', { processInstanceId }),
  relationInfo: (processInstanceId: string) => api.get<RelationTaskRow[]>('/workflow-task/relationTask-Info', { processInstanceId }),
  diagramUrl: (processInstanceId: string) => api.get<{ url: string }>('/workflow-task/view-process-url', { processInstanceId }, { silent: true }),
  validateSignation: (stampId: string, password: string) => api.post<{ valid: boolean }>('/workflow-task/validate-signation', { stampId, password }),
  circulationRead: (id: string) => api.post<null>(`/workflow-task/circulation-read/${enc(id)}`, {}, { silent: true }),

  // side actions
  transfer: (taskId: string, userId: string, message = '') => api.post<null>('/workflow-task/transfer', { taskId, userId, message }),
  signatureUsers: (taskId: string) => api.get<SignatureUser[]>('/workflow-task/signature-users', { taskId }),
  signature: (taskId: string, userIds: string[], type: 'add' | 'subtract') =>
    api.post<null>('/workflow-task/signature', { taskId, userListStr: userIds.join(','), type }),
  taskCandidates: (taskId: string) => api.get<TaskCandidateUser[]>(`/workflow-task/get-taskcanditeusers/taskId=${enc(taskId)}`),
  changeCandidate: (taskId: string, oldUserId: string, newUserId: string) =>
    api.put<null>(`/workflow-task/change-candidate?taskId=${enc(taskId)}&oldUserId=${enc(oldUserId)}&newUserId=${enc(newUserId)}`, {}),
  recall: (processInstanceId: string) => api.post<null>('/workflow-task/recall-process', { processInstanceId }),
  reinitiate: (processInstanceId: string) => api.post<ActionResult>('/workflow-task/reinitiate-process', { processInstanceId }),
  toRecycleBin: (processInstanceId: string) => api.del<null>(`/workflow-task/to-recyclebin/${enc(processInstanceId)}`),
  restore: (processInstanceId: string) => api.post<null>(`/workflow-task/restore-recyclebin/${enc(processInstanceId)}`, {}),
  deleteInstance: (processInstanceId: string) => api.del<null>(`/workflow-task/delete-processinstance/${enc(processInstanceId)}`),

  // monitor
  finished: (query: WorkflowMonitorPageQuery) => api.get<PageResult<InstanceRow>>('/workflow-monitor/finished-tasks', q(query)),
  unfinished: (query: WorkflowMonitorPageQuery) => api.get<PageResult<InstanceRow>>('/workflow-monitor/unfinished-tasks', q(query)),
  suspend: (processInstanceId: string) => api.post<null>('/workflow-monitor/suspend-process', { processInstanceId }),
  resume: (processInstanceId: string) => api.post<null>('/workflow-monitor/resume-process', { processInstanceId }),
  assign: (taskId: string, userId: string) => api.patch<null>('/workflow-monitor/assign', { taskId, userId }),
  /** The users of every open task of an instance (taskId, node, user): the monitor's assign dialog. */
  candidateUsers: (processInstanceId: string) => api.get<TaskCandidateUser[]>('/workflow-task/candidate-users', { processInstanceId }),
};
