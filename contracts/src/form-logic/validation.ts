import type { FieldAuthority, FieldError, FormField, FormValues } from '../forms.js';

/** When the renderer checks a field: number input on blur, the rest on change. */
export type RuleTrigger = 'blur' | 'change';

/** The error of one value of one field, or null. Keys: forms.rule.* (docs/forms-design.md). */
export function validateFieldValue(_field: FormField, _value: unknown, _authority?: FieldAuthority[]): Omit<FieldError, 'vModel' | 'formId'> | null {
  throw new Error('form-logic: validateFieldValue not implemented');
}

export function triggerOf(_field: FormField): RuleTrigger {
  throw new Error('form-logic: triggerOf not implemented');
}

/** Every error of a filled form (sub-table rows included, hidden fields skipped). */
export function validateFormValues(_data: FormField[], _values: FormValues, _authority?: FieldAuthority[]): FieldError[] {
  throw new Error('form-logic: validateFormValues not implemented');
}
