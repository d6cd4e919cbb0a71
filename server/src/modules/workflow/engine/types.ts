import type { ActionResult, CreateProcessBody, TaskHandleBody } from '@app/contracts';
import type { AuthContext } from '../../../core/deps.js';

/**
 * The engine's shapes (docs/workflow-design.md). A scheme version's XML is parsed once (definition.ts) into a
 * WfGraph, stored as JSON with the version and read back by the executor; routing functions are pure over it.
 */

export type WfNodeType =
  | 'startEvent'
  | 'endEvent'
  | 'userTask'
  | 'scriptTask'
  | 'exclusiveGateway'
  | 'parallelGateway'
  | 'inclusiveGateway'
  | 'callActivity'
  | 'boundaryEvent'
  /** An embedded sub-process: a scope of its own (its nodes carry `scope`), multi-instance or not. */
  | 'subProcess'
  /** An intermediate timer catch event: the token waits until the timer fires. */
  | 'timerEvent'
  /** Any other flow node (task, manualTask, intermediate events…): passed straight through. */
  | 'passThrough';

export interface WfNode {
  id: string;
  type: WfNodeType;
  /** The BPMN element type as drawn (bpmn:Task, bpmn:ServiceTask…), for flags in the designer. */
  bpmnType: string;
  name: string;
  /** Sequence flow ids, in document order. */
  incoming: string[];
  outgoing: string[];
  /** The parsed `<wf:config>` JSON (validated with the node type's configSchema by the executor); {} when absent. */
  config: Record<string, unknown>;
  /** Gateways and activities: the default flow id. */
  defaultFlow?: string;
  /**
   * multiInstanceLoopCharacteristics. A user task is a countersign (one instance per assignee); a sub-process runs
   * `cardinality` times, or once per item of `collection` (an expression), each instance with `loopCounter` and
   * `elementVariable` as local variables, until `completionCondition` holds or its config's completion rule says so.
   */
  multiInstance?: { sequential: boolean; cardinality?: string; collection?: string; elementVariable?: string; completionCondition?: string };
  /** The sub-process this node lies in (absent: the process itself). */
  scope?: string;
  /** subProcess: the nodes a new scope starts at (its none start event, or every activity without incoming flow). */
  startNodes?: string[];
  /** Boundary events: the activity they are attached to, the timer and whether they cancel it. */
  attachedTo?: string;
  timer?: { duration?: string; date?: string; cycle?: string };
  cancelActivity?: boolean;
  /** endEvent with terminateEventDefinition. */
  terminate?: boolean;
  /** callActivity: the called scheme's code. */
  calledElement?: string;
  /** Boundary event ids attached to this activity. */
  boundaries: string[];
}

export interface WfFlow {
  id: string;
  name: string;
  source: string;
  target: string;
  /** Expression text, `${…}` removed; absent for an unconditional flow. */
  condition?: string;
  /** The flow's `<wf:config>` (the simple designer's structured conditions); absent when none. */
  config?: Record<string, unknown>;
}

export interface WfGraph {
  processId: string;
  name: string;
  /** ProcessConfig of the process element. */
  config: Record<string, unknown>;
  startNodeId: string;
  nodes: Record<string, WfNode>;
  flows: Record<string, WfFlow>;
}

/** A problem found on parse or save, with the element it concerns (for marking the diagram). */
export interface DefinitionIssue {
  elementId: string | null;
  /** i18n key under workflowScheme.* */
  key: string;
  params?: Record<string, string | number>;
  /** A warning does not stop a save (absent: an error). */
  severity?: 'warning';
}

/** start()'s options: launch over existing form records (create-processform). */
export interface StartOptions {
  /** The instance's form keys: existing records of the scheme's forms (F_Id = the record's key). */
  formKeys?: { F_FormId: string; F_Type: number; F_UrlAddress?: string; F_Id: string }[];
  /** Their values: the instance's form snapshot (conditions and formField rules read it). */
  formValues?: Record<string, unknown>;
  /** The client's Idempotency-Key: a repeat with the same key answers the first launch's result. */
  idempotencyKey?: string | null;
}

/**
 * What the engine offers the task API (implemented by executor.ts, obtained with `engineOf(deps)` from
 * engine/index.ts). Every method is one transaction that locks the root instance row first.
 */
export interface WorkflowActions {
  /** create-process: validates launch rights, saves the forms, starts, creates the first tasks. */
  start(auth: AuthContext, body: CreateProcessBody, options?: StartOptions): Promise<ActionResult>;
  /** task-handle: agree_ / reject_ / custom buttons, forms, stamp, circulation, next approvers. */
  handle(auth: AuthContext, body: TaskHandleBody, idempotencyKey?: string | null): Promise<ActionResult>;
  transfer(auth: AuthContext, input: { taskId: string; userId: string; message?: string }): Promise<void>;
  addSigners(auth: AuthContext, input: { taskId: string; userIds: string[] }): Promise<void>;
  removeSigners(auth: AuthContext, input: { taskId: string; userIds: string[] }): Promise<void>;
  recall(auth: AuthContext, processInstanceId: string): Promise<void>;
  reinitiate(auth: AuthContext, processInstanceId: string): Promise<ActionResult>;
  suspend(auth: AuthContext, processInstanceId: string, suspended: boolean): Promise<void>;
  assign(auth: AuthContext, input: { taskId: string; userId: string }): Promise<void>;
  /** again-candidate: the candidates of an open single-instance task worked out again; answers its users. */
  againCandidate(auth: AuthContext, taskId: string): Promise<string[]>;
  changeCandidate(auth: AuthContext, input: { taskId: string; oldUserId: string; newUserId: string }): Promise<void>;
  /** Fires due timers (each once across processes: FOR UPDATE SKIP LOCKED); answers how many fired. */
  fireDueTimers(now?: Date): Promise<number>;
}
