import type { FormField } from '@app/contracts';
import type { FormRuntime } from '../../types';

/** One option of a select / radio / checkbox / cascader / bound select; `record` is the source row (bound select copies its columns). */
export interface FieldOption {
  label: string;
  value: string;
  disabled?: boolean;
  record?: Record<string, unknown>;
  children?: FieldOption[];
}

export interface FieldOptions {
  options: FieldOption[];
  loading: boolean;
  /** Remote search: asks the source with the text; empty text does nothing (spec 5). */
  search(text: string): void;
}

/**
 * Options of a field from its source (docs/forms-design.md "Options"): static (__slot__.options), dictionary,
 * data source or SQL (asked from the server by field). Owner: the rich-fields work; this first version knows
 * static options only.
 */
export function useFieldOptions(field: FormField, _form: FormRuntime): FieldOptions {
  const options = (field.__slot__?.options ?? []).map((o) => ({ label: String(o.label), value: String(o.value) }));
  return { options, loading: false, search: () => undefined };
}
