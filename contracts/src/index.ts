export * from './common/index.js';
export * from './auth.js';
export * from './menu.js';
export * from './logs.js';
export * from './sessions.js';
export * from './home.js';
