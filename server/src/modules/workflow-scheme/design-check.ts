import type { WfTestConditionResult, WfUnsupportedPart, WfValidateResult } from '@app/contracts';
import type { ModdleElement } from 'bpmn-moddle';
import { AppError } from '../../core/errors.js';
import { translate, type Lang, type MessageKey } from '../../core/i18n/index.js';
import { getModdle } from '../workflow/engine/definition.js';
import { evaluate, isTruthy } from '../workflow/engine/expression.js';
import { validateDefinition } from '../workflow/engine/validate.js';

/**
 * The designer's checks (docs/workflow-screens.md "Designer"): validation without saving plus the parts of a
 * drawing the engine does not run, and a condition tried over sample data.
 */

/** Flow elements the engine runs (anything else is passed through or refused). */
const RUN_TYPES = new Set([
  'bpmn:StartEvent',
  'bpmn:EndEvent',
  'bpmn:UserTask',
  'bpmn:ScriptTask',
  'bpmn:ExclusiveGateway',
  'bpmn:ParallelGateway',
  'bpmn:InclusiveGateway',
  'bpmn:CallActivity',
  'bpmn:BoundaryEvent',
  'bpmn:SequenceFlow',
  'bpmn:SubProcess',
  // A plain task / none intermediate event is a harmless pass-through.
  'bpmn:Task',
  'bpmn:IntermediateThrowEvent',
]);
/** Event definitions the engine runs, by the event type that carries them. */
const RUN_EVENT_DEFINITIONS: Record<string, string[]> = {
  'bpmn:EndEvent': ['bpmn:TerminateEventDefinition'],
  'bpmn:BoundaryEvent': ['bpmn:TimerEventDefinition'],
};
/** Standard attributes moddle keeps in $attrs that mean nothing (namespace declarations). */
const isDeclaration = (name: string) => name === 'xmlns' || name.startsWith('xmlns:');

function list(el: ModdleElement | undefined, name: string): ModdleElement[] {
  const v = el?.[name];
  return Array.isArray(v) ? (v as ModdleElement[]) : [];
}

type Say = (key: MessageKey, params?: Record<string, string | number>) => string;

function scanElement(el: ModdleElement, out: WfUnsupportedPart[], say: Say): void {
  const id = typeof el.id === 'string' ? el.id : null;
  const type = el.$type;
  if (!RUN_TYPES.has(type)) {
    out.push({ elementId: id, type, reason: say('workflowScheme.unsupportedPassThrough', { type }) });
  } else if (type === 'bpmn:SubProcess' && el.triggeredByEvent === true) {
    out.push({ elementId: id, type, reason: say('workflowScheme.unsupportedEventSubProcess') });
  }
  const allowed = RUN_EVENT_DEFINITIONS[type] ?? [];
  for (const def of list(el, 'eventDefinitions')) {
    if (!allowed.includes(def.$type)) out.push({ elementId: id, type: def.$type, reason: say('workflowScheme.unsupportedEventDefinition', { type: def.$type }) });
  }
  const attrs = (el.$attrs ?? {}) as Record<string, unknown>;
  for (const name of Object.keys(attrs)) {
    if (isDeclaration(name)) continue;
    out.push({ elementId: id, type: name, reason: say('workflowScheme.unsupportedAttribute', { name }) });
  }
  const loop = el.loopCharacteristics as ModdleElement | undefined;
  if (loop) {
    if (loop.$type !== 'bpmn:MultiInstanceLoopCharacteristics') out.push({ elementId: id, type: loop.$type, reason: say('workflowScheme.unsupportedLoop') });
    else {
      for (const name of Object.keys((loop.$attrs ?? {}) as Record<string, unknown>)) {
        if (!isDeclaration(name)) out.push({ elementId: id, type: name, reason: say('workflowScheme.unsupportedAttribute', { name }) });
      }
      if (loop.loopCardinality || loop.completionCondition || loop.loopDataInputRef) {
        out.push({ elementId: id, type: 'bpmn:MultiInstanceLoopCharacteristics', reason: say('workflowScheme.unsupportedLoopDetail') });
      }
    }
  }
  const ext = el.extensionElements as ModdleElement | undefined;
  for (const v of list(ext, 'values')) {
    if (v.$type !== 'wf:Config') out.push({ elementId: id, type: v.$type, reason: say('workflowScheme.unsupportedExtension', { type: v.$type }) });
  }
  for (const child of list(el, 'flowElements')) scanElement(child, out, say);
}

/** Elements, event definitions, extension attributes and elements of a document the engine does not run. */
export async function unsupportedParts(xml: string, lang: Lang): Promise<WfUnsupportedPart[]> {
  const say: Say = (key, params = {}) => translate(lang, key, params);
  let root: ModdleElement;
  try {
    root = (await getModdle().fromXML(xml, 'bpmn:Definitions')).rootElement;
  } catch {
    return []; // validateDefinition reports the unreadable document
  }
  const out: WfUnsupportedPart[] = [];
  for (const p of list(root, 'rootElements')) {
    if (p.$type === 'bpmn:Process') {
      for (const name of Object.keys((p.$attrs ?? {}) as Record<string, unknown>)) {
        if (!isDeclaration(name)) out.push({ elementId: typeof p.id === 'string' ? p.id : null, type: name, reason: say('workflowScheme.unsupportedAttribute', { name }) });
      }
      for (const el of list(p, 'flowElements')) scanElement(el, out, say);
    }
  }
  return out;
}

/** POST /workflow-scheme-info/validate. */
export async function checkDesign(xml: string, lang: Lang, knownSchemeCodes: string[]): Promise<WfValidateResult> {
  const [{ issues }, unsupported] = await Promise.all([validateDefinition(xml, { knownSchemeCodes }), unsupportedParts(xml, lang)]);
  return {
    issues: issues.map((i) => ({ elementId: i.elementId, message: translate(lang, i.key as MessageKey, i.params ?? {}) })),
    unsupported,
  };
}

/** POST /workflow-scheme-info/test-condition: `${…}` around the expression is accepted, like in a flow. */
export function testCondition(expression: string, data: Record<string, unknown>, lang: Lang): WfTestConditionResult {
  let text = expression.trim();
  const m = /^[$#]\{([\s\S]*)\}$/.exec(text);
  if (m) text = m[1]!.trim();
  try {
    const result = evaluate(text, data);
    return { result: result === undefined ? null : result, truthy: isTruthy(result), error: null };
  } catch (e) {
    const error = e instanceof AppError ? translate(lang, e.key, e.params) : String(e instanceof Error ? e.message : e);
    return { result: null, truthy: false, error };
  }
}
