import type { ActionResult, CreateProcessBody, TaskHandleBody } from '@app/contracts';
import type { AppDeps, AuthContext } from '../../../core/deps.js';
import { FormDataService } from '../../form-scheme/form-data.service.js';
import type { EngineContext, EngineOptions } from './commands/action.js';
import { againCandidate } from './commands/again-candidate.js';
import { assign } from './commands/assign.js';
import { changeCandidate } from './commands/change-candidate.js';
import { fireDueTimers } from './commands/fire-timers.js';
import { handle } from './commands/handle.js';
import { recall } from './commands/recall.js';
import { reinitiate } from './commands/reinitiate.js';
import { addSigners, removeSigners } from './commands/signers.js';
import { start } from './commands/start.js';
import { suspend } from './commands/suspend.js';
import { transfer } from './commands/transfer.js';
import type { Trx } from './node-types/runtime.js';
import type { StartOptions, WorkflowActions } from './types.js';

/**
 * The workflow engine (docs/workflow-design.md "Every action is one transaction"): every action locks the root
 * instance row first, checks, applies, writes history, moves tokens, creates the next tasks and messages, and commits
 * as one transaction. retCode 1 and 2 answers roll everything back. Each action is one file under commands/; this
 * class is the API the task module calls.
 */

export type { EngineOptions };

export class WorkflowEngine implements WorkflowActions {
  private readonly ctx: EngineContext;

  constructor(deps: AppDeps, options: EngineOptions = {}) {
    this.ctx = { deps, forms: new FormDataService(deps), options };
  }

  start(auth: AuthContext, body: CreateProcessBody, options: StartOptions = {}): Promise<ActionResult> {
    return start(this.ctx, auth, body, options);
  }

  handle(auth: AuthContext, body: TaskHandleBody, idempotencyKey?: string | null): Promise<ActionResult> {
    return handle(this.ctx, auth, body, idempotencyKey);
  }

  transfer(auth: AuthContext, input: { taskId: string; userId: string; message?: string }): Promise<void> {
    return transfer(this.ctx, auth, input);
  }

  addSigners(auth: AuthContext, input: { taskId: string; userIds: string[] }): Promise<void> {
    return addSigners(this.ctx, auth, input);
  }

  removeSigners(auth: AuthContext, input: { taskId: string; userIds: string[] }): Promise<void> {
    return removeSigners(this.ctx, auth, input);
  }

  assign(auth: AuthContext, input: { taskId: string; userId: string }): Promise<void> {
    return assign(this.ctx, auth, input);
  }

  changeCandidate(auth: AuthContext, input: { taskId: string; oldUserId: string; newUserId: string }): Promise<void> {
    return changeCandidate(this.ctx, auth, input);
  }

  againCandidate(auth: AuthContext, taskId: string): Promise<string[]> {
    return againCandidate(this.ctx, auth, taskId);
  }

  recall(auth: AuthContext, processInstanceId: string): Promise<void> {
    return recall(this.ctx, auth, processInstanceId);
  }

  reinitiate(auth: AuthContext, processInstanceId: string): Promise<ActionResult> {
    return reinitiate(this.ctx, auth, processInstanceId);
  }

  suspend(auth: AuthContext, processInstanceId: string, suspended: boolean): Promise<void> {
    return suspend(this.ctx, auth, processInstanceId, suspended);
  }

  fireDueTimers(now: Date = new Date()): Promise<number> {
    return fireDueTimers(this.ctx, now);
  }
}

export type { Trx };
