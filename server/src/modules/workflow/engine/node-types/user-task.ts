import { timerConfig, userTaskConfig, type UserTaskConfig } from '@app/contracts';
import { AppError } from '../../../../core/errors.js';
import { newId } from '../../../../core/ids.js';
import { activeDelegates } from '../../../delegate/delegate.repository.js';
import { enabledUsers, resolveCandidates, type CandidateUser } from '../candidates.js';
import { miDecision, type MiCompletion } from '../routing.js';
import * as store from '../store.js';
import { dueAt, parseTimerCycle } from '../timers.js';
import type { WfGraph, WfNode } from '../types.js';
import { circulate } from './circulate.js';
import type { ResumeContext } from './index.js';
import { FORM_VARIABLE, starterChoiceOf, type ActionRun, type InstanceRow } from './runtime.js';

/**
 * User tasks: single (one task, every candidate may act, the first to act takes it) and multi-instance
 * (countersign: one task per assignee, in parallel or one after another) with the completion rule of its config.
 */

export interface Assignee {
  userId: string;
  /** The delegator when a delegation put `userId` in the candidate's place. */
  ownerId: string | null;
}

/** The countersign state kept on the node's execution (wf_executions.mi). */
export interface MiState {
  sequential: boolean;
  completion: MiCompletion;
  percentage: number;
  assignees: Assignee[];
  /** Sequential: how many assignees got their task so far. */
  issued: number;
  agreed: number;
  rejected: number;
  finished: number;
}

const configs = new WeakMap<WfNode, UserTaskConfig>();

/** The node's parsed config (graphs are cached per version, so each node is parsed once). */
export function taskConfigOf(node: WfNode): UserTaskConfig {
  let config = configs.get(node);
  if (!config) {
    config = userTaskConfig.parse(node.config);
    configs.set(node, config);
  }
  return config;
}

/**
 * The node's assignees: candidates (narrowed by chosen approvers), delegation applied; null when a choice is asked
 * (`mayAsk` false: never asked, every candidate is taken — again-candidate).
 */
export async function assigneesOf(run: ActionRun, instance: InstanceRow, node: WfNode, config: UserTaskConfig, mayAsk = true): Promise<Assignee[] | null> {
  const formValues = (instance.variables[FORM_VARIABLE] as Record<string, unknown> | undefined) ?? {};
  let users = await resolveCandidates(run.trx, config.candidates, {
    tenantId: instance.tenant_id,
    starterId: instance.starter_id,
    previousUserId: run.previousUserId,
    formValues,
    starterChoice: starterChoiceOf(instance, node.id),
  });
  const fallback = users.length === 0 ? await fallbackUsers(run, instance, node, config) : [];
  if (fallback.length) users = fallback;
  const chosen = run.chosen.get(node.id);
  if (chosen && !fallback.length) {
    users = users.filter((u) => chosen.includes(u.id));
    if (users.length === 0) throw new AppError('workflow.nodeNeedsApprover', { node: node.name || node.id }, 400);
  } else if (mayAsk && config.approverChoice && users.length > 0 && !fallback.length) {
    run.choices.push({ name: node.name, taskId: node.id, userList: users.map((u) => ({ F_UserId: u.id, F_RealName: u.realName, F_Account: u.account })) });
    return null;
  }
  const delegates = await activeDelegates(
    run.trx,
    instance.tenant_id,
    users.map((u) => u.id),
    instance.scheme_id,
    run.now,
  );
  return users.map((u) => ({ userId: delegates.get(u.id) ?? u.id, ownerId: delegates.has(u.id) ? u.id : null }));
}

/**
 * whenNoCandidate 'admin': the enabled fallback users, with a history row saying the task went to them because
 * nobody matched (the timeline shows it). Empty otherwise, or when none of them is enabled (the node refuses).
 */
async function fallbackUsers(run: ActionRun, instance: InstanceRow, node: WfNode, config: UserTaskConfig): Promise<CandidateUser[]> {
  if (config.whenNoCandidate !== 'admin') return [];
  const users = await enabledUsers(run.trx, instance.tenant_id, config.fallbackUsers);
  if (users.length) await run.history(instance, node, { action: 'toAdmin', candidates: users.map((u) => u.id) });
  return users;
}

/** A token arrives at a user task: its tasks are created (or the node is passed by when nobody may act and it says so). */
export async function activateUserTask(run: ActionRun, instance: InstanceRow, graph: WfGraph, node: WfNode, scopeId: string | null): Promise<void> {
  const config = taskConfigOf(node);
  const assignees = await assigneesOf(run, instance, node, config);
  if (assignees === null) return;
  if (assignees.length === 0) {
    // 'admin' gets here only when none of its fallback users is enabled: it refuses like 'refuse'.
    if (config.whenNoCandidate !== 'skip') throw new AppError('workflow.noCandidate', { node: node.name || node.id }, 400);
    await run.history(instance, node, { action: 'skip' });
    await run.leave(instance, graph, node, scopeId);
    return;
  }
  if (node.multiInstance) {
    const mi: MiState = {
      sequential: node.multiInstance.sequential,
      completion: config.completion,
      percentage: config.percentage,
      assignees,
      issued: node.multiInstance.sequential ? 1 : assignees.length,
      agreed: 0,
      rejected: 0,
      finished: 0,
    };
    const executionId = newId();
    const specs = mi.assignees.slice(0, mi.issued).map((a) => ({ users: [a.userId], assignee: a }));
    await createTasks(run, instance, graph, node, executionId, specs, { mi: mi as unknown as Record<string, unknown>, scopeId });
    return;
  }
  // One candidate: the task is theirs. Several: anyone of them may act; the first one takes it.
  const single = assignees.length === 1 ? assignees[0]! : null;
  await createTasks(run, instance, graph, node, newId(), [{ users: [...new Set(assignees.map((a) => a.userId))], assignee: single }], { mi: null, scopeId });
}

/**
 * Creates tasks (one per spec) with their to-do rows, boundary timers and a type-13 message each: the tasks and
 * their to-do rows (and the node's new execution when `newExecution` is given) in one statement, the timers in a
 * second one when the node has boundary timers.
 */
export async function createTasks(
  run: ActionRun,
  instance: InstanceRow,
  graph: WfGraph,
  node: WfNode,
  executionId: string,
  specs: { users: string[]; assignee: Assignee | null }[],
  newExecution?: { mi: Record<string, unknown> | null; scopeId: string | null },
): Promise<string[]> {
  if (specs.length === 0) {
    if (newExecution) await run.createExecution(instance, node.id, 'active', { mi: newExecution.mi, id: executionId, scopeId: newExecution.scopeId });
    return [];
  }
  const tasks = specs.map((s) => ({ id: newId(), ...s }));
  const taskRows = tasks.map((t) => ({
    id: t.id,
    tenant_id: instance.tenant_id,
    instance_id: instance.id,
    execution_id: executionId,
    node_id: node.id,
    node_name: node.name,
    assignee_id: t.assignee?.userId ?? null,
    owner_id: t.assignee?.ownerId ?? null,
    returned_from: run.returnedFrom,
    created_at: run.now,
  }));
  const userRows = tasks.flatMap((t) =>
    t.users.map((userId) => ({ task_id: t.id, user_id: userId, tenant_id: instance.tenant_id, instance_id: instance.id, created_at: run.now })),
  );
  const execution = {
    id: executionId,
    tenant_id: instance.tenant_id,
    instance_id: instance.id,
    parent_id: newExecution?.scopeId ?? null,
    node_id: node.id,
    state: 'active' as const,
    mi: newExecution?.mi ? JSON.stringify(newExecution.mi) : null,
  };
  if (userRows.length) await store.insertTasks(run.trx, taskRows, userRows, newExecution ? execution : undefined);
  else {
    if (newExecution) await run.createExecution(instance, node.id, 'active', { mi: newExecution.mi, id: executionId, scopeId: newExecution.scopeId });
    await store.insertTasks(run.trx, taskRows, []);
  }
  await createTimers(
    run,
    instance,
    graph,
    node,
    executionId,
    tasks.map((t) => t.id),
    newExecution !== undefined,
  );
  for (const t of tasks) {
    run.created.push({ taskId: t.id, instanceId: instance.id, nodeId: node.id, nodeName: node.name, userIds: t.users });
    run.notify(13, t.users, instance, { id: t.id, nodeName: node.name }, 'workflow.msgTodo', { taskStatus: '0' });
  }
  return tasks.map((t) => t.id);
}

/** What a boundary timer does when it fires (wf_timers.action). */
export function timerAction(boundary: WfNode): string {
  // With an outgoing flow BPMN decides: interrupting ends the activity and follows the flow, non-interrupting
  // follows the flow while the activity goes on. Without one, the timer's config: remind or approve.
  if (boundary.outgoing.length > 0) return boundary.cancelActivity === false ? 'fork' : 'flow';
  return timerConfig.parse(boundary.config).action;
}

/** A cycle's repeats after its first firing (-1: until cancelled); null for a one-off timer. */
export function timerRepeats(timer: WfNode['timer']): number | null {
  const cycle = timer?.cycle ? parseTimerCycle(timer.cycle) : null;
  if (!cycle) return null;
  return cycle.repeats === null ? -1 : cycle.repeats - 1;
}

/**
 * Timers of the boundary events attached to a waiting node. Reminders and auto-approval are per task (a countersign's
 * signers each get theirs); a timer that follows a flow belongs to the activity as a whole: one per execution, made
 * when the execution is (`firstOfExecution`), with no task. Without tasks (a sub-process's scope) only those.
 */
export async function createTimers(
  run: ActionRun,
  instance: InstanceRow,
  graph: WfGraph,
  node: WfNode,
  executionId: string,
  taskIds: string[],
  firstOfExecution: boolean,
): Promise<void> {
  if (node.boundaries.length === 0) return;
  const rows = node.boundaries
    .map((id) => graph.nodes[id])
    .filter((b): b is WfNode => b !== undefined && b.timer !== undefined)
    .flatMap((b) => {
      const due = dueAt(b.timer!, run.now);
      if (!due) return [];
      const action = timerAction(b);
      const row = {
        tenant_id: instance.tenant_id,
        instance_id: instance.id,
        execution_id: executionId,
        node_id: b.id,
        action,
        due_at: due,
        repeats: timerRepeats(b.timer),
      };
      const taskOwners: (string | null)[] = action === 'flow' || action === 'fork' ? (firstOfExecution ? [null] : []) : taskIds;
      return taskOwners.map((taskId) => ({ id: newId(), task_id: taskId, ...row }));
    });
  await store.insertTimers(run.trx, rows);
}

export type Vote = 'agree' | 'reject';

/**
 * Closes one task: done and its to-do rows closed (one statement; with `executionId`, the task's execution is
 * marked done in it too: a single-instance node whose task is its only one), its pending timers cancelled when its
 * node has boundary events (`node` absent: checked anyway).
 */
export async function closeTask(
  run: ActionRun,
  taskId: string,
  btnValue: string | null,
  userId: string | null,
  node?: WfNode,
  executionId?: string,
): Promise<void> {
  await store.closeTaskRows(run.trx, run.now, taskId, btnValue, userId, executionId);
  // The task's own timers, and the activity's when the activity ends with it.
  if (!node || node.boundaries.length > 0) await store.cancelTaskTimers(run.trx, taskId, executionId);
}

/** Cancels the other open tasks of an execution (a countersign decided early). */
export async function cancelExecutionTasks(run: ActionRun, executionId: string): Promise<void> {
  await store.cancelTasks(run.trx, run.now, await store.openTaskIds(run.trx, { executionIds: [executionId] }));
}

export async function readMi(run: ActionRun, executionId: string): Promise<MiState | null> {
  return ((await store.readExecutionState(run.trx, executionId)) as MiState | null) ?? null;
}

export async function writeMi(run: ActionRun, executionId: string, mi: MiState): Promise<void> {
  await store.writeExecutionState(run.trx, executionId, mi);
}

/**
 * Counts a vote on the node of a closed task and answers what the node does now: 'continue' (other votes
 * awaited; a sequential countersign's next assignee gets a task), 'complete' (the execution is done: the caller
 * moves the token on) or 'reject' (the caller sends the instance back).
 */
export async function countVote(
  run: ActionRun,
  instance: InstanceRow,
  graph: WfGraph,
  node: WfNode,
  executionId: string,
  vote: Vote,
  /** closeTask marked the (single-instance) execution done already. */
  executionDone = false,
): Promise<'continue' | 'complete' | 'reject'> {
  // Only a countersign node keeps counts on its execution.
  const mi = node.multiInstance ? await readMi(run, executionId) : null;
  if (!mi) {
    if (!executionDone) await endExecution(run, node, executionId);
    return vote === 'reject' ? 'reject' : 'complete';
  }
  mi.finished += 1;
  if (vote === 'agree') mi.agreed += 1;
  else mi.rejected += 1;
  const decision = await decideMi(run, instance, graph, node, executionId, mi);
  return decision;
}

/** Applies the countersign rule to the counts (after a vote or a change of signers). */
export async function decideMi(
  run: ActionRun,
  instance: InstanceRow,
  graph: WfGraph,
  node: WfNode,
  executionId: string,
  mi: MiState,
): Promise<'continue' | 'complete' | 'reject'> {
  const decision = miDecision({
    completion: mi.completion,
    percentage: mi.percentage,
    total: mi.assignees.length,
    agreed: mi.agreed,
    rejected: mi.rejected,
    finished: mi.finished,
  });
  if (decision === 'continue' && mi.sequential && mi.issued === mi.finished && mi.issued < mi.assignees.length) {
    const next = mi.assignees[mi.issued]!;
    mi.issued += 1;
    await createTasks(run, instance, graph, node, executionId, [{ users: [next.userId], assignee: next }]);
  }
  await writeMi(run, executionId, mi);
  if (decision !== 'continue') {
    await cancelExecutionTasks(run, executionId);
    await endExecution(run, node, executionId);
  }
  return decision;
}

/** A waiting node's execution is done; the activity's pending timers go with it. */
export async function endExecution(run: ActionRun, node: WfNode, executionId: string): Promise<void> {
  await store.setExecutionsDone(run.trx, [executionId]);
  if (node.boundaries.length > 0) await store.cancelTimers(run.trx, { executionIds: [executionId] });
}

/**
 * How a task's vote ends (part of) its node's waiting: a user's or a timer's verdict (`executionDone` when closing the
 * single task already ended the execution; `backTo` where a reject sends the instance), or the countersign counted
 * again after its signers changed.
 */
export type TaskVote = { verdict: 'agree'; executionDone?: boolean } | { verdict: 'reject'; backTo: WfNode; executionDone?: boolean } | { recount: MiState };

/**
 * A user task's resume step (also the start node's, when an application sent back to the starter is submitted
 * again): counts the vote, and when the votes decide, completes the node or sends the instance back.
 */
export async function resumeUserTask({ run, instance, graph, node, scopeId, executionId, vote }: ResumeContext): Promise<void> {
  if (!vote) return;
  const decision =
    'recount' in vote
      ? await decideMi(run, instance, graph, node, executionId, vote.recount)
      : await countVote(run, instance, graph, node, executionId, vote.verdict, vote.executionDone);
  if (decision === 'complete') await completeUserTask(run, instance, graph, node, scopeId);
  else if (decision === 'reject' && 'backTo' in vote) await sendBack(run, instance, graph, node, vote.backTo);
}

/** The node is done: its configured readers get the circulation, the token moves on. */
async function completeUserTask(run: ActionRun, instance: InstanceRow, graph: WfGraph, node: WfNode, scopeId: string | null): Promise<void> {
  if (node.type === 'userTask') {
    const readers = taskConfigOf(node).circulate;
    if (readers.length) await circulate(run, instance, node, null, run.previousUserId, readers);
  }
  await run.leave(instance, graph, node, scopeId);
}

/**
 * Sends the instance back: every live token ends (open tasks cancelled), then one token at the target. The start
 * as target gives the starter a task at the start node; its tasks remember the node that rejected.
 */
async function sendBack(run: ActionRun, instance: InstanceRow, graph: WfGraph, from: WfNode, target: WfNode): Promise<void> {
  await run.cancelLive(instance);
  run.returnedFrom = from.id;
  if (target.type === 'startEvent') {
    await createTasks(run, instance, graph, target, newId(), [{ users: [instance.starter_id], assignee: { userId: instance.starter_id, ownerId: null } }], {
      mi: null,
      scopeId: null,
    });
    return;
  }
  await run.enterAt(instance, graph, target.id);
}
