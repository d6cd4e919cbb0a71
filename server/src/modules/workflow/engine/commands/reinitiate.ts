import type { ActionResult } from '@app/contracts';
import type { AuthContext } from '../../../../core/deps.js';
import { AppError } from '../../../../core/errors.js';
import { FORM_VARIABLE, STARTER_CHOICE_VARIABLE } from '../node-types/runtime.js';
import { nodeOf } from '../routing.js';
import * as store from '../store.js';
import { runAction, type EngineContext } from './action.js';
import { checkStarter } from './shared.js';
import { launch } from './start.js';

/**
 * The starter launches a recalled, terminated or rejected-to-start instance again: a new instance of the scheme's
 * current version with the same form records and values; the old one (if still running at its start) ends.
 */
export async function reinitiate(ctx: EngineContext, auth: AuthContext, processInstanceId: string): Promise<ActionResult> {
  return runAction(ctx, auth.tenantId, async (run) => {
    const old = await checkStarter(run, auth, processInstanceId);
    const graph = await run.graph(old);
    const atStart = old.state === 'running' && (await store.hasOpenTaskAt(run.trx, old.id, graph.startNodeId));
    if (old.state !== 'recalled' && old.state !== 'terminated' && !atStart) throw new AppError('workflow.cannotReinitiate', {}, 409);
    if (atStart) {
      await run.cancelLive(old);
      await run.finishInstance(old, 'terminated');
    }
    await run.history(old, nodeOf(graph, graph.startNodeId), { action: 'reinitiate', userId: auth.userId });
    const form = old.variables[FORM_VARIABLE];
    // The approvers the starter chose at the first launch are chosen again (launch keeps those still enabled).
    const chosen = old.variables[STARTER_CHOICE_VARIABLE];
    return launch(ctx, run, auth, old.scheme_id, {
      formValue: [],
      formKeys: old.form_keys,
      variables: { ...(form ? { [FORM_VARIABLE]: form } : {}), ...(chosen ? { [STARTER_CHOICE_VARIABLE]: chosen } : {}) },
      userJson: [],
      related: [...old.related, old.id],
    });
  });
}
