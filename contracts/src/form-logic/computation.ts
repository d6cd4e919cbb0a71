import type { FormField } from '../forms.js';

/**
 * The value of a computed field: its formula tokens with referenced values (missing = 0), the tax rate as
 * rate × 0.01 when non-negative, evaluated in decimal arithmetic and truncated (not rounded) to 2 decimals.
 * `valueOf(formId)` gives the referenced field's current value. Answers null when the formula is not valid.
 */
export function computeField(_field: FormField, _valueOf: (formId: number) => unknown): string | null {
  throw new Error('form-logic: computeField not implemented');
}
