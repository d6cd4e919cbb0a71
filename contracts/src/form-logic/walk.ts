import type { FieldAuthority, FormField, FormValues } from '../forms.js';

/** Where a field sits: in the main form (also inside rows and tabs) or as a column of a sub-table. */
export interface FieldPlace {
  field: FormField;
  /** The sub-table container when the field is one of its columns. */
  table?: FormField;
}

/** Every value field of a scheme in display order, containers opened (rows, tabs, sub-table columns listed with their table). Sub-table containers are listed too. */
export function flattenFields(_data: FormField[]): FieldPlace[] {
  throw new Error('form-logic: flattenFields not implemented');
}

/** The default form values (defaultValue of each field, sub-tables as []). */
export function defaultValues(_data: FormField[]): FormValues {
  throw new Error('form-logic: defaultValues not implemented');
}

/** The authority that applies to a field: the entry of the list with its formId, else the field's own view/edit/required. */
export function authorityOf(_field: FormField, _list?: FieldAuthority[]): { view: boolean; edit: boolean; required: boolean } {
  throw new Error('form-logic: authorityOf not implemented');
}

/** Multi-values (checkbox, ranges, multiple select / pickers) are stored comma-joined. */
export function joinMulti(_values: readonly unknown[] | null | undefined): string {
  throw new Error('form-logic: joinMulti not implemented');
}
export function splitMulti(_value: unknown): string[] {
  throw new Error('form-logic: splitMulti not implemented');
}

/** autoBindFields of a bound select as a map target formId → source column (the original stores a JSON string). */
export function parseAutoBindFields(_field: FormField): Record<string, string> {
  throw new Error('form-logic: parseAutoBindFields not implemented');
}
