import { z } from 'zod';
import { fieldAuthority, formValues, type FieldAuthority } from './forms.js';
import { UNLISTED_FIELDS } from './form-logic/walk.js';

/**
 * Workflow engine (docs/workflow-design.md): the configuration of BPMN elements (one JSON document in
 * `<wf:config>`, shared by the engine and the designer's properties panel) and the approval calls' bodies and
 * answers, with the spec's field names.
 */

/** The XML namespace of our extension element `<wf:config>`. */
export const WF_NAMESPACE = 'http://approval-platform.dev/schema/wf';

export const BTN_AGREE = 'agree_';
export const BTN_REJECT = 'reject_';
export const BTN_PRINT = 'printing_';
export const BTN_TRANSFER = 'transfer_';
/** nodeInfo.needpassword: 2 asks for the e-signature password, 1 does not. */
export const NEED_PASSWORD = 2;

/** Activity types of the timeline (spec 2.9); anything else reads 'other'. */
export const ACTIVITY_TYPES = ['startEvent', 'userTask', 'scriptTask', 'endEvent', 'other'] as const;

/** Forwarder row (spec 3): '1' post, '2' role, '3' person; '4' department is ours (launch authority). */
export const forwarder = z.object({
  F_Id: z.string().max(64).optional(),
  F_ObjId: z.string().min(1).max(64),
  F_ObjName: z.string().max(200).default(''),
  F_ObjType: z.enum(['1', '2', '3', '4']),
});
export type Forwarder = z.infer<typeof forwarder>;

// ---------- element configuration (wf:config) ----------

export const CANDIDATE_TYPES = [
  'user',
  'post',
  'role',
  'department',
  'departmentHead',
  'starter',
  'starterLeader',
  'starterChoice',
  'previousLeader',
  'formField',
] as const;
/** The deepest leader level a starterLeader rule may reach. */
export const MAX_LEADER_LEVEL = 10;
/**
 * One approver rule. departmentHead: the managers of the departments `ids`; starterLeader: the starter's leaders
 * from level 1 up to `level`, in level order; starterChoice: the users the starter chose for the node at launch.
 */
export const candidateRule = z.object({
  type: z.enum(CANDIDATE_TYPES),
  /** user / post / role / department (departmentHead: department) ids. */
  ids: z.array(z.string().max(64)).max(500).default([]),
  /** Names shown in the designer next to the ids. */
  names: z.array(z.string().max(200)).max(500).optional(),
  /** formField: the field's __vModel__ holding a user id (or comma-joined ids). */
  field: z.string().max(100).optional(),
  /** starterLeader: levels 1 to `level` (absent: 1). */
  level: z.number().int().min(1).max(MAX_LEADER_LEVEL).optional(),
});
export type CandidateRule = z.infer<typeof candidateRule>;

export const nodeButton = z.object({ value: z.string().min(1).max(50), name: z.string().min(1).max(50) });
export type NodeButton = z.infer<typeof nodeButton>;

export const MI_COMPLETION = ['all', 'any', 'percentage'] as const;

export const userTaskConfig = z.object({
  candidates: z.array(candidateRule).default([]),
  /** The approver of the previous task picks this node's approvers among the candidates (retCode 2). */
  approverChoice: z.boolean().default(false),
  /** Result options (btnInfo); agree_ and reject_ by default. */
  buttons: z
    .array(nodeButton)
    .max(20)
    .default([
      { value: BTN_AGREE, name: '同意' },
      { value: BTN_REJECT, name: '驳回' },
    ]),
  /** Nodes a reject may return to; empty: every user task already passed and the start (the initiator). */
  rejectTargets: z.array(z.string().max(100)).default([]),
  /** Function buttons (functionBtnInfo): print and transfer. */
  print: z.boolean().default(true),
  transfer: z.boolean().default(true),
  /** Add / subtract signers on this (countersign) node (signation). */
  signation: z.boolean().default(false),
  /** The e-signature password is asked (needpassword 2). */
  needPassword: z.boolean().default(false),
  /** A stamp or signature must be chosen to approve. */
  signatureRequired: z.boolean().default(false),
  /** Countersign completion (the node's multiInstanceLoopCharacteristics make it a countersign). */
  completion: z.enum(MI_COMPLETION).default('all'),
  /** percentage: share of agreements (1–100) that completes the node. */
  percentage: z.number().int().min(1).max(100).default(100),
  /** Readers the node circulates to when it completes, in addition to the approver's forwarderList. */
  circulate: z.array(forwarder).default([]),
  /** Field authority per form scheme id. */
  formAuthority: z.record(z.string(), z.array(fieldAuthority)).default({}),
  /**
   * When the candidates resolve to nobody: refuse the action (default), pass the node by, or give the task to
   * `fallbackUsers` (admin; refused too when none of them is enabled).
   */
  whenNoCandidate: z.enum(['refuse', 'skip', 'admin']).default('refuse'),
  /** whenNoCandidate 'admin': the users the task goes to. */
  fallbackUsers: z.array(z.string().max(64)).max(50).default([]),
  /** Names shown in the designer next to fallbackUsers. */
  fallbackNames: z.array(z.string().max(200)).max(50).optional(),
});
export type UserTaskConfig = z.infer<typeof userTaskConfig>;

/**
 * The field authority an approval node applies to one of its forms: the fields the node names, every other field
 * read-only. Only the start node (the applicant) edits a form freely.
 */
export function approvalFieldAuthority(config: Pick<UserTaskConfig, 'formAuthority'>, formId: string): FieldAuthority[] {
  return [...(config.formAuthority[formId] ?? []), { formId: UNLISTED_FIELDS, view: true, edit: false, required: false }];
}

/** Whether an approval node may change anything on the form (it names a field it may edit). */
export function approvalMayEdit(config: Pick<UserTaskConfig, 'formAuthority'>, formId: string): boolean {
  return (config.formAuthority[formId] ?? []).some((a) => a.view !== false && a.edit !== false);
}

export const scriptAction = z.discriminatedUnion('type', [
  z.object({ type: z.literal('set'), variable: z.string().min(1).max(100), expression: z.string().max(2000) }),
  z.object({
    type: z.literal('interface'),
    /** An Interface of the Data platform, by id or code. */
    interfaceId: z.string().min(1).max(64),
    /** Parameter name → expression. */
    params: z.record(z.string(), z.string().max(2000)).default({}),
    resultVariable: z.string().max(100).optional(),
  }),
  /** Carbon copy: the instance is circulated to these posts / roles / people / departments. */
  z.object({ type: z.literal('circulate'), objects: z.array(forwarder).min(1).max(200) }),
]);
export type ScriptAction = z.infer<typeof scriptAction>;
export const scriptTaskConfig = z.object({ actions: z.array(scriptAction).max(50).default([]) });
export type ScriptTaskConfig = z.infer<typeof scriptTaskConfig>;

export const callActivityConfig = z.object({
  /** Variables copied back from the child when it ends; empty: all. */
  outputs: z.array(z.string().max(100)).default([]),
});
export type CallActivityConfig = z.infer<typeof callActivityConfig>;

/**
 * An embedded sub-process. Multi-instance: when its instances are done, like a countersign — all of them, the first
 * one (any, the others are cancelled) or a share of them; a BPMN completionCondition decides before these.
 */
export const subProcessConfig = z.object({
  completion: z.enum(MI_COMPLETION).default('all'),
  percentage: z.number().int().min(1).max(100).default(100),
  /** Multi-instance over a list: an expression giving it (form field, variable); one instance per item. */
  collection: z.string().max(2000).optional(),
  /** The local variable holding an instance's item (default `item`). */
  elementVariable: z.string().max(100).optional(),
});
export type SubProcessConfig = z.infer<typeof subProcessConfig>;

export const timerConfig = z.object({ action: z.enum(['remind', 'approve']).default('remind') });
export type TimerConfig = z.infer<typeof timerConfig>;

export const processConfig = z.object({
  /** Instance name; {schemeName} {starter} {date} (in TIME_ZONE) {serial} (the scheme's launches that day; appended when absent) are replaced. */
  titleTemplate: z.string().max(200).default('{schemeName}-{starter}-{date}'),
});
export type ProcessConfig = z.infer<typeof processConfig>;

// ---------- action bodies ----------

/** One form's values given with an action (create-process, task-handle). */
export const formValueEntry = z.object({
  F_FormId: z.string().min(1).max(64),
  /** 0 designed, 1 system, 2 address-based. */
  F_Type: z.coerce.number().int().min(0).max(2).default(0),
  F_UrlAddress: z.string().max(500).optional(),
  /** The record's key when it exists already. */
  F_Id: z.string().max(64).optional(),
  formData: formValues,
});
export type FormValueEntry = z.infer<typeof formValueEntry>;

/** Next-node approvers chosen after a retCode 2: node id → user ids. Accepted as JSON text too (the original sends text). */
export const chosenApprovers = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? [] : JSON.parse(v)) : v),
  z.array(z.object({ taskId: z.string().min(1).max(100), userList: z.array(z.string().max(64)).max(500) })).max(50),
);
export type ChosenApprovers = z.infer<typeof chosenApprovers>;

export const keyValue = z.object({
  F_Id: z.string().max(64).optional(),
  F_FormId: z.string().max(64).optional(),
  F_Type: z.coerce.number().int().optional(),
  F_UrlAddress: z.string().max(500).optional(),
});

/** POST /workflow-task/task-handle (spec 3 "Approval submission"). */
export const taskHandleBody = z.object({
  taskId: z.string().min(1).max(64),
  btnValue: z.string().min(1).max(50),
  message: z.string().max(2000).default(''),
  esignature: z.string().max(64).default(''),
  esignature_pwd: z.string().max(200).default(''),
  forwarderList: z.array(forwarder).max(200).default([]),
  formValue: z.array(formValueEntry).max(20).default([]),
  rejectNodeId: z.string().max(100).default(''),
  userJson: chosenApprovers.default([]),
  fileValue: z.string().max(64).default(''),
  relationTaskList: z.array(z.string().max(64)).max(50).default([]),
  keyValue: keyValue.optional(),
});
export type TaskHandleBody = z.infer<typeof taskHandleBody>;

/** POST /workflow-task/create-process. */
export const createProcessBody = z.object({
  schemeId: z.string().min(1).max(64),
  formValue: z.array(formValueEntry).max(20).default([]),
  userJson: chosenApprovers.default([]),
  relationTaskList: z.array(z.string().max(64)).max(50).default([]),
  name: z.string().max(200).optional(),
  message: z.string().max(2000).default(''),
  fileValue: z.string().max(64).default(''),
  /** The draft this launch came from; deleted with the launch. */
  draftId: z.string().max(64).optional(),
});
export type CreateProcessBody = z.infer<typeof createProcessBody>;

/** Candidate node (spec 3): the approvers to choose for one next node. */
export const candidateNode = z.object({
  name: z.string(),
  /** The node id. */
  taskId: z.string(),
  userList: z.array(z.object({ F_UserId: z.string(), F_RealName: z.string(), F_Account: z.string() })),
  /** The starter picks any enabled user of the tenant (a starterChoice node at launch; userList is empty). */
  anyUser: z.boolean().optional(),
});
export type CandidateNode = z.infer<typeof candidateNode>;

/** retCode 0 done, 1 wrong e-signature password, 2 choose next-node approvers (nodes). 1 and 2 change nothing. */
export const actionResult = z.object({
  retCode: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  processInstanceId: z.string(),
  nodes: z.array(candidateNode).optional(),
});
export type ActionResult = z.infer<typeof actionResult>;

// ---------- reads shared by the screens ----------

export const rejectNode = z.object({ activityName: z.string(), activityType: z.string(), activitiId: z.string() });
export type RejectNode = z.infer<typeof rejectNode>;

export const nextNodeInfo = z.object({ actName: z.string(), activityName: z.string(), activityType: z.string() });

/** Timeline record (spec 3). */
/** One value an approver changed on the form: the field (its label, and the row for a sub-table cell), old and new. */
export const fieldChange = z.object({
  /** __vModel__ of the field; `table[row].column` for a sub-table cell (row counted from 1). */
  field: z.string(),
  label: z.string(),
  old: z.string(),
  new: z.string(),
});
export type FieldChange = z.infer<typeof fieldChange>;

export const timelineRecord = z.object({
  activityId: z.string(),
  activityName: z.string(),
  activityType: z.string(),
  candidate: z.array(z.string()),
  assignee: z.string().nullable(),
  startUserId: z.string().nullable(),
  endTime: z.string().nullable(),
  time: z.string(),
  multiInstance: z.boolean(),
  btnValue: z.string().nullable(),
  btnName: z.string().nullable(),
  message: z.string().nullable(),
  esignature: z.string().nullable(),
  nextNodeInfo: z.array(nextNodeInfo),
  manualinfos: z.array(z.object({ departmentName: z.string(), account: z.string(), realName: z.string() })),
  /** The sentence the spec's wording rules make of the record (zh or en by Accept-Language). */
  text: z.string(),
  /** Form values the approver changed with this action (empty when nothing changed). */
  fieldChanges: z.array(fieldChange).default([]),
});
export type TimelineRecord = z.infer<typeof timelineRecord>;
