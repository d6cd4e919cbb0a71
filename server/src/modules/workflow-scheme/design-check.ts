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

/** Standard attributes moddle keeps in $attrs that mean nothing (namespace declarations). */
const isDeclaration = (name: string) => name === 'xmlns' || name.startsWith('xmlns:');

/**
 * Namespaces of engines whose extensions change how a process runs (Camunda 7 and 8, Flowable, Activiti, jBPM).
 * Anything else (Signavio, W4, bpmn.io colours, modeller and tool metadata) never changes a path.
 */
const ENGINE_NAMESPACES = new Set([
  'http://camunda.org/schema/1.0/bpmn',
  'http://camunda.org/schema/zeebe/1.0',
  'http://flowable.org/bpmn',
  'http://activiti.org/bpmn',
  'http://www.jboss.org/drools',
]);
/** Their usual prefixes: the fallback for a prefix the document uses without declaring it. */
const ENGINE_PREFIXES = new Set(['camunda', 'zeebe', 'flowable', 'activiti', 'drools']);
/**
 * Engine-vendor items that never change a path (lower case): versioning, history, job execution and priorities,
 * who may start the process (launch authority is ours), generic properties, documentation, modeller templates.
 */
const NO_EFFECT_NAMES = new Set([
  'versiontag',
  'historytimetolive',
  'isstartableintasklist',
  'candidatestarterusers',
  'candidatestartergroups',
  'asyncbefore',
  'asyncafter',
  'async',
  'exclusive',
  'jobpriority',
  'taskpriority',
  'priority',
  'failedjobretrytimecycle',
  'properties',
  'property',
  'documentation',
  'modelertemplate',
  'modelertemplateversion',
  'modelertemplateicon',
]);

/** Written as ENGINE_NAMESPACES are: lower case, http, no trailing slash. */
const normalisedUri = (uri: string) =>
  uri
    .trim()
    .toLowerCase()
    .replace(/^https:/, 'http:')
    .replace(/\/+$/, '');

/** Prefix → namespace URI, from the xmlns declarations of the definitions element (where modellers put them). */
type Namespaces = Map<string, string>;
function declaredNamespaces(el: ModdleElement | undefined, inherited: Namespaces = new Map()): Namespaces {
  const own = Object.entries((el?.$attrs ?? {}) as Record<string, unknown>).filter(([name]) => name.startsWith('xmlns:'));
  if (own.length === 0) return inherited;
  const out = new Map(inherited);
  for (const [name, uri] of own) out.set(name.slice('xmlns:'.length), String(uri));
  return out;
}

/**
 * Whether ignoring an extension attribute or element changes how the process runs. Decided by the namespace URI
 * of its prefix (a file may bind camunda's URI to any prefix), by the prefix's spelling only when it is not
 * declared.
 */
function effectOf(qualifiedName: string, uri: string | undefined): WfUnsupportedPart['effect'] {
  const colon = qualifiedName.indexOf(':');
  if (colon < 0) return 'none'; // an attribute in no namespace is no engine's
  const prefix = qualifiedName.slice(0, colon);
  const local = qualifiedName.slice(colon + 1).toLowerCase();
  const engine = uri !== undefined ? ENGINE_NAMESPACES.has(normalisedUri(uri)) : ENGINE_PREFIXES.has(prefix.toLowerCase());
  return engine && !NO_EFFECT_NAMES.has(local) ? 'behaviour' : 'none';
}

function list(el: ModdleElement | undefined, name: string): ModdleElement[] {
  const v = el?.[name];
  return Array.isArray(v) ? (v as ModdleElement[]) : [];
}

type Say = (key: MessageKey, params?: Record<string, string | number>) => string;

/** Collects unsupported parts; one entry per (element, type) however often a type repeats on an element. */
class Findings {
  readonly parts: WfUnsupportedPart[] = [];
  private readonly seen = new Set<string>();

  constructor(readonly say: Say) {}

  add(elementId: string | null, type: string, reason: string, effect: WfUnsupportedPart['effect']): void {
    const key = `${elementId ?? ''}\u0000${type}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.parts.push({ elementId, type, reason, effect });
  }

  /** A vendor attribute or extension element: 'no effect' wording for what never changes a path. */
  extension(elementId: string | null, type: string, uri: string | undefined, kind: 'attribute' | 'element'): void {
    const effect = effectOf(type, uri);
    const key =
      effect === 'none'
        ? 'workflowScheme.noEffectMetadata'
        : kind === 'attribute'
          ? 'workflowScheme.unsupportedAttribute'
          : 'workflowScheme.unsupportedExtension';
    this.add(elementId, type, this.say(key, { name: type, type }), effect);
  }
}

/** The non-standard attributes and the extension elements (other than our wf:config) of one element. */
function scanExtensions(el: ModdleElement, id: string | null, out: Findings, namespaces: Namespaces, honoured: ReadonlySet<string> = new Set()): void {
  const scope = declaredNamespaces(el, namespaces);
  for (const name of Object.keys((el.$attrs ?? {}) as Record<string, unknown>)) {
    if (isDeclaration(name) || honoured.has(name.slice(name.indexOf(':') + 1))) continue;
    out.extension(id, name, scope.get(name.split(':')[0]!), 'attribute');
  }
  const ext = el.extensionElements as ModdleElement | undefined;
  for (const v of list(ext, 'values')) {
    if (v.$type === 'wf:Config') continue;
    // Elements moddle does not know keep their namespace in the descriptor.
    const uri = (v.$descriptor as { ns?: { uri?: string } } | undefined)?.ns?.uri ?? scope.get(v.$type.split(':')[0]!);
    out.extension(id, v.$type, uri, 'element');
  }
}

/** Vendor attributes the engine reads on a multi-instance sub-process's loop (docs/bpmn-support.md). */
const SUB_PROCESS_LOOP_ATTRIBUTES: ReadonlySet<string> = new Set(['collection', 'elementVariable']);

/**
 * Elements, events and loops the engine cannot run are refused by its own validation (one message each, marked red);
 * what is left to find here is what it would silently not do: vendor extensions, and a countersign's BPMN loop
 * details (its instances are its assignees).
 */
function scanElement(el: ModdleElement, out: Findings, namespaces: Namespaces): void {
  const id = typeof el.id === 'string' ? el.id : null;
  scanExtensions(el, id, out, namespaces);
  const loop = el.loopCharacteristics as ModdleElement | undefined;
  if (loop?.$type === 'bpmn:MultiInstanceLoopCharacteristics') {
    const subProcess = el.$type === 'bpmn:SubProcess';
    scanExtensions(loop, id, out, namespaces, subProcess ? SUB_PROCESS_LOOP_ATTRIBUTES : undefined);
    if (!subProcess && (loop.loopCardinality || loop.completionCondition || loop.loopDataInputRef)) {
      out.add(id, 'bpmn:MultiInstanceLoopCharacteristics', out.say('workflowScheme.unsupportedLoopDetail'), 'behaviour');
    }
  }
  for (const child of list(el, 'flowElements')) scanElement(child, out, namespaces);
}

/**
 * Extension attributes and elements of a document the engine does not run, and loop details it ignores. Each
 * says whether ignoring it changes the process ('behaviour') or not ('none': tool metadata such as signavio:*,
 * colours, Camunda's versionTag), so the designer can fold the second kind away.
 */
export async function unsupportedParts(xml: string, lang: Lang): Promise<WfUnsupportedPart[]> {
  const out = new Findings((key, params = {}) => translate(lang, key, params));
  let root: ModdleElement;
  try {
    root = (await getModdle().fromXML(xml, 'bpmn:Definitions')).rootElement;
  } catch {
    return []; // validateDefinition reports the unreadable document
  }
  const namespaces = declaredNamespaces(root);
  for (const p of list(root, 'rootElements')) {
    if (p.$type === 'bpmn:Process') {
      scanExtensions(p, typeof p.id === 'string' ? p.id : null, out, namespaces);
      for (const el of list(p, 'flowElements')) scanElement(el, out, namespaces);
    }
  }
  return out.parts;
}

/** POST /workflow-scheme-info/validate. */
export async function checkDesign(xml: string, lang: Lang, knownSchemeCodes: string[]): Promise<WfValidateResult> {
  const [{ issues }, unsupported] = await Promise.all([validateDefinition(xml, { knownSchemeCodes }), unsupportedParts(xml, lang)]);
  return {
    issues: issues.map((i) => ({ elementId: i.elementId, message: translate(lang, i.key as MessageKey, i.params ?? {}), severity: i.severity ?? 'error' })),
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
