/**
 * The engine's store: every query the engine's logic runs lives under store/ (the engine's repository); the
 * commands, node types and runtime call these functions and build no SQL themselves.
 */
export * from './store/db.js';
export * from './store/executions.js';
export * from './store/instances.js';
export * from './store/schemes.js';
export * from './store/tasks.js';
export * from './store/timers.js';
export * from './store/users.js';
