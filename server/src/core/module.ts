import type { FastifyInstance } from 'fastify';
import type { AppDeps } from './deps.js';
import type { Catalogue } from './i18n/index.js';
import type { RegisteredTaskType } from './task-types.js';

/**
 * A feature module's manifest. `modules/<name>/index.ts` default-exports one and `modules/index.ts` lists it:
 * adding a module takes that line and its migration, nothing else outside its folder. Its table types extend
 * `Database` by declaration merging in its own `tables.ts`, its message keys extend `MessageRegistry` in its
 * own `messages.ts`.
 */
export interface AppModule {
  /** The folder name. */
  name: string;
  /** Adds the module's routes, inside its own plugin scope under /api. Library modules (the engine) have none. */
  routes?: (app: FastifyInstance, deps: AppDeps) => void | Promise<void>;
  /** Its server messages, zh-CN and en with the same keys. */
  messages?: Catalogue;
  /** The permission keys its routes check (`config.permission`), for the access tests and the docs. */
  permissions?: readonly string[];
  /** Kinds of scheduled task this module runs (SQL on a link, an interface call, clearing old rows …). */
  taskTypes?: (deps: AppDeps) => RegisteredTaskType[];
}

export function defineModule<M extends AppModule>(module: M): M {
  return module;
}
