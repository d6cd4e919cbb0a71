import { CONTAINER_TYPES, schemeSaveIssue, type FieldConfig, type FieldType, type FormField, type FormSchemeContent, type FormTable } from '@app/contracts';

/**
 * Pure, immutable operations on a form scheme for the designer. Every change copies only the path from the root
 * to the changed field (structural sharing): untouched fields keep their identity, so memoised canvas items and
 * undo snapshots stay cheap with hundreds of fields.
 */

/** Where a field list lives: the form itself, a row's / sub-table's children, or one tab of a tabs container. */
export type ListRef = { kind: 'root' } | { kind: 'children'; formId: number } | { kind: 'tab'; formId: number; prop: string };
export const ROOT: ListRef = { kind: 'root' };

export const isContainer = (type: FieldType): boolean => (CONTAINER_TYPES as readonly FieldType[]).includes(type);
export const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

export const listKey = (ref: ListRef): string => (ref.kind === 'root' ? 'root' : ref.kind === 'children' ? String(ref.formId) : `${ref.formId}-${ref.prop}`);

/** Every field in display order with the list it is in (containers before their contents). */
export function walk(data: readonly FormField[], visit: (field: FormField, list: ListRef, index: number) => void, list: ListRef = ROOT): void {
  data.forEach((f, i) => {
    visit(f, list, i);
    const c = f.__config__;
    if (c.children) walk(c.children, visit, { kind: 'children', formId: c.formId });
    if (c.childrenObj) for (const [prop, kids] of Object.entries(c.childrenObj)) walk(kids, visit, { kind: 'tab', formId: c.formId, prop });
  });
}

export function findField(data: readonly FormField[], formId: number): { field: FormField; list: ListRef; index: number } | null {
  let found: { field: FormField; list: ListRef; index: number } | null = null;
  walk(data, (field, list, index) => {
    if (!found && field.__config__.formId === formId) found = { field, list, index };
  });
  return found;
}

/** The sub-table a field is a column of, if any. */
export function tableOf(data: readonly FormField[], list: ListRef): FormField | null {
  if (list.kind !== 'children') return null;
  const parent = findField(data, list.formId)?.field;
  return parent?.__config__.avueType === 'table' ? parent : null;
}

/** The highest formId in use; 100 for an empty form, so the first field is 101 as in the original designer. */
export function maxFormId(data: readonly FormField[]): number {
  let max = 0;
  walk(data, (f) => (max = Math.max(max, f.__config__.formId)));
  return max || 100;
}

/** The fields of a list (empty when the list's container is gone). */
export function getList(data: readonly FormField[], ref: ListRef): readonly FormField[] {
  if (ref.kind === 'root') return data;
  const c = findField(data, ref.formId)?.field.__config__;
  if (!c) return [];
  return ref.kind === 'children' ? (c.children ?? []) : (c.childrenObj?.[ref.prop] ?? []);
}

/** Maps the fields of a list (recursively), copying only what changes. */
function mapDeep(data: FormField[], fn: (f: FormField) => FormField): FormField[] {
  let changed = false;
  const out = data.map((f) => {
    let next = fn(f);
    const c = next.__config__;
    if (c.children) {
      const kids = mapDeep(c.children, fn);
      if (kids !== c.children) next = { ...next, __config__: { ...next.__config__, children: kids } };
    }
    if (c.childrenObj) {
      let tabChanged = false;
      const obj: Record<string, FormField[]> = {};
      for (const [k, v] of Object.entries(c.childrenObj)) {
        obj[k] = mapDeep(v, fn);
        if (obj[k] !== v) tabChanged = true;
      }
      if (tabChanged) next = { ...next, __config__: { ...next.__config__, childrenObj: obj } };
    }
    if (next !== f) changed = true;
    return next;
  });
  return changed ? out : data;
}

/** Replaces one field (found by formId anywhere) by fn(field). */
export function updateField(data: FormField[], formId: number, fn: (f: FormField) => FormField): FormField[] {
  return mapDeep(data, (f) => (f.__config__.formId === formId ? fn(f) : f));
}

/** Replaces one list by fn(list). */
export function updateList(data: FormField[], ref: ListRef, fn: (list: FormField[]) => FormField[]): FormField[] {
  if (ref.kind === 'root') return fn(data);
  return updateField(data, ref.formId, (f) => {
    const c = f.__config__;
    if (ref.kind === 'children') return { ...f, __config__: { ...c, children: fn(c.children ?? []) } };
    return { ...f, __config__: { ...c, childrenObj: { ...c.childrenObj, [ref.prop]: fn(c.childrenObj?.[ref.prop] ?? []) } } };
  });
}

export function removeField(data: FormField[], formId: number): FormField[] {
  const at = findField(data, formId);
  if (!at) return data;
  return updateList(data, at.list, (list) => list.filter((f) => f.__config__.formId !== formId));
}

export function insertField(data: FormField[], ref: ListRef, index: number, field: FormField): FormField[] {
  return updateList(data, ref, (list) => [...list.slice(0, index), field, ...list.slice(index)]);
}

/** Whether `field` may go into list `ref`: sub-tables take no containers; a container never goes inside itself. */
export function canDrop(data: readonly FormField[], ref: ListRef, type: FieldType, movingId?: number): boolean {
  if (ref.kind === 'root') return true;
  if (tableOf(data, ref) && isContainer(type)) return false;
  if (movingId !== undefined) {
    // The target list's owner must not be the moved field or anything inside it.
    const moving = findField(data, movingId)?.field;
    if (moving) {
      let inside = moving.__config__.formId === ref.formId;
      walk([moving], (f) => (inside ||= f.__config__.formId === ref.formId));
      if (inside) return false;
    }
  }
  return true;
}

/** Moves a field to `index` of `ref` (index counted in the list before the move). */
export function moveField(data: FormField[], formId: number, ref: ListRef, index: number): FormField[] {
  const at = findField(data, formId);
  if (!at || !canDrop(data, ref, at.field.__config__.avueType, formId)) return data;
  let target = Math.min(index, getList(data, ref).length);
  if (listKey(at.list) === listKey(ref)) {
    if (target === at.index || target === at.index + 1) return data;
    if (target > at.index) target -= 1;
  }
  return insertField(removeField(data, formId), ref, target, at.field);
}

/** vModels in use in the list's table scope: the main form (rows and tabs included) or one sub-table; `exceptId`'s own is left out. */
export function vModelsInScope(data: readonly FormField[], ref: ListRef, exceptId?: number): Set<string> {
  const table = tableOf(data, ref);
  const used = new Set<string>();
  const take = (f: FormField) => f.__vModel__ && f.__config__.formId !== exceptId && used.add(f.__vModel__);
  if (table) {
    (table.__config__.children ?? []).forEach(take);
    return used;
  }
  walk(data, (f, list) => {
    if (!tableOf(data, list)) take(f);
  });
  return used;
}

const vModelBase = (type: FieldType) => (type === 'table' ? 'table' : 'field');

/**
 * Gives a field (and everything inside it) fresh formIds from `nextId` on and fresh vModels (`field<formId>`), used
 * for new palette fields and copies. Formulas and bound-field maps inside the copy keep pointing at the originals.
 */
export function renumber(field: FormField, nextId: { value: number }, usedVModels: Set<string>): FormField {
  const c = field.__config__;
  const formId = nextId.value++;
  const out: FormField = { ...field, __config__: { ...c, formId } };
  if (field.__vModel__ !== undefined) {
    let name = `${vModelBase(c.avueType)}${formId}`;
    for (let n = 1; usedVModels.has(name); n++) name = `${vModelBase(c.avueType)}${formId}_${n}`;
    usedVModels.add(name);
    out.__vModel__ = name;
  }
  if (c.children) {
    // A sub-table's columns are their own vModel scope.
    const scope = c.avueType === 'table' ? new Set<string>() : usedVModels;
    out.__config__.children = c.children.map((k) => renumber(k, nextId, scope));
  }
  if (c.childrenObj)
    out.__config__.childrenObj = Object.fromEntries(Object.entries(c.childrenObj).map(([k, v]) => [k, v.map((x) => renumber(x, nextId, usedVModels))]));
  return out;
}

/** Inserts a deep copy of a field right after it; answers the new scheme data and the copy's formId. */
export function copyField(data: FormField[], formId: number): { data: FormField[]; formId: number | null } {
  const at = findField(data, formId);
  if (!at) return { data, formId: null };
  const nextId = { value: maxFormId(data) + 1 };
  const copy = renumber(structuredClone(at.field), nextId, vModelsInScope(data, at.list));
  return { data: insertField(data, at.list, at.index + 1, copy), formId: copy.__config__.formId };
}

/** Sets (or with undefined removes) keys of the field, its __config__ and its __slot__. */
export interface FieldPatch {
  field?: Record<string, unknown>;
  config?: Partial<Record<keyof FieldConfig | string, unknown>>;
  slot?: Record<string, unknown>;
}
function assign<T extends object>(base: T, patch: Record<string, unknown>): T {
  const out = { ...base } as Record<string, unknown>;
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) delete out[k];
    else out[k] = v;
  }
  return out as T;
}
export function patchField(f: FormField, patch: FieldPatch): FormField {
  let next = f;
  if (patch.field) next = assign(next, patch.field);
  if (patch.config) next = { ...next, __config__: assign(next.__config__, patch.config) };
  if (patch.slot) next = { ...next, __slot__: assign(next.__slot__ ?? {}, patch.slot) };
  return next;
}

export type SchemeProblem =
  | { formId: number; problem: 'vModel' | 'formula' }
  | { formId: number; problem: 'fieldNameReserved'; name: string }
  | { formId: number; problem: 'patternUnsupported'; pattern: string };

/**
 * The first field that would make the server refuse the scheme for a reason the user can fix in the panel: a
 * field name that is not an identifier or is used twice in its table, or a formula that refers to a removed field
 * (parseScheme); a field name of an Object.prototype member or a pattern RE2 cannot run (schemeSaveIssue).
 * Saving selects that field instead of showing only the generic message.
 */
export function schemeProblem(data: readonly FormField[]): SchemeProblem | null {
  const ids = new Set<number>();
  walk(data, (f) => ids.add(f.__config__.formId));
  const scopes = new Map<string, Set<string>>();
  let found: SchemeProblem | null = null;
  walk(data, (f, list) => {
    if (found) return;
    const c = f.__config__;
    if (f.__vModel__ !== undefined && c.avueType !== 'row' && c.avueType !== 'tabs') {
      const scope = tableOf(data, list)?.__config__.formId ?? 0;
      const used = scopes.get(String(scope)) ?? new Set<string>();
      scopes.set(String(scope), used);
      if (!IDENTIFIER.test(f.__vModel__) || used.has(f.__vModel__)) found = { formId: c.formId, problem: 'vModel' };
      used.add(f.__vModel__);
    }
    const refs = (f.computationalConfiguration ?? []).filter((x) => x.type !== 'taxRate' && Number(x.formId) !== 0);
    if (!found && refs.some((x) => !ids.has(Number(x.formId)))) found = { formId: c.formId, problem: 'formula' };
  });
  if (found) return found;
  const issue = schemeSaveIssue(data);
  if (issue?.kind === 'fieldName') return { formId: issue.formId, problem: 'fieldNameReserved', name: issue.name };
  if (issue?.kind === 'pattern') return { formId: issue.formId, problem: 'patternUnsupported', pattern: issue.pattern };
  return null;
}

export interface TableSettings {
  enabled: boolean;
  main: string;
}

/** The default table name of a sub-table container: main table + its vModel. */
export const defaultSubTable = (main: string, table: FormField) => `${main || 'form'}_${table.__vModel__ ?? table.__config__.formId}`.slice(0, 63);

/**
 * A main table name for a form saved without one: the form name's ASCII letters and digits (a Chinese name has none:
 * 'form') and a short time-and-random suffix, lower case, so a new form never needs a table name typed in. Matches
 * IDENTIFIER (the server's rule for table names) and leaves room for the sub-tables' `<main>_<key>` names.
 */
export function generatedTableName(formName: string, now = Date.now(), random = Math.random()): string {
  let slug = formName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 24)
    .replace(/_+$/, '');
  if (/^[0-9]/.test(slug)) slug = `f_${slug}`;
  const suffix = `${now.toString(36).slice(-5)}${Math.floor(random * 1296)
    .toString(36)
    .padStart(2, '0')}`;
  return `${slug || 'form'}_${suffix}`;
}

/**
 * Fills bindTable / bindTableField of every value field (main table for the main form, rows and tabs included;
 * the container's table for sub-table columns; column = vModel) and builds tableInfo. Without tables the bindings
 * are removed so a form stores nothing of its own.
 */
export function bindTables(
  scheme: FormSchemeContent,
  tables: TableSettings,
  comment: string,
): { scheme: FormSchemeContent; tableInfo: FormTable[] | undefined } {
  if (!tables.enabled) {
    const data = mapDeep(scheme.data, (f) =>
      f.__config__.bindTable !== undefined || f.__config__.bindTableField !== undefined
        ? patchField(f, { config: { bindTable: undefined, bindTableField: undefined } })
        : f,
    );
    return { scheme: data === scheme.data ? scheme : { ...scheme, data }, tableInfo: undefined };
  }
  const main = tables.main.trim();
  const info: FormTable[] = [{ dbId: 'local', name: main, comment, type: 'main', primaryKey: 'F_Id' }];
  const bind = (f: FormField, table: string): FormField => {
    const c = f.__config__;
    const type = c.avueType;
    if (type === 'row' || type === 'tabs') return f;
    if (type === 'table') {
      const name = c.bindTable?.trim() || defaultSubTable(main, f);
      info.push({ dbId: 'local', name, comment: c.label, type: 'sub', primaryKey: 'F_Id', relationField: 'F_ParentId' });
      const children = (c.children ?? []).map((k) => bind(k, name));
      return { ...f, __config__: { ...c, bindTable: name, bindTableField: undefined, children } };
    }
    if (!f.__vModel__) return f;
    if (c.bindTable === table && c.bindTableField === f.__vModel__) return f;
    return { ...f, __config__: { ...c, bindTable: table, bindTableField: f.__vModel__ } };
  };
  // Rows and tabs are layout only: their contents belong to the main table.
  const data = scheme.data.map(function visit(f): FormField {
    const c = f.__config__;
    if (c.avueType === 'row') return { ...f, __config__: { ...c, children: (c.children ?? []).map(visit) } };
    if (c.avueType === 'tabs')
      return { ...f, __config__: { ...c, childrenObj: Object.fromEntries(Object.entries(c.childrenObj ?? {}).map(([k, v]) => [k, v.map(visit)])) } };
    return bind(f, main);
  });
  return { scheme: { ...scheme, data }, tableInfo: info };
}

/** The sub-table containers of a scheme (their table names are set in their own properties). */
export function subTables(data: readonly FormField[]): FormField[] {
  const out: FormField[] = [];
  walk(data, (f) => f.__config__.avueType === 'table' && out.push(f));
  return out;
}

/** Numeric fields a formula may refer to (numbers and other computed fields). */
export function numericFields(data: readonly FormField[], exceptId?: number): FormField[] {
  const out: FormField[] = [];
  walk(data, (f) => {
    const t = f.__config__.avueType;
    if ((t === 'number' || t === 'computation' || t === 'slider' || t === 'rate') && f.__config__.formId !== exceptId) out.push(f);
  });
  return out;
}

/** Every value field (for target pickers: bound select's autoBindFields). */
export function valueFields(data: readonly FormField[], exceptId?: number): FormField[] {
  const out: FormField[] = [];
  walk(data, (f) => {
    if (f.__vModel__ && !isContainer(f.__config__.avueType) && f.__config__.formId !== exceptId) out.push(f);
  });
  return out;
}
