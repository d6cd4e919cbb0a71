import type { FieldAuthority, FieldType, FormField, FormValues } from '../forms.js';

/** Where a field sits: in the main form (also inside rows and tabs) or as a column of a sub-table. */
export interface FieldPlace {
  field: FormField;
  /** The sub-table container when the field is one of its columns. */
  table?: FormField;
  /** The containers around the field (rows, tabs, the sub-table), outermost first; flattenFields always fills it. */
  parents?: FormField[];
}

/**
 * A value of form data by field name: own properties only. Data is keyed by __vModel__, and a plain object answers
 * `values.constructor` or `values.toString` with Object.prototype's member when the field has no value.
 */
export function ownValue(values: Readonly<Record<string, unknown>>, name: string): unknown {
  return Object.hasOwn(values, name) ? values[name] : undefined;
}

/** Sets a value of form data by field name as an own property: `values.__proto__ = x` would replace the prototype instead. */
export function setOwnValue(values: Record<string, unknown>, name: string, value: unknown): void {
  Object.defineProperty(values, name, { value, writable: true, enumerable: true, configurable: true });
}

/**
 * Field names a save refuses: the members of Object.prototype (__proto__, constructor, toString…). Data keyed by
 * such a name clashes with what every object inherits (and `obj.__proto__ = …` replaces the prototype).
 */
export function isReservedFieldName(name: string): boolean {
  return Object.hasOwn(Object.prototype, name);
}

const CONTAINERS: ReadonlySet<FieldType> = new Set<FieldType>(['row', 'tabs', 'table']);

/** Row, tabs or sub-table. */
export function isContainer(field: FormField): boolean {
  return CONTAINERS.has(field.__config__.avueType);
}

/** A field that holds a value of its own (not a row / tabs / sub-table container). */
export function isValueField(field: FormField): boolean {
  return !isContainer(field);
}

/** The children of a tabs container in tab order (option.column), then any keys no tab names (kept, not lost). */
export function tabChildren(tabs: FormField): FormField[][] {
  const byProp = tabs.__config__.childrenObj ?? {};
  const props = (tabs.__config__.option?.column ?? []).map((c) => c.prop);
  const rest = Object.keys(byProp).filter((k) => !props.includes(k));
  return [...props, ...rest].filter((p, i, all) => all.indexOf(p) === i).map((p) => byProp[p] ?? []);
}

function walk(fields: readonly FormField[] | undefined, parents: FormField[], out: FieldPlace[]): void {
  for (const field of fields ?? []) {
    const inside = [...parents, field];
    switch (field.__config__.avueType) {
      case 'row':
        walk(field.__config__.children, inside, out);
        break;
      case 'tabs':
        for (const children of tabChildren(field)) walk(children, inside, out);
        break;
      case 'table':
        out.push({ field, parents });
        // A sub-table holds plain columns only (parseScheme refuses containers there); stray ones are not opened.
        for (const column of field.__config__.children ?? []) {
          if (!isContainer(column)) out.push({ field: column, table: field, parents: inside });
        }
        break;
      default:
        out.push({ field, parents });
    }
  }
}

/** Every value field of a scheme in display order, containers opened (rows, tabs, sub-table columns listed with their table). Sub-table containers are listed too. */
export function flattenFields(data: FormField[]): FieldPlace[] {
  const out: FieldPlace[] = [];
  walk(data, [], out);
  return out;
}

/** The field with this formId anywhere in the scheme (compared as strings), or undefined. */
export function findField(data: FormField[], formId: number | string): FieldPlace | undefined {
  const id = String(formId);
  return flattenFields(data).find((p) => String(p.field.__config__.formId) === id);
}

/** Types whose value is a list stored comma-joined, depending on the field's settings. */
export function isMultiValue(field: FormField): boolean {
  const type = field.__config__.avueType;
  if (type === 'checkbox' || type === 'cascader' || type === 'area') return true;
  if (type === 'date') return typeof field.type === 'string' && field.type.endsWith('range');
  if (type === 'time') return field['is-range'] === true;
  return field.multiple === true;
}

/** The initial value of one value field: its defaultValue (lists comma-joined), else an empty value of its kind. */
export function defaultValueOf(field: FormField): unknown {
  const type = field.__config__.avueType;
  if (type === 'table') return [];
  const configured = field.__config__.defaultValue;
  if (Array.isArray(configured)) return joinMulti(configured);
  if (configured !== undefined && configured !== null) return configured;
  switch (type) {
    // Number inputs show nothing rather than 0 until typed; rate / slider have a position, so 0.
    case 'number':
    case 'computation':
      return null;
    case 'rate':
    case 'slider':
      return 0;
    case 'switch':
      return field['inactive-value'] ?? false;
    default:
      return '';
  }
}

/** The default values of a new sub-table row (its columns' defaults). */
export function defaultRowValues(table: FormField): FormValues {
  const columns = (table.__config__.children ?? []).filter((column) => column.__vModel__ && !isContainer(column));
  // fromEntries defines own properties: a (legacy) field named __proto__ gets a value rather than a new prototype.
  return Object.fromEntries(columns.map((column) => [column.__vModel__, defaultValueOf(column)]));
}

/** The default form values (defaultValue of each field, sub-tables as []). */
export function defaultValues(data: FormField[]): FormValues {
  const fields = flattenFields(data).filter(({ field, table }) => !table && field.__vModel__);
  // fromEntries defines own properties: a (legacy) field named __proto__ gets a value rather than a new prototype.
  return Object.fromEntries(fields.map(({ field }) => [field.__vModel__, defaultValueOf(field)]));
}

/**
 * The formId of an authority entry that applies to every field the list does not name: an approval node's list ends
 * with one that makes those fields read-only (only the fields the node names may be edited there).
 */
export const UNLISTED_FIELDS = '*';

/**
 * The authority that applies to a field: the entry of the list with its formId; else the field's own
 * view/edit/required, narrowed by the list's entry for unlisted fields if it has one (a field that may not be edited
 * is not required either).
 */
export function authorityOf(field: FormField, list?: FieldAuthority[]): { view: boolean; edit: boolean; required: boolean } {
  const id = String(field.__config__.formId);
  // Entries may come unparsed from a workflow node (formId as text, flags missing): defaults as in fieldAuthority.
  const entry = list?.find((e) => String(e.formId) === id);
  if (entry) return { view: entry.view !== false, edit: entry.edit !== false, required: entry.required === true };
  const c = field.__config__;
  const own = { view: c.view !== false, edit: c.edit !== false, required: c.required === true };
  const unlisted = list?.find((e) => String(e.formId) === UNLISTED_FIELDS);
  if (!unlisted) return own;
  const edit = own.edit && unlisted.edit !== false;
  return { view: own.view && unlisted.view !== false, edit, required: own.required && edit };
}

/**
 * Whether a field is shown: it and every container around it have view authority (a hidden tab or row hides what
 * is inside). Hidden fields are neither validated nor stored.
 */
export function isShown(place: FieldPlace, list?: FieldAuthority[]): boolean {
  const around = place.parents ?? (place.table ? [place.table] : []);
  return [...around, place.field].every((f) => authorityOf(f, list).view);
}

/** Multi-values (checkbox, ranges, multiple select / pickers) are stored comma-joined. */
export function joinMulti(values: readonly unknown[] | null | undefined): string {
  if (!values) return '';
  return values
    .filter((v) => v !== null && v !== undefined)
    .map(String)
    .join(',');
}

/** The items of a stored multi-value: 'a,b' → ['a', 'b']; '' / null → []; lists are taken as they are (items as text). */
export function splitMulti(value: unknown): string[] {
  if (value === null || value === undefined || value === '') return [];
  if (Array.isArray(value)) return value.filter((v) => v !== null && v !== undefined).map(String);
  return String(value).split(',');
}

/** autoBindFields of a bound select as a map target formId → source column (the original stores a JSON string). */
export function parseAutoBindFields(field: FormField): Record<string, string> {
  let raw: unknown = field.__config__.autoBindFields;
  if (typeof raw === 'string') {
    if (raw.trim() === '') return {};
    try {
      raw = JSON.parse(raw);
    } catch {
      return {};
    }
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
  const out: Record<string, string> = {};
  for (const [target, column] of Object.entries(raw)) {
    if (typeof column === 'string' || typeof column === 'number') out[target] = String(column);
  }
  return out;
}
