import type { AuthContext } from '../../../../core/deps.js';
import { AppError } from '../../../../core/errors.js';
import { lockInstance } from '../node-types/runtime.js';
import { nodeOf } from '../routing.js';
import * as store from '../store.js';
import { runAction, type EngineContext } from './action.js';

/** Suspending and resuming an instance (the whole tree). */

export async function suspend(ctx: EngineContext, auth: AuthContext, processInstanceId: string, suspended: boolean): Promise<void> {
  await runAction(ctx, auth.tenantId, async (run) => {
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
