import { BTN_AGREE } from '@app/contracts';
import { newId } from '../../../../core/ids.js';
import { type ActionRun, lockInstance } from '../node-types/runtime.js';
import { cancelExecutionTasks, closeTask, endExecution } from '../node-types/user-task.js';
import { parseTimerCycle } from '../timers.js';
import { nodeOf } from '../routing.js';
import type { WfNode } from '../types.js';
import type { TimerRow } from '../store.js';
import * as store from '../store.js';
import { nodeTypeOf } from '../node-types/index.js';
import { runAction, type EngineContext } from './action.js';

/** Firing due timers (the poller in timers.ts calls fireDueTimers). */

/**
 * Fires due timers, each in its own transaction: the root instance is locked first, then the timer is taken
 * with FOR UPDATE SKIP LOCKED and re-checked pending (another process may have fired it meanwhile).
 */
export async function fireDueTimers(ctx: EngineContext, now: Date = new Date()): Promise<number> {
  const due = await store.dueTimers(ctx.deps.db, now);
  let fired = 0;
  for (const timer of due) {
    try {
      if (await runAction(ctx, timer.tenant_id, (run) => fireTimer(run, timer.id, timer.instance_id))) fired += 1;
    } catch (error) {
      ctx.deps.log.error({ err: error, timerId: timer.id }, 'workflow timer failed');
    }
  }
  return fired;
}

async function fireTimer(run: ActionRun, timerId: string, instanceId: string): Promise<boolean> {
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
  await repeatTimer(run, timer, timerNode);

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
      await run.resume({ instance, graph, node: host, viaFlow: null, scopeId, executionId: task!.execution_id, vote: { verdict: 'agree' } });
      break;
    }
    case 'continue': {
      // An intermediate timer event: the waiting token moves on.
      await nodeTypeOf(timerNode).resume?.({ run, instance, graph, node: timerNode, viaFlow: null, scopeId, executionId: execution.id });
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
async function repeatTimer(run: ActionRun, timer: TimerRow, node: WfNode): Promise<void> {
  if (timer.repeats === null || timer.repeats === 0 || timer.action === 'flow') return;
  const cycle = node.timer?.cycle ? parseTimerCycle(node.timer.cycle) : null;
  if (!cycle) return;
  const { tenant_id, instance_id, task_id, execution_id, node_id, action } = timer;
  const repeats = timer.repeats === -1 ? -1 : timer.repeats - 1;
  await store.insertTimers(run.trx, [
    { id: newId(), tenant_id, instance_id, task_id, execution_id, node_id, action, due_at: new Date(run.now.getTime() + cycle.intervalMs), repeats },
  ]);
}
