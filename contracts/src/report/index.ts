export * from './model.js';
export * from './result.js';
export * from './api.js';
export * from './engine/index.js';
