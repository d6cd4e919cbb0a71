/**
 * Small BPMN documents written inline by engine tests: a process body (or several, with a collaboration) in a
 * definitions element that declares the usual namespaces. No diagram data: the engine does not need it.
 */

const NAMESPACES = [
  'xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"',
  'xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI"',
  'xmlns:dc="http://www.omg.org/spec/DD/20100524/DC"',
  'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"',
  'xmlns:wf="http://approval-platform.dev/schema/wf"',
  'xmlns:camunda="http://camunda.org/schema/1.0/bpmn"',
].join(' ');

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A whole document around `content` (processes, a collaboration…); `declaration` replaces the XML declaration. */
export function bpmnDocument(content: string, declaration = '<?xml version="1.0" encoding="UTF-8"?>'): string {
  return `${declaration}\n<bpmn:definitions ${NAMESPACES} id="defs" targetNamespace="http://approval-platform.dev/test">${content}</bpmn:definitions>`;
}

/** A document with one executable process. */
export function bpmnProcess(body: string, id = 'p'): string {
  return bpmnDocument(`<bpmn:process id="${id}" isExecutable="true">${body}</bpmn:process>`);
}

export const wfConfig = (config: unknown) => `<bpmn:extensionElements><wf:config>${escapeXml(JSON.stringify(config))}</wf:config></bpmn:extensionElements>`;

/** A user task whose candidates are the given user ids; `inner` goes inside (loop characteristics…). */
export function userTask(id: string, userIds: string[], options: { inner?: string; config?: Record<string, unknown>; attrs?: string } = {}): string {
  return `<bpmn:userTask id="${id}" name="${id}"${options.attrs ?? ''}>${wfConfig({ candidates: [{ type: 'user', ids: userIds }], ...options.config })}${options.inner ?? ''}</bpmn:userTask>`;
}

/** A script task setting variables: [[name, expression], …]. */
export function scriptTask(id: string, sets: [string, string][]): string {
  return `<bpmn:scriptTask id="${id}" name="${id}">${wfConfig({ actions: sets.map(([variable, expression]) => ({ type: 'set', variable, expression })) })}</bpmn:scriptTask>`;
}

/** A sequence flow; `id` null leaves the attribute out (it is optional in BPMN). */
export function flow(id: string | null, source: string, target: string, condition?: string): string {
  const idAttr = id === null ? '' : ` id="${id}"`;
  if (condition === undefined) return `<bpmn:sequenceFlow${idAttr} sourceRef="${source}" targetRef="${target}" />`;
  return `<bpmn:sequenceFlow${idAttr} sourceRef="${source}" targetRef="${target}"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">${escapeXml(condition)}</bpmn:conditionExpression></bpmn:sequenceFlow>`;
}

/** flows('a', 'b', 'c') → a→b, b→c with ids a_b, b_c. */
export function chain(...nodes: string[]): string {
  return nodes
    .slice(1)
    .map((target, i) => flow(`${nodes[i]}_${target}`, nodes[i]!, target))
    .join('');
}
