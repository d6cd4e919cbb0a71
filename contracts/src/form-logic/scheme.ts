import { formSchemeContent, type FormField, type FormSchemeContent } from '../forms.js';
import { computationReferences } from './computation.js';
import { isPatternSupported } from './pattern.js';
import { isContainer, isReservedFieldName } from './walk.js';

export type SchemeCheck = { ok: true; scheme: FormSchemeContent } | { ok: false; reason: string };

/**
 * Checks beyond the schema. An empty form is valid here (the designer saves work in progress); the renderer
 * refuses to render one. Reasons are short English details for developers and logs, never shown as they are.
 */
class SchemeError extends Error {}

function fail(reason: string): never {
  throw new SchemeError(reason);
}

/** Every field and container at any depth (rows, every tab key, sub-table columns), parents first. */
function everyField(fields: readonly FormField[] | undefined, out: FormField[] = []): FormField[] {
  for (const field of fields ?? []) {
    out.push(field);
    everyField(field.__config__.children, out);
    for (const children of Object.values(field.__config__.childrenObj ?? {})) everyField(children, out);
  }
  return out;
}

function checkUnique(seen: Set<string>, value: string, what: string): void {
  if (seen.has(value)) fail(`duplicate ${what} ${value}`);
  seen.add(value);
}

/** One data scope (the main form, or one sub-table): its __vModel__s are keys of one object. */
function checkScope(fields: readonly FormField[] | undefined, vModels: Set<string>, where: string): void {
  for (const field of fields ?? []) {
    const c = field.__config__;
    switch (c.avueType) {
      case 'row':
        checkScope(c.children, vModels, where);
        break;
      case 'tabs': {
        const props = new Set<string>();
        for (const column of c.option?.column ?? []) checkUnique(props, column.prop, `tab prop in tabs ${c.formId}:`);
        for (const [prop, children] of Object.entries(c.childrenObj ?? {})) {
          if (!props.has(prop)) fail(`tabs ${c.formId} has children under '${prop}', which is not a tab`);
          checkScope(children, vModels, where);
        }
        break;
      }
      case 'table': {
        if (where !== 'main form') fail(`sub-table ${c.formId} inside ${where}`);
        if (!field.__vModel__) fail(`sub-table ${c.formId} has no __vModel__`);
        checkUnique(vModels, field.__vModel__, `__vModel__ in ${where}:`);
        const columns = c.children ?? [];
        const container = columns.find(isContainer);
        if (container) fail(`sub-table ${c.formId} has a ${container.__config__.avueType} container as a column`);
        checkScope(columns, new Set<string>(), `sub-table ${c.formId}`);
        break;
      }
      default:
        if (!field.__vModel__) fail(`field ${c.formId} has no __vModel__`);
        checkUnique(vModels, field.__vModel__, `__vModel__ in ${where}:`);
    }
  }
}

function checkScheme(scheme: FormSchemeContent): void {
  const all = everyField(scheme.data);
  const byId = new Map<string, FormField>();
  for (const field of all) {
    const id = String(field.__config__.formId);
    if (byId.has(id)) fail(`duplicate formId ${id}`);
    byId.set(id, field);
  }
  checkScope(scheme.data, new Set<string>(), 'main form');
  for (const field of all) {
    for (const ref of computationReferences(field)) {
      const target = byId.get(String(ref));
      if (!target) fail(`field ${field.__config__.formId} refers to missing formId ${ref}`);
      // A container has no value of its own: a formula reading it would silently use 0.
      if (isContainer(target)) fail(`field ${field.__config__.formId} refers to container ${ref}`);
    }
  }
}

function readInput(input: unknown): { ok: true; value: unknown } | { ok: false; reason: string } {
  if (typeof input !== 'string') return { ok: true, value: input };
  try {
    return { ok: true, value: JSON.parse(input) as unknown };
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
}

/** Parses a stored or posted F_Scheme (object or JSON string) and checks it: schema, unique formIds and __vModel__s per table, containers well formed. Never throws. */
export function parseScheme(input: unknown): SchemeCheck {
  try {
    return parseAndCheck(input);
  } catch {
    // Only a pathological input gets here (nesting deep enough to exhaust the stack): refused, not a 500.
    return { ok: false, reason: 'invalid scheme' };
  }
}

function parseAndCheck(input: unknown): SchemeCheck {
  const read = readInput(input);
  if (!read.ok) return read;
  const parsed = formSchemeContent.safeParse(read.value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue?.path.map(String).join('.') ?? '';
    return { ok: false, reason: `schema: ${path ? `${path}: ` : ''}${issue?.message ?? 'invalid'}` };
  }
  const scheme = parsed.data as FormSchemeContent;
  try {
    checkScheme(scheme);
  } catch (e) {
    if (e instanceof SchemeError) return { ok: false, reason: e.message };
    return { ok: false, reason: 'invalid scheme' };
  }
  return { ok: true, scheme };
}

/** What a save refuses in a scheme parseScheme accepts, with the field to point at. */
export type SchemeSaveIssue =
  { kind: 'fieldName'; formId: number; label: string; name: string } | { kind: 'pattern'; formId: number; label: string; pattern: string };

/**
 * The first field a save must refuse: a field name (__vModel__) that is a member of Object.prototype, or a regList
 * pattern RE2 cannot run (backreferences, lookaround, bad syntax). Checked when a version is stored (the server's
 * save and restore, the designer's save), not when one is loaded: versions stored earlier still open (their
 * unsupported patterns fail every value instead).
 */
export function schemeSaveIssue(data: readonly FormField[]): SchemeSaveIssue | null {
  for (const field of everyField(data)) {
    const c = field.__config__;
    const base = { formId: c.formId, label: c.label ?? '' };
    if (field.__vModel__ !== undefined && isReservedFieldName(field.__vModel__)) return { kind: 'fieldName', ...base, name: field.__vModel__ };
    const bad = (c.regList ?? []).find((rule) => !isPatternSupported(rule.pattern));
    if (bad) return { kind: 'pattern', ...base, pattern: bad.pattern };
  }
  return null;
}
