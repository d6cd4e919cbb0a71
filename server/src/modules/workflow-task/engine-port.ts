import type { Kysely, Transaction } from 'kysely';
import type { CandidateRule } from '@app/contracts';
import type { AppDeps } from '../../core/deps.js';
import type { Database } from '../../core/db/schema.js';
import type { WfGraph, WorkflowActions } from '../workflow/engine/types.js';

export { renderDiagramSvg } from '../workflow/engine/svg.js';

/**
 * The engine as the task API uses it (engine/index.ts `engineOf`, `lockInstance`, `loadGraph`, `startTimerPoller`;
 * candidates.ts), loaded on first use so this module built while the engine files landed in parallel.
 * TODO(lead): once engine/index.ts and candidates.ts are committed these can become static imports.
 */
const ENGINE = '../workflow/engine/index.js';
const CANDIDATES = '../workflow/engine/candidates.js';

type Db = Kysely<Database> | Transaction<Database>;
interface EngineModule {
  engineOf(d: AppDeps): WorkflowActions;
  startTimerPoller(d: AppDeps, intervalMs?: number): () => void;
  lockInstance(trx: Db, instanceId: string, tenantId?: string): Promise<{ id: string; root_id: string; scheme_id: string; version_id: string; starter_id: string; state: string; variables: Record<string, unknown> }>;
  loadGraph(trx: Db, versionId: string): Promise<WfGraph>;
}
interface CandidatesModule {
  resolveCandidates(
    db: Db,
    rules: CandidateRule[],
    ctx: { tenantId: string; starterId: string; previousUserId: string | null; formValues: Record<string, unknown> },
  ): Promise<{ id: string; account: string; realName: string }[]>;
}

export const engineModule = async () => (await import(ENGINE as string)) as EngineModule;
export const candidatesModule = async () => (await import(CANDIDATES as string)) as CandidatesModule;

export function engineOf(deps: AppDeps): WorkflowActions {
  return new Proxy({} as WorkflowActions, {
    get: (_target, name) => async (...args: unknown[]) => {
      const engine = (await engineModule()).engineOf(deps) as unknown as Record<string | symbol, (...a: unknown[]) => unknown>;
      return engine[name]!.apply(engine, args);
    },
  });
}

export async function startTimerPoller(deps: AppDeps): Promise<() => void> {
  return (await engineModule()).startTimerPoller(deps);
}
