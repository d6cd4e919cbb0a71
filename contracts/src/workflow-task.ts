import type { PermissionsOf } from './common/permissions.js';
import { z } from 'zod';
import { pageQuery } from './common/paging.js';
import { formValueEntry, rejectNode, timelineRecord } from './workflow.js';

/** Permission keys: The process monitor. */
export const workflowMonitorPermissions = {
  workflowMonitorList: 'workflow.monitor.list',
  workflowMonitorSuspend: 'workflow.monitor.suspend',
  workflowMonitorAssign: 'workflow.monitor.assign',
} as const;
declare module './common/permissions.js' {
  interface ModulePermissions extends PermissionsOf<typeof workflowMonitorPermissions> {}
}

/** Task lists, drafts, monitor and the task-form answer. Owned by the workflow-task module. */

const optionalText = (max: number) => z.string().trim().max(max).optional();

/** Every task list: pageQuery (keyword on instance and scheme name) plus scheme and creation-date filters ('yyyy-MM-dd'). */
export const workflowTaskPageQuery = pageQuery.extend({
  F_SchemeId: optionalText(64),
  startTime: optionalText(30),
  endTime: optionalText(30),
});
export type WorkflowTaskPageQuery = z.infer<typeof workflowTaskPageQuery>;

/** The monitor's lists: the whole tenant, also by starter. */
export const workflowMonitorPageQuery = workflowTaskPageQuery.extend({ starterId: optionalText(64) });
export type WorkflowMonitorPageQuery = z.infer<typeof workflowMonitorPageQuery>;

/** The instance a list row is about: every task and instance list names it the same way. */
const instanceOfRow = z.object({
  processInstanceId: z.string(),
  F_SchemeId: z.string(),
  schemeName: z.string(),
  processName: z.string(),
});

/** GET /workflow-task/upcoming-task: an open task the caller may act on. */
export const upcomingTaskRow = instanceOfRow.extend({
  taskId: z.string(),
  nodeId: z.string(),
  taskName: z.string(),
  startUserId: z.string(),
  startUser: z.string(),
  createTime: z.string(),
  isSuspended: z.boolean(),
  /** The delegator (or the approver before a transfer) when the caller acts on someone's behalf. */
  owner: z.string().nullable(),
  ownerName: z.string().nullable(),
});
export type UpcomingTaskRow = z.infer<typeof upcomingTaskRow>;

/** GET /workflow-task/history-task: a task the caller completed. */
export const historyTaskRow = instanceOfRow.extend({
  taskId: z.string(),
  nodeId: z.string(),
  taskName: z.string(),
  startUser: z.string(),
  btnValue: z.string().nullable(),
  btnName: z.string().nullable(),
  state: z.string(),
  createTime: z.string(),
  endTime: z.string().nullable(),
});
export type HistoryTaskRow = z.infer<typeof historyTaskRow>;

/** GET /workflow-task/my-task, recycle-task and the monitor lists: one instance. */
export const instanceRow = instanceOfRow.extend({
  /** running, suspended, completed, recalled, terminated. */
  state: z.string(),
  isSuspended: z.boolean(),
  startUserId: z.string(),
  startUser: z.string(),
  /** Names of the nodes with open tasks, comma-joined ('' when none). */
  currentNodes: z.string(),
  createTime: z.string(),
  completedTime: z.string().nullable(),
  recycledTime: z.string().nullable(),
});
export type InstanceRow = z.infer<typeof instanceRow>;

/** GET /workflow-task/manual-task: circulated to the caller. */
export const circulationRow = instanceOfRow.extend({
  F_Id: z.string(),
  taskName: z.string(),
  fromUser: z.string().nullable(),
  startUser: z.string(),
  createTime: z.string(),
  isRead: z.boolean(),
  readTime: z.string().nullable(),
});
export type CirculationRow = z.infer<typeof circulationRow>;

/** POST /workflow-task/saveOrEditTempfiledInfo. */
export const workflowDraftBody = z.object({
  F_Id: z.string().max(64).optional(),
  schemeId: z.string().min(1).max(64),
  name: z.string().max(200).default(''),
  formValue: z
    .array(formValueEntry.partial({ formData: true }).passthrough())
    .max(20)
    .default([]),
});
export type WorkflowDraftBody = z.infer<typeof workflowDraftBody>;

export const workflowDraftRow = z.object({
  F_Id: z.string(),
  schemeId: z.string(),
  schemeName: z.string(),
  name: z.string(),
  formValue: z.array(z.unknown()),
  createTime: z.string(),
  updateTime: z.string(),
});
export type WorkflowDraftRow = z.infer<typeof workflowDraftRow>;

/** GET /workflow-task/counts: the menu badges. */
export const workflowCounts = z.object({ upcoming: z.number().int(), circulatedUnread: z.number().int(), drafts: z.number().int() });
export type WorkflowCounts = z.infer<typeof workflowCounts>;

// ---------- queries and bodies of the action calls ----------

export const processInstanceQuery = z.object({ processInstanceId: z.string().trim().min(1).max(64) });
export const taskIdQuery = z.object({ taskId: z.string().trim().min(1).max(64) });
export const createProcessFormQuery = z.object({
  nwfSchemeInfoId: z.string().trim().min(1).max(64),
  F_FormId: z.string().trim().min(1).max(64),
  keyValue: z.string().trim().min(1).max(64),
});
export const signatureBody = z.object({
  taskId: z.string().min(1).max(64),
  /** Comma-joined user ids. */
  userListStr: z.string().min(1).max(20_000),
  type: z.enum(['add', 'subtract']),
});
export const changeCandidateQuery = z.object({
  taskId: z.string().trim().min(1).max(64),
  oldUserId: z.string().trim().min(1).max(64),
  newUserId: z.string().trim().min(1).max(64),
});
export const transferBody = z.object({
  taskId: z.string().min(1).max(64),
  userId: z.string().min(1).max(64),
  message: z.string().max(2000).default(''),
});
export const assignBody = z.object({ taskId: z.string().min(1).max(64), userId: z.string().min(1).max(64) });
export const validateSignationBody = z.object({
  stampId: z.string().trim().min(1).max(64),
  password: z.string().max(200).default(''),
});
export const taskFormQuery = z.object({
  taskId: optionalText(64),
  processInstanceId: optionalText(64),
  nwfRelationId: optionalText(64),
});
export const nodeInfoQuery = processInstanceQuery.extend({ nodeId: z.string().trim().min(1).max(100) });
export const taskInfoQuery = z.object({ operation: optionalText(50), taskId: z.string().trim().min(1).max(64) });

/** Attachment (spec 3): a file given during approval. */
export const taskAttachment = z.object({
  F_Id: z.string(),
  fileName: z.string(),
  fileType: z.string(),
  actName: z.string(),
  createTime: z.string(),
  createUserName: z.string(),
  /** Signed address (works without the Bearer header). */
  filePath: z.string(),
});
export type TaskAttachment = z.infer<typeof taskAttachment>;

/** Comment or opinion (spec 3). */
export const taskComment = z.object({
  nodeId: z.string(),
  nodeName: z.string(),
  btnValue: z.string(),
  btnName: z.string(),
  message: z.string(),
  createUser: z.string(),
  time: z.string(),
  /** Address of the stamp image (signed file address, or the handwritten signature's data URL); '' without one. */
  esignature: z.string(),
});
export type TaskComment = z.infer<typeof taskComment>;

export const fieldInfo = z.object({
  formId: z.union([z.string(), z.number()]),
  view: z.boolean(),
  edit: z.boolean(),
  required: z.boolean(),
  filedsType: z.string().optional(),
});

/** Task-form item (spec 3): one form of the instance. */
export const taskFormItem = z.object({
  primaryKey: z.string(),
  F_FormId: z.string(),
  F_Type: z.number().int(),
  F_Name: z.string(),
  F_Url: z.string(),
  F_Scheme: z.unknown(),
  formData: z.record(z.string(), z.unknown()),
  formFieldInfo: z.object({ F_Id: z.string(), F_Type: z.number().int(), F_Name: z.string(), F_Url: z.string(), children: z.array(fieldInfo) }),
  relationTaskList: z.array(z.string()),
  taskComment: z.array(taskComment),
});
export type TaskFormItem = z.infer<typeof taskFormItem>;

export const processInfo = z.object({
  btnInfo: z.array(z.object({ value: z.string(), name: z.string() })),
  functionBtnInfo: z.array(z.object({ value: z.string(), name: z.string() })),
  rejectnode: z.array(rejectNode),
  nodeInfo: z.object({ needpassword: z.number().int(), nodeId: z.string(), nodeName: z.string(), multiInstance: z.boolean(), signatureRequired: z.boolean() }),
  signation: z.boolean(),
  /** Next nodes the approver may choose approvers for (when the next node has approverChoice). */
  retNodeList: z.array(z.object({ nodeId: z.string(), nodeName: z.string() })),
  task_comment: z.array(taskComment),
  roams: z.array(timelineRecord),
  files: z.array(taskAttachment),
});
export type ProcessInfo = z.infer<typeof processInfo>;

/** GET /workflow-task/task-form. `readOnly` when opened by processInstanceId (or the task is not the caller's). */
export const taskFormAnswer = z.object({
  processInstanceId: z.string(),
  processName: z.string(),
  schemeName: z.string(),
  state: z.string(),
  taskId: z.string().nullable(),
  readOnly: z.boolean(),
  forms: z.array(taskFormItem),
  processInfo,
});
export type TaskFormAnswer = z.infer<typeof taskFormAnswer>;

export const taskInfoAnswer = z.object({
  taskId: z.string(),
  nodeId: z.string(),
  taskName: z.string(),
  state: z.string(),
  processInstanceId: z.string(),
  processName: z.string(),
  F_SchemeId: z.string(),
  schemeName: z.string(),
  instanceState: z.string(),
  startUser: z.string(),
  createTime: z.string(),
});

export const manualInfo = z.object({
  nodeId: z.string(),
  nodeName: z.string(),
  userId: z.string(),
  realName: z.string(),
  account: z.string(),
  departmentName: z.string(),
  done: z.boolean(),
});

export const nodeInfoAnswer = z.object({
  nodeId: z.string(),
  nodeName: z.string(),
  nodeType: z.string(),
  multiInstance: z.boolean(),
  records: z.array(timelineRecord),
  approvers: z.array(manualInfo),
});

export const relationTaskRow = z.object({
  processInstanceId: z.string(),
  processName: z.string(),
  F_SchemeId: z.string(),
  schemeName: z.string(),
  startUser: z.string(),
  createTime: z.string(),
  completedTime: z.string().nullable(),
});

export const signedAddress = z.object({ url: z.string() });
export const validSignation = z.object({ valid: z.boolean() });

/** POST /nwfschemeinfo/createProcess (form-encoded, no token; signed launch key). */
export const publicLaunchBody = z.object({
  tenantCode: z.string().trim().min(1).max(64),
  schemeCode: z.string().trim().min(1).max(100),
  account: z.string().trim().min(1).max(100),
  formData: z.string().max(1_000_000).default('[]'),
  timestamp: z.coerce.number().int(),
  sign: z.string().trim().min(1).max(128),
});
