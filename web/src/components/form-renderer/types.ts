import type { ComponentType } from 'react';
import type { FieldAuthority, FieldType, FormField, FormSchemeContent, FormValues } from '@app/contracts';

/**
 * The renderer's contract (docs/forms-design.md "Renderer"). One renderer (FormRenderer) shows every form; field
 * components are looked up by `__config__.avueType` in the registry (registry.ts), which merges the basic fields
 * (fields/basic.tsx) and the rich ones (fields/rich/*).
 */
export type FormMode = 'add' | 'edit' | 'look';

/** What a field component may ask of the form it lives in. */
export interface FormRuntime {
  mode: FormMode;
  scheme: FormSchemeContent;
  /** The stored form (and version) being shown, for server-side option loading; absent in the designer's preview. */
  source?: { schemeId: string; versionId?: string };
  /** Current value of a field of the main form by __vModel__. */
  getValue(vModel: string): unknown;
  /** Current value of any field by formId (main form; for sub-table columns: the same row, see FieldProps.row). */
  getValueByFormId(formId: number): unknown;
  /** Sets main-form fields by formId (bound select copying columns, also fields inside tabs) and broadcasts the update. */
  setByFormId(values: Record<string, unknown>): void;
  /** Subscribes to any value change (computed fields recompute); returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

export interface FieldProps {
  field: FormField;
  value: unknown;
  onChange(value: unknown): void;
  /** Read-only: look mode, edit flag 2, no edit authority, or the field's own disabled. */
  disabled: boolean;
  /** Called when the control loses focus (number fields validate on blur). */
  onBlur?(): void;
  form: FormRuntime;
  /** Sub-table column: the row's index and a getter over the row's values by formId. */
  row?: {
    index: number;
    getValueByFormId(formId: number): unknown;
    /** Sets cells of the same row by formId (a bound select inside a sub-table copies into its own row). */
    setByFormId?(values: Record<string, unknown>): void;
  };
}

export type FieldComponent = ComponentType<FieldProps>;
export type FieldRegistry = Partial<Record<FieldType, FieldComponent>>;

/** Imperative handle of FormRenderer (ref). */
export interface FormRendererHandle {
  /** Validates every visible field (sub-table rows included); resolves the values or rejects with the errors shown. */
  validate(): Promise<FormValues>;
  getValues(): FormValues;
  setValues(values: FormValues): void;
  reset(): void;
}

export interface FormRendererProps {
  scheme: FormSchemeContent;
  mode: FormMode;
  /** 2 makes every field read-only, sub-forms included (spec 4). */
  editFlag?: number;
  /** Per-field authority from a workflow node; absent: each field's own view / edit / required. */
  authority?: FieldAuthority[];
  initialValues?: FormValues;
  /** The stored form (and version) shown: option loading asks the server by field (GET /form-scheme/{id}/field-options/{formId}). */
  source?: { schemeId: string; versionId?: string };
  onValuesChange?(values: FormValues): void;
}
