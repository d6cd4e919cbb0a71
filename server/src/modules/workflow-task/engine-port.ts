/**
 * What the task API takes from the engine (docs/workflow-design.md): the actions (`engineOf`, again-candidate
 * included), the timer poller and the diagram.
 */
export { engineOf, startTimerPoller } from '../workflow/engine/index.js';
export { renderDiagramSvg, diagramHeaders } from '../workflow/engine/svg.js';
