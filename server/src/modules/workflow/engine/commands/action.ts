import type { AppDeps } from '../../../../core/deps.js';
import { claimIdempotencyKey, storeIdempotentResult, type IdempotencyScope } from '../../../../core/idempotency.js';
import type { FormDataService } from '../../../form-scheme/form-data.service.js';
import { ActionRun, Rollback } from '../node-types/runtime.js';
import { nodeTypeOf } from '../node-types/index.js';

/** How the engine is built (engineOf gives these from the app's config). */
export interface EngineOptions {
  /** Tests only: task-handle sleeps this long just before its commit (a crash test kills the process meanwhile). */
  pauseBeforeCommitMs?: number;
}

/** What the commands share across actions: the app, the form engine, the options. */
export interface EngineContext {
  deps: AppDeps;
  forms: FormDataService;
  options: EngineOptions;
}

/**
 * One action, one transaction; a Rollback's answer is returned after the roll-back. With `once` (the client's Idempotency-Key) the key is claimed first: a repeat
 * answers the first one's stored result and does nothing; an action that rolls back releases the key.
 */
export async function runAction<T>(ctx: EngineContext, tenantId: string, fn: (run: ActionRun) => Promise<T>, once?: IdempotencyScope | null): Promise<T> {
  try {
    return await ctx.deps.db.transaction().execute(async (trx) => {
      if (once) {
        const earlier = await claimIdempotencyKey(trx, once);
        if (earlier) return earlier.result as T;
      }
      const run = new ActionRun(ctx.deps, trx, tenantId, nodeTypeOf);
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
