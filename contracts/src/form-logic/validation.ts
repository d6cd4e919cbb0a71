import type { FieldAuthority, FieldError, FormField, FormValues } from '../forms.js';
import { compareDecimals, parseDecimal, type Decimal } from './decimal.js';
import { compilePattern } from './pattern.js';
import { authorityOf, flattenFields, isContainer, isMultiValue, isShown, ownValue, splitMulti } from './walk.js';

/**
 * Field validation, the same in the renderer and on the server (docs/forms-design.md "Validation"). One error per
 * field at most, checked in this order: required → value shape → the type's own rule (mobile, number range,
 * maxlength, options, map) → regList patterns in order.
 *
 * Shape check (the server sees whatever a client posts): an object where a scalar is expected, or a list on a field
 * that does not hold several values, is refused — with 'forms.rule.number' on number fields and
 * 'forms.rule.pattern' ("verification failed") elsewhere, as there is no better-fitting message for a value the
 * renderer could never produce.
 */

/** When the renderer checks a field: number input on blur, the rest on change. */
export type RuleTrigger = 'blur' | 'change';

export type RuleError = Omit<FieldError, 'vModel' | 'formId'>;

const MOBILE = /^1[3-9]\d{9}$/;
const MOBILE_LENGTH = 11;
const TEXT_TYPES = new Set(['input', 'textarea', 'password']);
const OPTION_TYPES = new Set(['select', 'radio', 'checkbox']);
const LONGITUDE = 180n;
const LATITUDE = 74n;

/** undefined, null, '', whitespace only, or an empty list. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** Number input and computed fields: decimal values, checked on blur. */
function isNumberField(field: FormField): boolean {
  const type = field.__config__.avueType;
  return type === 'number' || type === 'computation';
}

/** Fields whose value must be a number (slider and rate too: they are stored in numeric columns). */
function holdsNumber(field: FormField): boolean {
  const type = field.__config__.avueType;
  return isNumberField(field) || type === 'slider' || type === 'rate';
}

function labelOf(field: FormField): string {
  return field.__config__.label ?? '';
}

function error(key: string, params: Record<string, string | number>, message?: string): RuleError {
  return message === undefined ? { key, params } : { key, params, message };
}

function requiredError(field: FormField): RuleError {
  const label = labelOf(field);
  switch (field.__config__.avueType) {
    case 'upload':
      return error('forms.rule.uploadRequired', { label });
    case 'checkbox':
      return error('forms.rule.checkRequired', { label });
    case 'mobile':
      return error('forms.rule.mobileEmpty', { label });
    default: {
      // The original shows the placeholder ('请输入姓名') as the required message when there is one.
      const placeholder = field.placeholder?.trim();
      return error('forms.rule.required', { label }, placeholder ? field.placeholder : undefined);
    }
  }
}

function isScalar(value: unknown): boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint';
}

/** Whether the value's shape fits the field: scalars everywhere, lists of scalars on multi-value fields only. */
function shapeFits(field: FormField, value: unknown): boolean {
  if (isScalar(value)) return true;
  return Array.isArray(value) && isMultiValue(field) && value.every((v) => isScalar(v) || v === null);
}

/** The value as text for text rules: lists comma-joined as they are stored. */
function textOf(value: unknown): string {
  return Array.isArray(value) ? splitMulti(value).join(',') : String(value);
}

function numberError(field: FormField, value: unknown): RuleError | null {
  const label = labelOf(field);
  const d = parseDecimal(value);
  if (!d) return error('forms.rule.number', { label });
  const min = field.min !== undefined ? parseDecimal(field.min) : null;
  const max = field.max !== undefined ? parseDecimal(field.max) : null;
  if ((min && compareDecimals(d, min) < 0) || (max && compareDecimals(d, max) > 0)) {
    return error('forms.rule.range', { label, min: field.min ?? '-∞', max: field.max ?? '∞' });
  }
  return null;
}

function mobileError(field: FormField, value: unknown): RuleError | null {
  const text = textOf(value).trim();
  if (text.length !== MOBILE_LENGTH) return error('forms.rule.mobileLength', { label: labelOf(field) });
  if (!MOBILE.test(text)) return error('forms.rule.mobileFormat', { label: labelOf(field) });
  return null;
}

function maxlengthError(field: FormField, value: unknown): RuleError | null {
  const max = field.maxlength;
  if (max === undefined || !TEXT_TYPES.has(field.__config__.avueType)) return null;
  // Counted in characters (code points), as the database columns count them.
  if ([...textOf(value)].length > max) return error('forms.rule.maxlength', { label: labelOf(field), max });
  return null;
}

function optionError(field: FormField, value: unknown): RuleError | null {
  const c = field.__config__;
  const options = field.__slot__?.options;
  // Only static options can be checked here; an empty static list is taken as "options not set up" rather than
  // refusing every value.
  if (!OPTION_TYPES.has(c.avueType) || (c.dataType !== undefined && c.dataType !== 'static') || !options?.length) return null;
  const allowed = new Set(options.map((o) => String(o.value)));
  const items = c.avueType === 'checkbox' || field.multiple === true ? splitMulti(value) : [textOf(value)];
  if (items.some((item) => !allowed.has(item))) return error('forms.rule.option', { label: labelOf(field) });
  return null;
}

function within(d: Decimal | null, limit: bigint): boolean {
  return d !== null && compareDecimals(d, { units: -limit, scale: 0 }) >= 0 && compareDecimals(d, { units: limit, scale: 0 }) <= 0;
}

function mapError(field: FormField, value: unknown): RuleError | null {
  const parts = textOf(value).split(',');
  const ok = parts.length === 2 && within(parseDecimal(parts[0]), LONGITUDE) && within(parseDecimal(parts[1]), LATITUDE);
  return ok ? null : error('forms.rule.map', { label: labelOf(field) });
}

function typeError(field: FormField, value: unknown): RuleError | null {
  const type = field.__config__.avueType;
  if (holdsNumber(field)) return numberError(field, value);
  if (type === 'mobile') return mobileError(field, value);
  if (type === 'map') return mapError(field, value);
  return maxlengthError(field, value) ?? optionError(field, value);
}

function patternError(field: FormField, value: unknown): RuleError | null {
  const text = textOf(value);
  for (const rule of field.__config__.regList ?? []) {
    let passed: boolean;
    try {
      passed = compilePattern(rule.pattern).test(text);
    } catch {
      // A pattern RE2 cannot run (refused by a save now, but possibly stored before) fails rather than letting any value through.
      passed = false;
    }
    if (!passed) return rule.message ? error('forms.rule.pattern', {}, rule.message) : error('forms.rule.pattern', {});
  }
  return null;
}

/**
 * The error of one value of one field, or null. Keys: forms.rule.* (docs/forms-design.md). Fields without view
 * authority and containers are not checked. Required comes from the authority entry when the list has one for the
 * field, else from the field.
 */
export function validateFieldValue(field: FormField, value: unknown, authority?: FieldAuthority[]): RuleError | null {
  if (isContainer(field)) return null;
  const { view, required } = authorityOf(field, authority);
  if (!view) return null;
  if (isEmptyValue(value)) return required ? requiredError(field) : null;
  if (!shapeFits(field, value)) return holdsNumber(field) ? error('forms.rule.number', { label: labelOf(field) }) : error('forms.rule.pattern', {});
  return typeError(field, value) ?? patternError(field, value);
}

export function triggerOf(field: FormField): RuleTrigger {
  return isNumberField(field) ? 'blur' : 'change';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every error of a filled form (sub-table rows included; hidden fields, also those inside a hidden row, tab set or sub-table, skipped). */
export function validateFormValues(data: FormField[], values: FormValues, authority?: FieldAuthority[]): FieldError[] {
  const errors: FieldError[] = [];
  const push = (field: FormField, e: RuleError | null, row?: number): void => {
    if (!e) return;
    const base = { vModel: field.__vModel__ ?? '', formId: field.__config__.formId };
    errors.push(row === undefined ? { ...base, ...e } : { ...base, row, ...e });
  };

  for (const place of flattenFields(data)) {
    const { field, table } = place;
    if (table || !field.__vModel__) continue; // columns are checked with their table below
    if (!isShown(place, authority)) continue;
    if (field.__config__.avueType !== 'table') {
      push(field, validateFieldValue(field, ownValue(values, field.__vModel__), authority));
      continue;
    }
    const rows = ownValue(values, field.__vModel__);
    if (rows === undefined || rows === null) continue;
    if (!Array.isArray(rows)) {
      push(field, error('forms.rule.pattern', {}));
      continue;
    }
    const columns = (field.__config__.children ?? []).filter((c) => !isContainer(c) && c.__vModel__);
    rows.forEach((row: unknown, index) => {
      if (!isRecord(row)) {
        push(field, error('forms.rule.pattern', {}), index);
        return;
      }
      for (const column of columns) push(column, validateFieldValue(column, ownValue(row, column.__vModel__ ?? ''), authority), index);
    });
  }
  return errors;
}
