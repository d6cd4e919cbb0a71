export * from './model.js';
export * from './api.js';
export * from './build.js';
export * from './compile.js';
export * from './decompile.js';
export * from './templates.js';
