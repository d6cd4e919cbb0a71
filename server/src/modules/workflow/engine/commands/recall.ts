import type { AuthContext } from '../../../../core/deps.js';
import { AppError } from '../../../../core/errors.js';
import { nodeOf } from '../routing.js';
import { runAction, type EngineContext } from './action.js';
import { checkStarter } from './shared.js';

/** The starter takes a running instance back. */

export async function recall(ctx: EngineContext, auth: AuthContext, processInstanceId: string): Promise<void> {
  await runAction(ctx, auth.tenantId, async (run) => {
    const instance = await checkStarter(run, auth, processInstanceId);
    if (instance.state !== 'running') throw new AppError('workflow.instanceNotRunning', {}, 409);
    const graph = await run.graph(instance);
    await run.cancelLive(instance);
    await run.finishInstance(instance, 'recalled');
    await run.history(instance, nodeOf(graph, graph.startNodeId), { action: 'recall', userId: auth.userId });
  });
}
