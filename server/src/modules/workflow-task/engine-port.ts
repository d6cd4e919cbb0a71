/**
 * What the task API takes from the engine (docs/workflow-design.md): the actions (`engineOf`), the instance lock and
 * graphs (again-candidate), candidate rules, the timer poller and the diagram.
 */
export { engineOf, loadGraph, lockInstance, startTimerPoller } from '../workflow/engine/index.js';
export { resolveCandidates } from '../workflow/engine/candidates.js';
export { FORM_VARIABLE } from '../workflow/engine/node-types/runtime.js';
export { renderDiagramSvg } from '../workflow/engine/svg.js';
