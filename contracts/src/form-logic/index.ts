/**
 * Pure logic over form schemes (docs/forms-design.md), shared by the web renderer and the server's validation so
 * a client cannot store what the renderer would refuse. No DOM, no Node APIs, no binary floating point for money.
 *
 * Owner: the form-logic helper. The signatures below are the contract the renderer and the server code against.
 */
export * from './walk.js';
export * from './decimal.js';
export * from './computation.js';
export * from './capital.js';
export * from './pattern.js';
export * from './validation.js';
export * from './scheme.js';
export * from './changes.js';
