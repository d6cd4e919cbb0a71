import {
  BTN_AGREE,
  BTN_REJECT,
  BTN_TRANSFER,
  UNLISTED_FIELDS,
  approvalFieldAuthority,
  formChanges,
  processConfig,
  type ActionResult,
  type FieldAuthority,
  type FieldChange,
  type CreateProcessBody,
  type FormValueEntry,
  type TaskHandleBody,
} from '@app/contracts';
import type { AppDeps, AuthContext } from '../../../core/deps.js';
import { AppError } from '../../../core/errors.js';
import { claimIdempotencyKey, storeIdempotentResult, type IdempotencyScope } from '../../../core/idempotency.js';
import { newId } from '../../../core/ids.js';
import { FormDataService } from '../../form-scheme/form-data.service.js';
import { FormSchemeRepository } from '../../form-scheme/form-scheme.repository.js';
import { checkedScheme } from '../../form-scheme/form-scheme.service.js';
import { normaliseTableInfo } from '../../form-scheme/form-tables.js';
import { verifyStampForUse } from '../../stamp/stamp-use.js';
import { enabledUsers, usersOfObjects } from './candidates.js';
import {
  ActionRun,
  FORM_VARIABLE,
  Rollback,
  loadGraph,
  lockInstance,
  lockTaskInstance,
  type FormKey,
  type InstanceRow,
  type Trx,
} from './node-types/runtime.js';
import {
  assigneesOf,
  cancelExecutionTasks,
  type Assignee,
  closeTask,
  countVote,
  createTasks,
  decideMi,
  endExecution,
  readMi,
  taskConfigOf,
  writeMi,
} from './node-types/user-task.js';
import { parseTimerCycle } from './timers.js';
import { nodeTypeOf } from './node-types/index.js';
import * as store from './store.js';
import type { TaskRow, TimerRow } from './store.js';
import { nodeOf, rejectTargets } from './routing.js';
import type { StartOptions, WfGraph, WfNode, WorkflowActions } from './types.js';
import { DEFAULT_TIME_ZONE, instanceTitle, localDayRange } from './instance-title.js';

/**
 * The workflow engine (docs/workflow-design.md "Every action is one transaction"): every action locks the root
 * instance row first, checks, applies, writes history, moves tokens, creates the next tasks and messages, and commits
 * as one transaction. retCode 1 and 2 answers roll everything back.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The start node's "task" (after a reject to the start) has one button: submit again. */
const START_BUTTONS = [{ value: BTN_AGREE, name: '提交' }];

/** How the engine is built (engineOf gives these from the app's config). */
export interface EngineOptions {
  /** Tests only: task-handle sleeps this long just before its commit (a crash test kills the process meanwhile). */
  pauseBeforeCommitMs?: number;
}

export class WorkflowEngine implements WorkflowActions {
  private readonly forms: FormDataService;

  constructor(
    private readonly deps: AppDeps,
    private readonly options: EngineOptions = {},
  ) {
    this.forms = new FormDataService(deps);
  }

  /** One transaction; a Rollback's answer is returned after the roll-back. */
  /**
   * One action, one transaction. With `once` (the client's Idempotency-Key) the key is claimed first: a repeat
   * answers the first one's stored result and does nothing; an action that rolls back releases the key.
   */
  private async action<T>(tenantId: string, fn: (run: ActionRun) => Promise<T>, once?: IdempotencyScope | null): Promise<T> {
    try {
      return await this.deps.db.transaction().execute(async (trx) => {
        if (once) {
          const earlier = await claimIdempotencyKey(trx, once);
          if (earlier) return earlier.result as T;
        }
        const run = new ActionRun(this.deps, trx, tenantId, nodeTypeOf);
        const result = await fn(run);
        await run.flush();
        if (once) await storeIdempotentResult(trx, once, result);
        return result;
      });
    } catch (error) {
      if (error instanceof Rollback) return error.result as T;
      throw error;
    }
  }

  // ---------- shared checks ----------

  /**
   * Locks the task's root instance (with the instance and its scheme name in one statement when the instance is
   * its own root), then answers the task re-read under the lock, checked open, and its instance, checked running.
   * With `userId`, the caller must be the task's assignee or one of the users who may act on it (read with the task).
   */
  private async openTask(run: ActionRun, taskId: string, userId?: string): Promise<{ task: TaskRow; instance: InstanceRow }> {
    const locked = await lockTaskInstance(run.trx, taskId, run.tenantId);
    if (!locked) throw new AppError('workflow.taskNotFound', {}, 404);
    run.knowSchemeName(locked.instance.scheme_id, locked.schemeName);
    // Read after the lock (a new statement, so a new snapshot): a task closed by the previous lock holder shows done.
    const { task, mayAct } = await store.taskForAction(run.trx, taskId, userId);
    if (task.state !== 'open') throw new AppError('workflow.taskClosed', {}, 409);
    const instance = run.adopt(locked.instance);
    await this.checkRunning(run, instance);
    if (userId !== undefined && task.assignee_id !== userId && !mayAct) throw new AppError('workflow.notYourTask', {}, 403);
    return { task, instance };
  }

  private async checkRunning(run: ActionRun, instance: InstanceRow): Promise<void> {
    const root = instance.root_id === instance.id ? instance : await run.instance(instance.root_id);
    if (instance.state === 'suspended' || root.state === 'suspended') throw new AppError('workflow.instanceSuspended', {}, 409);
    if (instance.state !== 'running') throw new AppError('workflow.instanceNotRunning', {}, 409);
  }

  private async checkStarter(run: ActionRun, auth: AuthContext, processInstanceId: string): Promise<InstanceRow> {
    const instance = run.adopt(await lockInstance(run.trx, processInstanceId, auth.tenantId));
    if (instance.starter_id !== auth.userId) throw new AppError('workflow.notStarter', {}, 403);
    return instance;
  }

  private async oneUser(
    run: ActionRun,
    userId: string,
    key: 'workflow.noTransferUser' | 'workflow.notACandidate' = 'workflow.noTransferUser',
  ): Promise<string> {
    const [user] = await enabledUsers(run.trx, run.tenantId, [userId]);
    if (!user) throw new AppError(key, {}, 400);
    return user.id;
  }

  // ---------- forms ----------

  /**
   * Saves the submitted form values through the Form engine inside this transaction (platform forms; an external
   * link's form commits in its own) and answers the instance's form keys. Only designed forms (F_Type 0) are
   * stored by the engine; system and address-based forms keep their data in their own modules (the key given is
   * recorded).
   */
  private async saveForms(
    run: ActionRun,
    auth: AuthContext,
    instance: InstanceRow,
    entries: FormValueEntry[],
    allowed: Set<string>,
    authorityOf: (formId: string) => FieldAuthority[] | undefined,
  ): Promise<FieldChange[]> {
    const keys = [...instance.form_keys];
    const repo = new FormSchemeRepository(run.trx);
    const changes: FieldChange[] = [];
    for (const entry of entries) {
      const known = keys.find((k) => k.F_FormId === entry.F_FormId);
      let key = entry.F_Id || known?.F_Id || '';
      if (entry.F_Type === 0) {
        // Only the process's own forms: a task must not become a way to write any form's records.
        if (!allowed.has(entry.F_FormId)) throw new AppError('workflow.formNotInProcess', { id: entry.F_FormId }, 400);
        const form = await repo.find(auth.tenantId, entry.F_FormId);
        if (!form) throw new AppError('forms.notFound', { id: entry.F_FormId }, 404);
        const version = await repo.version(auth.tenantId, form.F_SchemeId);
        if (!version) throw new AppError('forms.versionNotFound', { id: form.F_SchemeId }, 404);
        const loaded = { form, version, scheme: checkedScheme(version.content), tableInfo: normaliseTableInfo(version.table_info) };
        const authority = authorityOf(entry.F_FormId);
        // An approval node that may edit some fields: what it changes is recorded on the action's history row.
        const recorded = known && authority?.some((a) => String(a.formId) !== UNLISTED_FIELDS && a.view !== false && a.edit !== false);
        const before = recorded ? await this.forms.read(auth, loaded, key, { transaction: run.trx }) : null;
        key = await this.forms.save(auth, loaded, entry.formData, known ? key : null, { authority, transaction: run.trx });
        if (before) changes.push(...formChanges(loaded.scheme.data, before, await this.forms.read(auth, loaded, key, { transaction: run.trx }), authority));
      }
      run.mergeForm(instance, entry.formData);
      const row: FormKey = { F_FormId: entry.F_FormId, F_Type: entry.F_Type, F_UrlAddress: entry.F_UrlAddress, F_Id: key };
      if (known) Object.assign(known, row);
      else keys.push(row);
    }
    if (entries.length === 0) return changes;
    instance.form_keys = keys;
    await store.updateFormKeys(run.trx, instance.id, keys);
    return changes;
  }

  // ---------- start ----------

  private async instanceName(run: ActionRun, graph: WfGraph, schemeId: string, schemeName: string, starterId: string, given?: string): Promise<string> {
    if (given?.trim()) return given.trim();
    const template = processConfig.parse(graph.config).titleTemplate;
    const starter = await store.realName(run.trx, starterId);
    // The date is the launch's calendar day where the users are (TIME_ZONE), not in UTC; the serial counts this
    // scheme's launches that day. The scheme's row is locked first, so concurrent launches count one after another.
    const timeZone = this.deps.config.timeZone ?? DEFAULT_TIME_ZONE;
    await store.lockScheme(run.trx, run.tenantId, schemeId);
    const { start, end } = localDayRange(run.now, timeZone);
    const n = await store.countLaunches(run.trx, run.tenantId, schemeId, start, end);
    return instanceTitle(template, { schemeName, starter: starter ?? '', at: run.now, timeZone, serial: n + 1 });
  }

  /** Creates and runs a new instance of the scheme's current version (start and reinitiate). */
  private async launch(
    run: ActionRun,
    auth: AuthContext,
    schemeId: string,
    input: {
      formValue: FormValueEntry[];
      formKeys?: FormKey[];
      /** The form keys come from the caller (start's option): each must be one of the scheme's forms. */
      checkKeys?: boolean;
      variables?: Record<string, unknown>;
      name?: string;
      userJson: { taskId: string; userList: string[] }[];
      related: string[];
      message?: string;
      fileValue?: string;
    },
  ): Promise<ActionResult> {
    // The launch authority is the scheme module's one rule (the launchable list and auth-user use it too).
    const scheme = await store.schemeToLaunch(run.trx, auth.tenantId, schemeId, auth.userId);
    if (!scheme) throw new AppError('workflow.schemeNotFound', {}, 404);
    if (!scheme.enabled) throw new AppError('workflow.schemeDisabled', {}, 409);
    if (!scheme.may_launch) throw new AppError('workflow.noLaunchRight', {}, 403);
    if (!scheme.current_version_id) throw new AppError('workflow.noSchemeVersion', {}, 409);
    const graph = await loadGraph(run.trx, scheme.current_version_id);
    const id = newId();
    const instance = run.adopt({
      id,
      tenant_id: auth.tenantId,
      root_id: id,
      parent_id: null,
      parent_node_id: null,
      parent_execution_id: null,
      scheme_id: scheme.id,
      version_id: scheme.current_version_id,
      name: await this.instanceName(run, graph, scheme.id, scheme.name, auth.userId, input.name),
      state: 'running',
      starter_id: auth.userId,
      variables: input.variables ?? {},
      form_keys: input.formKeys ?? [],
      related: input.related,
      created_at: run.now,
    });
    await store.insertInstance(run.trx, instance, run.now);
    // At launch every field is editable (no node authority applies yet); the forms are the scheme's relations.
    const forms = new Set(await store.schemeFormIds(run.trx, scheme.id));
    const foreign = input.checkKeys ? instance.form_keys.find((k) => !forms.has(k.F_FormId)) : undefined;
    if (foreign) throw new AppError('workflow.formNotInProcess', { id: foreign.F_FormId }, 400);
    await this.saveForms(run, auth, instance, input.formValue, forms, () => undefined);
    for (const c of input.userJson) run.chosen.set(c.taskId, c.userList);
    run.previousUserId = auth.userId;
    run.enter(instance, graph.startNodeId);
    await run.drain();
    if (run.choices.length) throw new Rollback<ActionResult>({ retCode: 2, processInstanceId: '', nodes: run.choices });
    return { retCode: 0, processInstanceId: id };
  }

  /**
   * create-process. `options.formKeys`: launch over existing form records (create-processform): the instance's
   * form keys point to them, no record is written unless `body.formValue` gives values for one of them;
   * `options.formValues`: their values, the form snapshot conditions read.
   */
  async start(auth: AuthContext, body: CreateProcessBody, options: StartOptions = {}): Promise<ActionResult> {
    const once = options.idempotencyKey ? { tenantId: auth.tenantId, userId: auth.userId, key: options.idempotencyKey, action: 'create-process' } : null;
    return this.action(
      auth.tenantId,
      async (run) => {
        // A launch from a draft consumes it first: the row lock makes a second launch from the same draft wait,
        // then find it gone and be refused, so one draft makes one instance. An unknown draft is refused too.
        if (body.draftId) {
          if (!(await store.consumeDraft(run.trx, auth.tenantId, auth.userId, body.draftId))) throw new AppError('workflowTask.draftNotFound', {}, 404);
        }
        const result = await this.launch(run, auth, body.schemeId, {
          formValue: body.formValue,
          formKeys: options.formKeys?.map((k) => ({ ...k })),
          checkKeys: options.formKeys !== undefined,
          variables: options.formValues ? { [FORM_VARIABLE]: { ...options.formValues } } : undefined,
          name: body.name,
          userJson: body.userJson,
          related: body.relationTaskList,
        });
        return result;
      },
      once,
    );
  }

  // ---------- handle ----------

  async handle(auth: AuthContext, body: TaskHandleBody, idempotencyKey?: string | null): Promise<ActionResult> {
    const once = idempotencyKey ? { tenantId: auth.tenantId, userId: auth.userId, key: idempotencyKey, action: `task-handle:${body.taskId}` } : null;
    return this.action(
      auth.tenantId,
      async (run) => {
        const { task, instance } = await this.openTask(run, body.taskId, auth.userId);
        const graph = await run.graph(instance);
        const node = nodeOf(graph, task.node_id);
        const isStart = node.type === 'startEvent';
        const config = isStart ? null : taskConfigOf(node);
        const button = (config?.buttons ?? START_BUTTONS).find((b) => b.value === body.btnValue);
        if (!button) throw new AppError('workflow.badButton', { button: body.btnValue }, 400);
        const rejecting = button.value === BTN_REJECT;

        if (config?.signatureRequired && !rejecting && !body.esignature) throw new AppError('workflow.stampRequired', {}, 400);
        if (body.esignature) {
          const verdict = await verifyStampForUse(run.trx, auth, body.esignature, body.esignature_pwd);
          // The password is asked only where the node says so.
          if (verdict === 'wrongPassword' && config?.needPassword) throw new Rollback<ActionResult>({ retCode: 1, processInstanceId: instance.id });
        }
        const target = rejecting ? await this.rejectTarget(run, instance, graph, node, config!.rejectTargets, body.rejectNodeId) : null;

        const instanceForms = new Set(instance.form_keys.map((k) => k.F_FormId));
        // The start node (a returned application) edits freely; an approval node only the fields it names.
        const changes = await this.saveForms(run, auth, instance, body.formValue, instanceForms, (formId) =>
          config ? approvalFieldAuthority(config, formId) : undefined,
        );
        if (!rejecting) run.setVariables(instance, { btnValue: button.value });
        for (const c of body.userJson) run.chosen.set(c.taskId, c.userList);
        run.previousUserId = auth.userId;

        const single = !node.multiInstance;
        await closeTask(run, task.id, button.value, auth.userId, node, single ? task.execution_id : undefined);
        const historyId = await run.history(instance, node, {
          action: rejecting ? BTN_REJECT : button.value === BTN_AGREE ? BTN_AGREE : 'custom',
          taskId: task.id,
          userId: auth.userId,
          ownerId: task.owner_id,
          btnValue: button.value,
          btnName: button.name,
          message: body.message,
          stampId: body.esignature,
          folderId: body.fileValue,
          multiInstance: node.multiInstance !== undefined,
          startedAt: task.created_at,
        });
        run.setFieldChanges(historyId, changes);
        const decision = await countVote(run, instance, graph, node, task.execution_id, rejecting ? 'reject' : 'agree', single);
        if (decision === 'complete') await this.completeNode(run, instance, graph, node, task.scope_id);
        else if (decision === 'reject') await this.rejectTo(run, instance, graph, node, target!);

        if (body.forwarderList.length) await this.circulate(run, instance, node, task.id, auth.userId, body.forwarderList);
        if (body.relationTaskList.length) {
          const related = [...new Set([...instance.related, ...body.relationTaskList])];
          await store.updateRelated(run.trx, instance.id, related);
        }
        await run.drain();
        if (run.choices.length) throw new Rollback<ActionResult>({ retCode: 2, processInstanceId: instance.id, nodes: run.choices });
        await run.setNextNodes(historyId);
        await run.flush();
        const pause = this.options.pauseBeforeCommitMs ?? 0;
        if (pause > 0) await sleep(pause);
        return { retCode: 0, processInstanceId: instance.id };
      },
      once,
    );
  }

  /** A node is done: its configured readers get the circulation, the token moves on. */
  private async completeNode(run: ActionRun, instance: InstanceRow, graph: WfGraph, node: WfNode, scopeId: string | null): Promise<void> {
    if (node.type === 'userTask') {
      const circulate = taskConfigOf(node).circulate;
      if (circulate.length) await this.circulate(run, instance, node, null, run.previousUserId, circulate);
    }
    await run.leave(instance, graph, node, scopeId);
  }

  private async rejectTarget(run: ActionRun, instance: InstanceRow, graph: WfGraph, node: WfNode, configured: string[], rejectNodeId: string): Promise<WfNode> {
    if (!rejectNodeId) throw new AppError('workflow.noRejectNode', {}, 400);
    const passed = await store.doneTaskNodes(run.trx, instance.id);
    const target = rejectTargets(graph, node, configured, passed).find((n) => n.id === rejectNodeId);
    if (!target) throw new AppError('workflow.badRejectNode', { node: graph.nodes[rejectNodeId]?.name ?? rejectNodeId }, 400);
    return target;
  }

  /**
   * Sends the instance back: every live token ends (open tasks cancelled), then one token at the target. The start
   * as target gives the starter a task at the start node; its tasks remember the node that rejected.
   */
  private async rejectTo(run: ActionRun, instance: InstanceRow, graph: WfGraph, from: WfNode, target: WfNode): Promise<void> {
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

  /** Circulation rows (post / role / person / department → users) and type-14 messages. */
  private async circulate(
    run: ActionRun,
    instance: InstanceRow,
    node: WfNode,
    taskId: string | null,
    fromUserId: string | null,
    objects: { F_ObjType: string; F_ObjId: string }[],
  ): Promise<void> {
    const userIds = await usersOfObjects(run.trx, instance.tenant_id, objects);
    if (userIds.length === 0) return;
    await store.insertCirculations(
      run.trx,
      userIds.map((userId) => ({
        id: newId(),
        tenant_id: instance.tenant_id,
        instance_id: instance.id,
        task_id: taskId,
        node_id: node.id,
        node_name: node.name,
        user_id: userId,
        from_user_id: fromUserId,
        created_at: run.now,
      })),
    );
    run.notify(14, userIds, instance, taskId ? { id: taskId, nodeName: node.name } : null, 'workflow.msgCirculated', { taskStatus: '2' });
  }

  // ---------- transfer, signers, candidates ----------

  async transfer(auth: AuthContext, input: { taskId: string; userId: string; message?: string }): Promise<void> {
    await this.action(auth.tenantId, async (run) => {
      const { task, instance } = await this.openTask(run, input.taskId, auth.userId);
      const node = nodeOf(await run.graph(instance), task.node_id);
      if (node.type === 'userTask' && !taskConfigOf(node).transfer) throw new AppError('workflow.badButton', { button: BTN_TRANSFER }, 400);
      if (!input.userId || input.userId === auth.userId) throw new AppError('workflow.noTransferUser', {}, 400);
      const userId = await this.oneUser(run, input.userId);
      await this.replaceUsers(run, task, [userId], { userId, ownerId: task.owner_id ?? auth.userId });
      await run.history(
        instance,
        { id: task.node_id, name: task.node_name, type: 'userTask' },
        { action: 'transfer', taskId: task.id, userId: auth.userId, message: input.message ?? '', candidates: [userId] },
      );
      run.notify(13, [userId], instance, { id: task.id, nodeName: task.node_name }, 'workflow.msgTodo', { taskStatus: '0' });
    });
  }

  /** The task's users become `userIds` (transfer, assign: one user); answers the users it had before. */
  private async replaceUsers(run: ActionRun, task: TaskRow, userIds: string[], assignee: Assignee | null): Promise<string[]> {
    await store.setTaskAssignee(run.trx, task.id, assignee);
    const before = await store.deleteTaskUsers(run.trx, task.id);
    await store.insertTaskUsers(
      run.trx,
      userIds.map((userId) => ({ task_id: task.id, user_id: userId, tenant_id: run.tenantId, instance_id: task.instance_id, created_at: run.now })),
    );
    return before;
  }

  /** A countersign node whose config allows adding / removing signers: its state, or 'workflow.notMultiInstance'. */
  private async signation(run: ActionRun, auth: AuthContext, taskId: string) {
    const { task, instance } = await this.openTask(run, taskId, auth.userId);
    const graph = await run.graph(instance);
    const node = nodeOf(graph, task.node_id);
    const mi = node.type === 'userTask' && node.multiInstance ? await readMi(run, task.execution_id) : null;
    if (!mi || !taskConfigOf(node).signation) throw new AppError('workflow.notMultiInstance', {}, 400);
    return { task, instance, graph, node, mi };
  }

  async addSigners(auth: AuthContext, input: { taskId: string; userIds: string[] }): Promise<void> {
    await this.action(auth.tenantId, async (run) => {
      const { task, instance, graph, node, mi } = await this.signation(run, auth, input.taskId);
      const have = new Set(mi.assignees.map((a) => a.userId));
      const added = (await enabledUsers(run.trx, auth.tenantId, input.userIds)).filter((u) => !have.has(u.id)).map((u) => ({ userId: u.id, ownerId: null }));
      if (added.length === 0) return;
      mi.assignees.push(...added);
      // Parallel: the new signers get their tasks now; sequential: they join the end of the line.
      if (!mi.sequential) {
        mi.issued += added.length;
        await createTasks(
          run,
          instance,
          graph,
          node,
          task.execution_id,
          added.map((a) => ({ users: [a.userId], assignee: a })),
        );
      }
      await writeMi(run, task.execution_id, mi);
      await run.history(instance, node, {
        action: 'addSign',
        taskId: task.id,
        userId: auth.userId,
        multiInstance: true,
        candidates: added.map((a) => a.userId),
      });
    });
  }

  async removeSigners(auth: AuthContext, input: { taskId: string; userIds: string[] }): Promise<void> {
    await this.action(auth.tenantId, async (run) => {
      const { task, instance, graph, node, mi } = await this.signation(run, auth, input.taskId);
      const open = await store.openTasksOfExecution(run.trx, task.execution_id);
      const removing = new Set(input.userIds);
      // Only signers who have not voted: an open task, or (sequential) a turn not reached yet.
      const openOf = open.filter((t) => t.assignee_id && removing.has(t.assignee_id));
      const waitingIdx = mi.assignees.map((a, i) => (i >= mi.issued && removing.has(a.userId) ? i : -1)).filter((i) => i >= 0);
      const removedUsers = new Set([...openOf.map((t) => t.assignee_id!), ...waitingIdx.map((i) => mi.assignees[i]!.userId)]);
      if (removedUsers.size === 0) return;
      const pendingLeft = open.length - openOf.length + (mi.assignees.length - mi.issued - waitingIdx.length);
      if (pendingLeft <= 0) throw new AppError('workflow.lastSigner', {}, 400);
      await store.cancelTasks(
        run.trx,
        run.now,
        openOf.map((t) => t.id),
      );
      const issuedRemoved = mi.assignees.filter((a, i) => i < mi.issued && removedUsers.has(a.userId) && openOf.some((t) => t.assignee_id === a.userId)).length;
      mi.assignees = mi.assignees.filter((a, i) => !(removedUsers.has(a.userId) && (i >= mi.issued || openOf.some((t) => t.assignee_id === a.userId))));
      mi.issued -= issuedRemoved;
      await run.history(instance, node, { action: 'subtractSign', taskId: task.id, userId: auth.userId, multiInstance: true, candidates: [...removedUsers] });
      // Fewer signers can complete the node now (e.g. 'all' with every remaining one agreed).
      const decision = await decideMi(run, instance, graph, node, task.execution_id, mi);
      if (decision === 'complete') {
        await this.completeNode(run, instance, graph, node, task.scope_id);
        await run.drain();
      }
    });
  }

  async assign(auth: AuthContext, input: { taskId: string; userId: string }): Promise<void> {
    await this.action(auth.tenantId, async (run) => {
      const { task, instance } = await this.openTask(run, input.taskId);
      const userId = await this.oneUser(run, input.userId);
      await this.replaceUsers(run, task, [userId], { userId, ownerId: task.owner_id });
      await run.history(
        instance,
        { id: task.node_id, name: task.node_name, type: 'userTask' },
        { action: 'assign', taskId: task.id, userId: auth.userId, candidates: [userId] },
      );
      run.notify(13, [userId], instance, { id: task.id, nodeName: task.node_name }, 'workflow.msgTodo', { taskStatus: '0' });
    });
  }

  async changeCandidate(auth: AuthContext, input: { taskId: string; oldUserId: string; newUserId: string }): Promise<void> {
    await this.action(auth.tenantId, async (run) => {
      const { task, instance } = await this.openTask(run, input.taskId);
      const old = await store.isOpenTaskUser(run.trx, task.id, input.oldUserId);
      if (!old && task.assignee_id !== input.oldUserId) throw new AppError('workflow.notACandidate', {}, 400);
      const userId = await this.oneUser(run, input.newUserId, 'workflow.notACandidate');
      await store.deleteTaskUsers(run.trx, task.id, [input.oldUserId, userId]);
      await store.insertTaskUsers(run.trx, [
        { task_id: task.id, user_id: userId, tenant_id: run.tenantId, instance_id: task.instance_id, created_at: run.now },
      ]);
      if (task.assignee_id === input.oldUserId) await store.setTaskAssigneeId(run.trx, task.id, userId);
      await run.history(
        instance,
        { id: task.node_id, name: task.node_name, type: 'userTask' },
        { action: 'changeCandidate', taskId: task.id, userId: auth.userId, candidates: [input.oldUserId, userId] },
      );
      run.notify(13, [userId], instance, { id: task.id, nodeName: task.node_name }, 'workflow.msgTodo', { taskStatus: '0' });
    });
  }

  /**
   * again-candidate: the candidates of an open (single-instance) user task worked out again — after organisation
   * changes: new members of a role, a new department manager… — with delegation, replacing the users who may act
   * on it. Those new to the task get a to-do message. Answers the task's users. The caller's right to ask is the
   * task API's check.
   */
  async againCandidate(auth: AuthContext, taskId: string): Promise<string[]> {
    return this.action(auth.tenantId, async (run) => {
      const { task, instance } = await this.openTask(run, taskId);
      const node = (await run.graph(instance)).nodes[task.node_id];
      if (!node || node.type !== 'userTask' || node.multiInstance) throw new AppError('workflowTask.noOpenTask');
      // previousLeader rules: the user who completed the last task.
      run.previousUserId = (await store.lastActor(run.trx, instance.id)) ?? instance.starter_id;
      const assignees = (await assigneesOf(run, instance, node, taskConfigOf(node), false)) ?? [];
      if (assignees.length === 0) throw new AppError('workflow.noCandidate', { node: node.name || node.id }, 400);
      const userIds = [...new Set(assignees.map((a) => a.userId))];
      const single = userIds.length === 1 ? assignees[0]! : null;
      const before = new Set(await this.replaceUsers(run, task, userIds, single));
      await run.history(instance, node, { action: 'againCandidate', taskId: task.id, userId: auth.userId, candidates: userIds });
      const added = userIds.filter((id) => !before.has(id));
      if (added.length) run.notify(13, added, instance, { id: task.id, nodeName: task.node_name }, 'workflow.msgTodo', { taskStatus: '0' });
      return userIds;
    });
  }

  // ---------- instance actions ----------

  async recall(auth: AuthContext, processInstanceId: string): Promise<void> {
    await this.action(auth.tenantId, async (run) => {
      const instance = await this.checkStarter(run, auth, processInstanceId);
      if (instance.state !== 'running') throw new AppError('workflow.instanceNotRunning', {}, 409);
      const graph = await run.graph(instance);
      await run.cancelLive(instance);
      await run.finishInstance(instance, 'recalled');
      await run.history(instance, nodeOf(graph, graph.startNodeId), { action: 'recall', userId: auth.userId });
    });
  }

  /**
   * The starter launches a recalled, terminated or rejected-to-start instance again: a new instance of the scheme's
   * current version with the same form records and values; the old one (if still running at its start) ends.
   */
  async reinitiate(auth: AuthContext, processInstanceId: string): Promise<ActionResult> {
    return this.action(auth.tenantId, async (run) => {
      const old = await this.checkStarter(run, auth, processInstanceId);
      const graph = await run.graph(old);
      const atStart = old.state === 'running' && (await store.hasOpenTaskAt(run.trx, old.id, graph.startNodeId));
      if (old.state !== 'recalled' && old.state !== 'terminated' && !atStart) throw new AppError('workflow.cannotReinitiate', {}, 409);
      if (atStart) {
        await run.cancelLive(old);
        await run.finishInstance(old, 'terminated');
      }
      await run.history(old, nodeOf(graph, graph.startNodeId), { action: 'reinitiate', userId: auth.userId });
      const form = old.variables[FORM_VARIABLE];
      return this.launch(run, auth, old.scheme_id, {
        formValue: [],
        formKeys: old.form_keys,
        variables: form ? { [FORM_VARIABLE]: form } : {},
        userJson: [],
        related: [...old.related, old.id],
      });
    });
  }

  async suspend(auth: AuthContext, processInstanceId: string, suspended: boolean): Promise<void> {
    await this.action(auth.tenantId, async (run) => {
      const instance = run.adopt(await lockInstance(run.trx, processInstanceId, auth.tenantId));
      const from = suspended ? 'running' : 'suspended';
      if (instance.state !== from) throw new AppError('workflow.instanceNotRunning', {}, 409);
      const to = suspended ? 'suspended' : 'running';
      // The whole tree (call activity children too) is suspended or resumed.
      await store.setTreeState(run.trx, instance.root_id, from, to, run.now);
      const graph = await run.graph(instance);
      await run.history(instance, nodeOf(graph, graph.startNodeId), { action: suspended ? 'suspend' : 'resume', userId: auth.userId });
    });
  }

  // ---------- timers ----------

  /**
   * Fires due timers, each in its own transaction: the root instance is locked first, then the timer is taken
   * with FOR UPDATE SKIP LOCKED and re-checked pending (another process may have fired it meanwhile).
   */
  async fireDueTimers(now: Date = new Date()): Promise<number> {
    const due = await store.dueTimers(this.deps.db, now);
    let fired = 0;
    for (const timer of due) {
      try {
        if (await this.action(timer.tenant_id, (run) => this.fireTimer(run, timer.id, timer.instance_id))) fired += 1;
      } catch (error) {
        this.deps.log.error({ err: error, timerId: timer.id }, 'workflow timer failed');
      }
    }
    return fired;
  }

  private async fireTimer(run: ActionRun, timerId: string, instanceId: string): Promise<boolean> {
    const instance = run.adopt(await lockInstance(run.trx, instanceId));
    const timer = await store.takePendingTimer(run.trx, timerId);
    if (!timer) return false;
    await store.markTimerFired(run.trx, timer.id, run.now);
    // A suspended instance's timers count as fired (documented): nothing happens for them.
    if (instance.state !== 'running') return true;
    const execution = timer.execution_id ? await store.readExecution(run.trx, timer.execution_id) : undefined;
    if (!execution || execution.state === 'done') return true;
    const graph = await run.graph(instance);
    const timerNode = nodeOf(graph, timer.node_id);
    const host = nodeOf(graph, execution.node_id);
    const scopeId = execution.parent_id;
    const task = timer.task_id ? await store.readTask(run.trx, timer.task_id) : undefined;
    if (timer.task_id && task?.state !== 'open') return true;
    await this.repeatTimer(run, timer, timerNode);

    switch (timer.action) {
      case 'remind': {
        const users = await store.openTaskUsers(run.trx, task!.id);
        run.notify(13, users, instance, { id: task!.id, nodeName: task!.node_name }, 'workflow.msgRemind', { taskStatus: '0' });
        return true;
      }
      case 'approve': {
        await closeTask(run, task!.id, BTN_AGREE, null);
        await run.history(instance, host, {
          action: 'auto',
          taskId: task!.id,
          btnValue: BTN_AGREE,
          multiInstance: host.multiInstance !== undefined,
          startedAt: task!.created_at,
        });
        const decision = await countVote(run, instance, graph, host, task!.execution_id, 'agree');
        if (decision === 'complete') await this.completeNode(run, instance, graph, host, scopeId);
        break;
      }
      case 'continue': {
        // An intermediate timer event: the waiting token moves on.
        await store.setExecutionsDone(run.trx, [execution.id]);
        await run.history(instance, timerNode, { action: 'node' });
        await run.leave(instance, graph, timerNode, scopeId);
        break;
      }
      case 'flow': {
        // Interrupting: the activity ends (all its tasks, or everything inside the sub-process) and the boundary's
        // flow is followed.
        if (host.type === 'subProcess') await run.cancelScope(instance, execution.id, true);
        else {
          await cancelExecutionTasks(run, execution.id);
          await endExecution(run, host, execution.id);
        }
        await run.history(instance, timerNode, { action: 'timeout', taskId: task?.id ?? null });
        await run.leave(instance, graph, timerNode, scopeId);
        break;
      }
      case 'fork': {
        // Non-interrupting: the activity goes on, and a new token follows the boundary's flow.
        await run.history(instance, timerNode, { action: 'timeout', taskId: task?.id ?? null });
        await run.leave(instance, graph, timerNode, scopeId);
        break;
      }
      default:
        return true;
    }
    await run.drain();
    return true;
  }

  /** A cycle timer (R3/PT1H) that has firings left is scheduled again, one interval on. */
  private async repeatTimer(run: ActionRun, timer: TimerRow, node: WfNode): Promise<void> {
    if (timer.repeats === null || timer.repeats === 0 || timer.action === 'flow') return;
    const cycle = node.timer?.cycle ? parseTimerCycle(node.timer.cycle) : null;
    if (!cycle) return;
    const { tenant_id, instance_id, task_id, execution_id, node_id, action } = timer;
    const repeats = timer.repeats === -1 ? -1 : timer.repeats - 1;
    await store.insertTimers(run.trx, [
      { id: newId(), tenant_id, instance_id, task_id, execution_id, node_id, action, due_at: new Date(run.now.getTime() + cycle.intervalMs), repeats },
    ]);
  }
}

export type { Trx };
