import type { TaskType } from '@app/contracts';
import type { z } from 'zod';
import type { AuthContext } from './deps.js';
import type { MessageKey, MessageParams } from './i18n/index.js';

/**
 * A kind of scheduled task, registered in code by the module that owns what it does (modules/<x>/index.ts
 * `taskTypes`). Schedules name a registered key and carry settings of its schema: nobody types a class name or a
 * script.
 */
export interface TaskTypeDefinition<C = Record<string, unknown>> {
  key: TaskType;
  /** The settings (F_Config): the contract's schema of this type. */
  config: z.ZodType<C>;
  /**
   * Checks settings against the tenant when a task is saved (the link or interface exists, the saver may use it);
   * throws AppError with the reason.
   */
  check?: (auth: AuthContext, config: C) => Promise<void>;
  /** One run. Acts as the task's owner; should stop when `signal` aborts (the time-out or a replacing run). */
  run: (context: TaskRunContext<C>) => Promise<TaskRunOutcome>;
}

export interface TaskRunContext<C> {
  /** The task's owner (who saved it last): tenant rules and the owner's grants apply as when they act. */
  auth: AuthContext;
  config: C;
  signal: AbortSignal;
  /** What is left of the task's time-out. */
  timeoutMs: number;
}

export interface TaskRunOutcome {
  /** A short summary for the log (rows read, rows changed, answer status …), shown in the reader's language. */
  summary: { key: MessageKey; params?: MessageParams };
  /** Data shown under the summary as it came (the first rows read, the start of an answer). */
  detail?: string;
  /** Set by runs that could change data: their SQL, kept in the log. */
  sql?: string;
}

/** A type as the registry holds it: settings are read with the type's own schema at the boundary. */
export interface RegisteredTaskType {
  key: TaskType;
  config: z.ZodType;
  check?: (auth: AuthContext, config: unknown) => Promise<void>;
  run: (context: TaskRunContext<unknown>) => Promise<TaskRunOutcome>;
}

/** Registers a type: its settings are parsed with its schema before check and run see them. */
export function defineTaskType<C>(type: TaskTypeDefinition<C>): RegisteredTaskType {
  const check = type.check;
  return {
    key: type.key,
    config: type.config,
    check: check ? (auth, config) => check(auth, type.config.parse(config)) : undefined,
    run: (context) => type.run({ ...context, config: type.config.parse(context.config) }),
  };
}

/** The registered types of this app, by key. */
export type TaskTypeRegistry = ReadonlyMap<TaskType, RegisteredTaskType>;
