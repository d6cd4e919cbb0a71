import type { CandidateNode, FieldChange } from '@app/contracts';
import type { Insertable } from 'kysely';
import type { AppDeps } from '../../../../core/deps.js';
import { TIME_ZONE } from '../../../../core/db/helpers.js';
import { localDateTime } from '../../../../core/time-zone.js';
import type { WfHistoryTable, WfInstanceState } from '../../tables.js';
import { AppError } from '../../../../core/errors.js';
import { translate, type MessageKey, type MessageParams } from '../../../../core/i18n/index.js';
import { newId } from '../../../../core/ids.js';
import { graphFromJson } from '../definition.js';
import { evaluate, evaluateCondition } from '../expression.js';
import { inclusiveJoinReady, nodeOf, outgoingFlows } from '../routing.js';
import * as store from '../store.js';
import type { FormKey, InstanceRow, Trx } from '../store.js';
import type { WfGraph, WfNode } from '../types.js';
import type { NodeType, ResumeContext } from './index.js';

/**
 * What every node type and action works with: one action's run inside one platform transaction. Tokens move through
 * an in-memory queue (automatic nodes leave no execution row); only tokens that wait — at a user task, a join or a
 * call activity — are wf_executions rows. Messages and changed variables are written at the end, with the rest.
 */

export type { FormKey, InstanceRow, Trx };

/** The form values of an instance live in its variables under this key (conditions read them; see the design). */
export const FORM_VARIABLE = '__form';

/**
 * The approvers the starter chose at launch for starterChoice nodes (node id → user ids) live in the instance's
 * variables under this key: form values are kept under FORM_VARIABLE, so a form field cannot overwrite them.
 */
export const STARTER_CHOICE_VARIABLE = '__starterChoice';

/**
 * Facts about the starter taken at launch, for conditions (`starter.departmentIds`: the departments they belonged
 * to then, so a later move does not change the instance's route).
 */
export const STARTER_VARIABLE = '__starter';

/** The users the starter chose for a node at launch (empty when none). */
export function starterChoiceOf(instance: InstanceRow, nodeId: string): string[] {
  const choices = instance.variables[STARTER_CHOICE_VARIABLE] as Record<string, string[]> | undefined;
  const chosen = choices?.[nodeId];
  return Array.isArray(chosen) ? chosen.map(String) : [];
}

/** An action answered without a change: the transaction rolls back and `result` is the answer (retCode 1 and 2). */
export class Rollback<T> extends Error {
  constructor(readonly result: T) {
    super('rollback');
  }
}

interface QueueItem {
  instanceId: string;
  nodeId: string;
  /** enter: a token arrives (by `viaFlow`); leave: a token leaves the node along its outgoing flows. */
  mode: 'enter' | 'leave';
  viaFlow: string | null;
  /** The scope execution (sub-process instance) the token lives in; null: the process itself. */
  scopeId: string | null;
}

/** What a sub-process scope execution keeps in wf_executions.mi. */
export type ScopeState =
  /** A plain sub-process's scope, or one instance of a multi-instance one with its local variables. */
  | { kind: 'scope'; locals?: Record<string, unknown> }
  /** The body of a multi-instance sub-process: its instances are scopes under it. */
  | {
      kind: 'body';
      sequential: boolean;
      total: number;
      /** Instances started so far (sequential: one at a time). */
      started: number;
      completed: number;
      /** The collection's items, for the instances still to start (sequential). */
      items: unknown[] | null;
    };

/**
 * Limits of one action: a definition whose loop never reaches a wait state (a condition that never changes) must
 * be refused, not run until memory is gone. The event loop is given back regularly so other requests go on.
 */
export const STEP_BUDGET = Number(process.env.WORKFLOW_STEP_BUDGET ?? 10_000);
export const TIME_BUDGET_MS = Number(process.env.WORKFLOW_TIME_BUDGET_MS ?? 5_000);
const YIELD_EVERY = 200;
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface CreatedTask {
  taskId: string;
  instanceId: string;
  nodeId: string;
  nodeName: string;
  userIds: string[];
}

interface PendingMessage {
  type: 13 | 14;
  userIds: string[];
  title: string;
  content: string;
  objectId: string | null;
  payload: Record<string, unknown>;
}

/** 'yyyy-MM-dd HH:mm:ss' in the app's time zone, as formatTime() shows times. */
const localTime = (at: Date) => localDateTime(at, TIME_ZONE);

const graphs = new Map<string, WfGraph>();

/** A version's graph, parsed once per process (versions never change). */
export async function loadGraph(trx: Trx, versionId: string): Promise<WfGraph> {
  const cached = graphs.get(versionId);
  if (cached) return cached;
  const stored = await store.versionGraph(trx, versionId);
  if (stored === undefined) throw new AppError('workflow.noSchemeVersion', {}, 404);
  const graph = graphFromJson(stored as never);
  graphs.set(versionId, graph);
  return graph;
}

/** Reads an instance (no lock); the caller holds the root's lock or is about to take it. */
export async function readInstance(trx: Trx, tenantId: string, id: string): Promise<InstanceRow | undefined> {
  return store.readInstance(trx, tenantId, id);
}

/**
 * Locks the root instance row of `instanceId` (the anchor every action on the tree queues behind; root first, so
 * parent and child never lock in opposite orders) and answers the instance itself, read after the lock. A root
 * instance (the common case) is locked and read in one statement; a child's root is locked first, then the child
 * read.
 */
export async function lockInstance(trx: Trx, instanceId: string, tenantId?: string): Promise<InstanceRow> {
  const root = await store.lockOwnRoot(trx, instanceId, tenantId);
  if (root) return root;
  const found = await store.rootOf(trx, instanceId, tenantId);
  if (!found) throw new AppError('workflow.instanceNotFound', {}, 404);
  await store.lockInstanceRow(trx, found.root_id);
  return (await readInstance(trx, found.tenant_id, instanceId))!;
}

/**
 * Locks the root instance of a task's instance and answers that instance (read after the lock) with its scheme's
 * name. A task of a root instance takes one statement (`for update of i`); a child instance's task falls back to
 * lockInstance (root first). Undefined: no such task in the tenant.
 */
export async function lockTaskInstance(trx: Trx, taskId: string, tenantId: string): Promise<{ instance: InstanceRow; schemeName: string | null } | undefined> {
  const own = await store.lockRootOfTask(trx, taskId, tenantId);
  if (own) return own;
  const instanceId = await store.taskInstanceId(trx, tenantId, taskId);
  if (instanceId === undefined) return undefined;
  return { instance: await lockInstance(trx, instanceId, tenantId), schemeName: null };
}

/** One action of the engine: the transaction, the queue of tokens, what to write at the end. */
export class ActionRun {
  readonly now = new Date();
  /** The user who completed the task this action follows (previousLeader); the starter at launch. */
  previousUserId: string | null = null;
  /** Next-node approvers chosen by the caller (userJson): node id → user ids. */
  readonly chosen = new Map<string, string[]>();
  /** Nodes whose approvers must be chosen first (retCode 2). */
  readonly choices: CandidateNode[] = [];
  /** A reject's target: tasks created for it remember where they were sent back from. */
  returnedFrom: string | null = null;
  readonly created: CreatedTask[] = [];
  private readonly queue: QueueItem[] = [];
  private readonly instances = new Map<string, InstanceRow>();
  private readonly dirty = new Set<string>();
  private readonly touched = new Set<string>();
  private readonly messages: PendingMessage[] = [];
  private readonly schemeNames = new Map<string, string>();
  /** History rows, inserted in one statement at the end (in call order: `seq` keeps it). */
  private readonly historyRows: Insertable<WfHistoryTable>[] = [];
  /** Live tokens of the touched instances as last read (drain), valid until the next write. */
  private live: { id: string; instance_id: string; node_id: string; state: string; parent_id: string | null }[] | null = null;
  /** Scopes a token moved or ended in during this action: each may be complete once the queue is empty. */
  private readonly touchedScopes = new Set<string>();
  /** Scope executions known to this action: the enclosing scope and the local variables. */
  private readonly scopes = new Map<string, { parent: string | null; locals: Record<string, unknown> }>();
  /** Tokens moved by this action, in all, and per node (to name a runaway loop's nodes). */
  private steps = 0;
  private readonly visits = new Map<string, number>();
  private readonly startedAt = Date.now();

  /**
   * `nodeTypeOf` is the node type registry's lookup, passed in by whoever starts the run: the registry's node types
   * use this file, so it cannot import them.
   */
  constructor(
    readonly deps: AppDeps,
    readonly trx: Trx,
    readonly tenantId: string,
    private readonly nodeTypeOf: (node: WfNode) => NodeType,
  ) {}

  // ---------- instances and variables ----------

  /** The run's copy of an instance (variable changes are kept on it and written at the end). */
  async instance(id: string): Promise<InstanceRow> {
    const cached = this.instances.get(id);
    if (cached) return cached;
    const row = await readInstance(this.trx, this.tenantId, id);
    if (!row) throw new AppError('workflow.instanceNotFound', {}, 404);
    this.instances.set(id, row);
    return row;
  }

  adopt(instance: InstanceRow): InstanceRow {
    const cached = this.instances.get(instance.id);
    if (cached) return cached;
    this.instances.set(instance.id, instance);
    return instance;
  }

  /** Sets variables; the instance is written at the end only when a value changed. */
  setVariables(instance: InstanceRow, values: Record<string, unknown>): void {
    for (const [key, value] of Object.entries(values)) {
      if (key in instance.variables && JSON.stringify(instance.variables[key]) === JSON.stringify(value)) continue;
      instance.variables[key] = value;
      this.dirty.add(instance.id);
    }
  }

  /** Submitted form values, merged into the instance's form snapshot (conditions and formField rules read it). */
  mergeForm(instance: InstanceRow, formData: Record<string, unknown>): void {
    const current = (instance.variables[FORM_VARIABLE] as Record<string, unknown> | undefined) ?? {};
    this.setVariables(instance, { [FORM_VARIABLE]: { ...current, ...formData } });
  }

  /**
   * Expression scope: form values, then variables over them, then the local variables of the sub-process
   * instances the token is in (innermost last), then the starter. Scopes are loaded with `knowScope` first.
   */
  scope(instance: InstanceRow, scopeId: string | null = null): Record<string, unknown> {
    const { [FORM_VARIABLE]: form, [STARTER_VARIABLE]: starter, ...variables } = instance.variables;
    const locals: Record<string, unknown>[] = [];
    for (let id = scopeId; id !== null;) {
      const known = this.scopes.get(id);
      if (!known) break;
      locals.unshift(known.locals);
      id = known.parent;
    }
    return {
      ...((form as Record<string, unknown> | undefined) ?? {}),
      ...variables,
      ...Object.assign({}, ...locals),
      starter: { userId: instance.starter_id, departmentIds: (starter as { departmentIds?: string[] } | undefined)?.departmentIds ?? [] },
    };
  }

  evaluate(instance: InstanceRow, expression: string, scopeId: string | null = null): unknown {
    return evaluate(expression, this.scope(instance, scopeId));
  }

  /** Loads a scope execution and the ones around it (their local variables), unless known already. */
  async knowScope(scopeId: string | null): Promise<void> {
    for (let id = scopeId; id !== null && !this.scopes.has(id);) {
      const row = await store.readScope(this.trx, id);
      const mi = row?.mi as unknown as ScopeState | null | undefined;
      this.scopes.set(id, { parent: row?.parent_id ?? null, locals: (mi?.kind === 'scope' ? mi.locals : undefined) ?? {} });
      id = row?.parent_id ?? null;
    }
  }

  async graph(instance: InstanceRow): Promise<WfGraph> {
    return loadGraph(this.trx, instance.version_id);
  }

  /** A scheme name read with the locked instance (no query later for the messages). */
  knowSchemeName(schemeId: string, name: string | null): void {
    if (name !== null) this.schemeNames.set(schemeId, name);
  }

  async schemeName(instance: InstanceRow): Promise<string> {
    let name = this.schemeNames.get(instance.scheme_id);
    if (name === undefined) {
      name = (await store.schemeName(this.trx, instance.scheme_id)) ?? '';
      this.schemeNames.set(instance.scheme_id, name);
    }
    return name;
  }

  // ---------- tokens ----------

  enter(instance: InstanceRow, nodeId: string, viaFlow: string | null = null, scopeId: string | null = null): void {
    this.touched.add(instance.id);
    this.queue.push({ instanceId: instance.id, nodeId, mode: 'enter', viaFlow, scopeId });
  }

  /**
   * A new token at `nodeId` after everything else ended (a reject): the sub-process scopes around the node are
   * opened first, outermost first, so the token lives where the node does.
   */
  async enterAt(instance: InstanceRow, graph: WfGraph, nodeId: string): Promise<void> {
    const chain: WfNode[] = [];
    for (let scope = graph.nodes[nodeId]?.scope; scope; scope = graph.nodes[scope]?.scope) chain.unshift(nodeOf(graph, scope));
    let scopeId: string | null = null;
    for (const sub of chain) scopeId = await this.createExecution(instance, sub.id, 'waiting', { mi: { kind: 'scope' }, scopeId });
    this.enter(instance, nodeId, null, scopeId);
  }

  /** The token leaves `node` along the flows routing picks (conditions over the instance's and the scope's variables). */
  async leave(instance: InstanceRow, graph: WfGraph, node: WfNode, scopeId: string | null): Promise<void> {
    this.touched.add(instance.id);
    if (scopeId) this.touchedScopes.add(scopeId);
    await this.knowScope(scopeId);
    for (const flow of outgoingFlows(graph, node, this.scope(instance, scopeId), evaluateCondition)) this.enter(instance, flow.target, flow.id, scopeId);
  }

  /** Leaves later, after the current queue (a resumed call activity). */
  leaveLater(instance: InstanceRow, nodeId: string, scopeId: string | null): void {
    this.touched.add(instance.id);
    this.queue.push({ instanceId: instance.id, nodeId, mode: 'leave', viaFlow: null, scopeId });
  }

  /** A token that waits (or a scope): one wf_executions row in its scope. */
  async createExecution(
    instance: InstanceRow,
    nodeId: string,
    state: 'active' | 'waiting',
    options: { mi?: Record<string, unknown> | ScopeState | null; id?: string; scopeId: string | null },
  ): Promise<string> {
    const id = options.id ?? newId();
    const mi = options.mi ?? null;
    await store.insertExecution(this.trx, {
      id,
      tenant_id: instance.tenant_id,
      instance_id: instance.id,
      parent_id: options.scopeId,
      node_id: nodeId,
      state,
      mi: mi ? JSON.stringify(mi) : null,
    });
    if (mi && (mi as ScopeState).kind === 'scope')
      this.scopes.set(id, { parent: options.scopeId, locals: (mi as { locals?: Record<string, unknown> }).locals ?? {} });
    return id;
  }

  /** Counts one token move against the action's budgets; gives the event loop back now and then. */
  private async step(graph: WfGraph, nodeId: string): Promise<void> {
    this.steps += 1;
    this.visits.set(nodeId, (this.visits.get(nodeId) ?? 0) + 1);
    const overSteps = this.steps > STEP_BUDGET;
    if (this.steps % YIELD_EVERY !== 0 && !overSteps) return;
    const overTime = Date.now() - this.startedAt > TIME_BUDGET_MS;
    if (overSteps || overTime) {
      // The nodes visited most are the loop's.
      const loop = [...this.visits.entries()]
        .filter(([, count]) => count > 1)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 8)
        .map(([id]) => graph.nodes[id]?.name || id);
      throw new AppError(
        overSteps ? 'workflow.runawayLoop' : 'workflow.actionTooLong',
        { nodes: loop.join(' → ') || nodeId, steps: this.steps, seconds: Math.round(TIME_BUDGET_MS / 1000) },
        422,
      );
    }
    await yieldToEventLoop();
  }

  /** Moves every token until each waits (task, join, call) or ends; then fires ready inclusive joins and ends instances. */
  async drain(): Promise<void> {
    for (;;) {
      const item = this.queue.shift();
      if (item) {
        const instance = await this.instance(item.instanceId);
        const graph = await this.graph(instance);
        const node = nodeOf(graph, item.nodeId);
        await this.step(graph, node.id);
        if (item.scopeId) this.touchedScopes.add(item.scopeId);
        if (item.mode === 'leave') await this.leave(instance, graph, node, item.scopeId);
        else await this.nodeTypeOf(node).run({ run: this, instance, graph, node, viaFlow: item.viaFlow, scopeId: item.scopeId });
        continue;
      }
      if (await this.completeFinishedScopes()) continue;
      if (await this.fireReadyInclusiveJoins()) continue;
      if (await this.endFinishedInstances()) continue;
      return;
    }
  }

  /** A waiting node's waiting ends (a vote on its task, a timer): its node type's resume step says what follows. */
  async resume(ctx: Omit<ResumeContext, 'run'>): Promise<void> {
    await this.nodeTypeOf(ctx.node).resume?.({ ...ctx, run: this });
  }

  /** Drops queued tokens (a terminate, a reject, a cancelled scope): they must not move on after their end. */
  purgeQueue(drop: (item: QueueItem) => boolean): void {
    const kept = this.queue.filter((item) => !drop(item));
    this.queue.length = 0;
    this.queue.push(...kept);
  }

  /** Marks a scope as one that may have ended (its last token ended, or was cancelled). */
  touchScope(scopeId: string | null): void {
    if (scopeId) this.touchedScopes.add(scopeId);
  }

  /**
   * Scopes touched by this action with no live token left inside are complete: the sub-process's token moves on
   * once, however many of its branches ended (a multi-instance one counts the instance; sub-process.ts decides).
   */
  private async completeFinishedScopes(): Promise<boolean> {
    const ids = [...this.touchedScopes];
    this.touchedScopes.clear();
    if (ids.length === 0) return false;
    const scopes = await store.waitingScopes(this.trx, ids);
    if (scopes.length === 0) return false;
    const stillBusy = await store.busyScopes(
      this.trx,
      scopes.map((x) => x.id),
    );
    let completed = false;
    for (const scope of scopes) {
      if (stillBusy.has(scope.id) || (scope.mi as unknown as ScopeState | null)?.kind !== 'scope') continue;
      const instance = await this.instance(scope.instance_id);
      if (instance.state !== 'running') continue;
      const graph = await this.graph(instance);
      const node = nodeOf(graph, scope.node_id);
      await this.nodeTypeOf(node).resume?.({ run: this, instance, graph, node, viaFlow: null, scopeId: scope.parent_id, executionId: scope.id });
      completed = true;
    }
    return completed;
  }

  /**
   * Ends every live token inside a scope (nested scopes, tasks, timers, joins, call activities' child instances);
   * the scope itself too when `withScope`. A terminate end event inside a sub-process ends its scope this way.
   */
  async cancelScope(instance: InstanceRow, scopeId: string, withScope: boolean): Promise<void> {
    const inside: string[] = [];
    for (let frontier = [scopeId]; frontier.length;) {
      frontier = await store.liveInside(this.trx, frontier);
      inside.push(...frontier);
    }
    const ended = new Set([scopeId, ...inside]);
    this.purgeQueue((item) => item.scopeId !== null && ended.has(item.scopeId));
    const executions = withScope ? [scopeId, ...inside] : inside;
    if (executions.length === 0) return;
    const children = await store.liveChildInstances(this.trx, { executionIds: executions });
    for (const child of children) {
      const row = await this.instance(child);
      await this.cancelLive(row);
      await this.finishInstance(row, 'terminated');
    }
    await store.cancelTasks(this.trx, this.now, await store.openTaskIds(this.trx, { executionIds: executions }));
    // Timers of the executions themselves (boundary events on a scope), beside those of its tasks.
    await store.cancelTimers(this.trx, { instanceId: instance.id, executionIds: executions });
    await store.setExecutionsDone(this.trx, executions);
  }

  /** Inclusive joins whose waiting tokens no live token elsewhere can still join: they fire now. */
  private async fireReadyInclusiveJoins(): Promise<boolean> {
    this.live = null;
    const ids = [...this.touched];
    if (ids.length === 0) return false;
    const live = await store.liveExecutions(this.trx, ids);
    for (const exec of live) {
      if (exec.state !== 'waiting') continue;
      const instance = await this.instance(exec.instance_id);
      const graph = await this.graph(instance);
      const join = graph.nodes[exec.node_id];
      if (join?.type !== 'inclusiveGateway') continue;
      // Only tokens of the same scope can still arrive (a sub-process's inner tokens are behind its scope's row).
      const sameScope = (e: { instance_id: string; parent_id: string | null }) => e.instance_id === exec.instance_id && e.parent_id === exec.parent_id;
      const elsewhere = live.filter((e) => sameScope(e) && e.node_id !== join.id).map((e) => e.node_id);
      if (!inclusiveJoinReady(graph, join, elsewhere)) continue;
      const waiting = live.filter((e) => sameScope(e) && e.node_id === join.id).map((e) => e.id);
      await store.setExecutionsDone(this.trx, waiting);
      await this.history(instance, join, { action: 'node' });
      await this.leave(instance, graph, join, exec.parent_id);
      return true;
    }
    // Nothing fired, nothing written: the end check reads the same live tokens.
    this.live = live;
    return false;
  }

  /** Instances touched by this run with no live token left are completed; a child's end resumes its parent. */
  private async endFinishedInstances(): Promise<boolean> {
    let resumed = false;
    // The live tokens read by fireReadyInclusiveJoins hold for the touched instances until something is written.
    for (const id of [...this.touched]) {
      this.touched.delete(id);
      const instance = await this.instance(id);
      if (instance.state !== 'running') continue;
      const live = this.live ? this.live.some((e) => e.instance_id === id) : await store.hasLiveExecution(this.trx, id);
      if (live) continue;
      this.live = null;
      await this.finishInstance(instance, 'completed');
      if (instance.parent_id) resumed = (await this.resumeParent(instance)) || resumed;
    }
    return resumed;
  }

  async finishInstance(instance: InstanceRow, state: WfInstanceState): Promise<void> {
    instance.state = state;
    await store.finishInstanceRow(this.trx, instance.id, state, this.now);
    if (state === 'completed' && !instance.parent_id) {
      this.notify(13, [instance.starter_id], instance, null, 'workflow.msgFinished', { taskStatus: '1' });
    }
  }

  /** A completed child resumes its parent's call activity (while the parent runs). */
  private async resumeParent(child: InstanceRow): Promise<boolean> {
    const parent = await this.instance(child.parent_id!);
    if (parent.state !== 'running') return false;
    const graph = await this.graph(parent);
    const node = nodeOf(graph, child.parent_node_id!);
    const resume = { run: this, instance: parent, graph, node, viaFlow: null, scopeId: null, executionId: child.parent_execution_id!, child };
    await this.nodeTypeOf(node).resume?.(resume);
    return true;
  }

  /**
   * Ends every live token of the instance: open tasks cancelled (their to-do rows closed), pending timers
   * cancelled, executions done. Running child instances (call activities) are terminated with them.
   */
  async cancelLive(instance: InstanceRow): Promise<void> {
    this.purgeQueue((item) => item.instanceId === instance.id);
    const children = await store.liveChildInstances(this.trx, { parentId: instance.id });
    for (const child of children) {
      const row = await this.instance(child);
      await this.cancelLive(row);
      await this.finishInstance(row, 'terminated');
    }
    await store.cancelTasks(this.trx, this.now, await store.openTaskIds(this.trx, { instanceId: instance.id }));
    // Whatever else of the instance is still open for a user or pending, ends with it.
    await store.closeInstanceTaskUsers(this.trx, instance.id);
    await store.cancelTimers(this.trx, { instanceId: instance.id });
    await store.endLiveExecutions(this.trx, instance.id);
  }

  // ---------- history and messages ----------

  /** One history row, written with the others at the end; answers its id (an action's row gets its next nodes). */
  async history(
    instance: InstanceRow,
    node: WfNode | { id: string; name: string; type: string },
    row: {
      action: string;
      taskId?: string | null;
      userId?: string | null;
      ownerId?: string | null;
      btnValue?: string | null;
      btnName?: string | null;
      message?: string | null;
      stampId?: string | null;
      folderId?: string | null;
      multiInstance?: boolean;
      candidates?: string[];
      startedAt?: Date;
    },
  ): Promise<string> {
    const id = newId();
    this.historyRows.push({
      id,
      tenant_id: instance.tenant_id,
      instance_id: instance.id,
      task_id: row.taskId ?? null,
      node_id: node.id,
      node_name: node.name,
      node_type: node.type,
      action: row.action,
      user_id: row.userId ?? null,
      owner_id: row.ownerId ?? null,
      btn_value: row.btnValue ?? null,
      btn_name: row.btnName ?? null,
      message: row.message ?? null,
      stamp_id: row.stampId || null,
      folder_id: row.folderId || null,
      multi_instance: row.multiInstance ?? false,
      candidates: JSON.stringify(row.candidates ?? []),
      started_at: row.startedAt ?? this.now,
      ended_at: this.now,
    });
    return id;
  }

  /** The form values an action changed, kept on its history row (written with the row at the flush). */
  setFieldChanges(historyId: string, changes: FieldChange[]): void {
    if (changes.length === 0) return;
    const row = this.historyRows.find((r) => r.id === historyId);
    if (row) row.field_changes = JSON.stringify(changes);
  }

  /** The next nodes of an action's history row: the tasks this run created. */
  async setNextNodes(historyId: string): Promise<void> {
    const seen = new Set<string>();
    const next = this.created
      .filter((t) => !seen.has(t.nodeId) && seen.add(t.nodeId))
      .map((t) => ({ actName: t.nodeName, activityName: t.nodeName, activityType: 'userTask' }));
    if (next.length === 0) return;
    const row = this.historyRows.find((r) => r.id === historyId);
    if (row) row.next_nodes = JSON.stringify(next);
    else await store.setHistoryNextNodes(this.trx, historyId, next);
  }

  /** A message (13 approval, 14 circulated) sent with the commit; `workflowInfoVo` as payload. */
  notify(
    type: 13 | 14,
    userIds: string[],
    instance: InstanceRow,
    task: { id: string; nodeName: string } | null,
    key: MessageKey,
    vo: { taskStatus: string },
  ): void {
    this.messages.push({
      type,
      userIds,
      title: instance.name,
      content: translate('zh-CN', key, { name: instance.name } as MessageParams),
      objectId: task?.id ?? null,
      payload: {
        taskStatus: vo.taskStatus,
        processInstanceId: instance.id,
        taskId: task?.id ?? '',
        deploymentId: instance.version_id,
        taskName: task?.nodeName ?? '',
        schemeId: instance.scheme_id,
        startUser: instance.starter_id,
      },
    });
  }

  /** Writes the history rows, changed variables and the messages; the last step of every action before the commit. */
  async flush(): Promise<void> {
    const history = this.historyRows.splice(0);
    const dirty = [...this.dirty];
    this.dirty.clear();
    for (const [i, id] of dirty.entries()) {
      // The history rows go with the first variables update: one statement.
      await store.writeVariables(this.trx, id, this.instances.get(id)!.variables, this.now, i === 0 ? history : undefined);
    }
    if (dirty.length === 0) await store.insertHistory(this.trx, history);
    for (const m of this.messages) {
      const instance = this.instances.get(String(m.payload.processInstanceId));
      if (instance) m.payload.schemeName = await this.schemeName(instance);
      if (instance) m.payload.createTime = localTime(new Date(instance.created_at));
      await this.deps.messages.notify(
        this.tenantId,
        m.userIds,
        { type: m.type, title: m.title, content: m.content, objectId: m.objectId, payload: m.payload },
        this.trx,
      );
    }
    this.messages.length = 0;
  }

  /** Nodes a live token of the instance sits at (for reachability questions). */
  async liveNodes(instance: InstanceRow): Promise<string[]> {
    return store.liveNodeIds(this.trx, instance.id);
  }
}
