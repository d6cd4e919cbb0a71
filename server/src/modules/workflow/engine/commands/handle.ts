import { BTN_AGREE, BTN_REJECT, approvalFieldAuthority, type ActionResult, type TaskHandleBody } from '@app/contracts';
import type { AuthContext } from '../../../../core/deps.js';
import { AppError } from '../../../../core/errors.js';
import { verifyStampForUse } from '../../../stamp/stamp-use.js';
import { type ActionRun, Rollback, type InstanceRow } from '../node-types/runtime.js';
import { closeTask, taskConfigOf } from '../node-types/user-task.js';
import { circulate } from '../node-types/circulate.js';
import { nodeOf, rejectTargets } from '../routing.js';
import type { WfGraph, WfNode } from '../types.js';
import * as store from '../store.js';
import { runAction, type EngineContext } from './action.js';
import { openTask } from './open-task.js';
import { saveForms } from './shared.js';

/** A user acts on an open task with one of its buttons (agree, reject, a custom one). */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The start node's "task" (after a reject to the start) has one button: submit again. */
const START_BUTTONS = [{ value: BTN_AGREE, name: '提交' }];

export async function handle(ctx: EngineContext, auth: AuthContext, body: TaskHandleBody, idempotencyKey?: string | null): Promise<ActionResult> {
  const once = idempotencyKey ? { tenantId: auth.tenantId, userId: auth.userId, key: idempotencyKey, action: `task-handle:${body.taskId}` } : null;
  return runAction(
    ctx,
    auth.tenantId,
    async (run) => {
      const { task, instance } = await openTask(run, body.taskId, auth.userId);
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
      const target = rejecting ? await rejectTarget(run, instance, graph, node, config!.rejectTargets, body.rejectNodeId) : null;

      const instanceForms = new Set(instance.form_keys.map((k) => k.F_FormId));
      // The start node (a returned application) edits freely; an approval node only the fields it names.
      const changes = await saveForms(ctx, run, auth, instance, body.formValue, instanceForms, (formId) =>
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
      await run.resume({
        instance,
        graph,
        node,
        viaFlow: null,
        scopeId: task.scope_id,
        executionId: task.execution_id,
        vote: target ? { verdict: 'reject', backTo: target, executionDone: single } : { verdict: 'agree', executionDone: single },
      });

      if (body.forwarderList.length) await circulate(run, instance, node, task.id, auth.userId, body.forwarderList);
      if (body.relationTaskList.length) {
        const related = [...new Set([...instance.related, ...body.relationTaskList])];
        await store.updateRelated(run.trx, instance.id, related);
      }
      await run.drain();
      if (run.choices.length) throw new Rollback<ActionResult>({ retCode: 2, processInstanceId: instance.id, nodes: run.choices });
      await run.setNextNodes(historyId);
      await run.flush();
      const pause = ctx.options.pauseBeforeCommitMs ?? 0;
      if (pause > 0) await sleep(pause);
      return { retCode: 0, processInstanceId: instance.id };
    },
    once,
  );
}

async function rejectTarget(run: ActionRun, instance: InstanceRow, graph: WfGraph, node: WfNode, configured: string[], rejectNodeId: string): Promise<WfNode> {
  if (!rejectNodeId) throw new AppError('workflow.noRejectNode', {}, 400);
  const passed = await store.doneTaskNodes(run.trx, instance.id);
  const target = rejectTargets(graph, node, configured, passed).find((n) => n.id === rejectNodeId);
  if (!target) throw new AppError('workflow.badRejectNode', { node: graph.nodes[rejectNodeId]?.name ?? rejectNodeId }, 400);
  return target;
}
