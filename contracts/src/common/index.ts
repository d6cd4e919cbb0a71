export * from './envelope.js';
export * from './errors.js';
export * from './paging.js';
export * from './permissions.js';
export * from './text.js';
