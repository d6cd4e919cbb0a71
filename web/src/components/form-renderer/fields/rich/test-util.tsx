import { useState, useSyncExternalStore } from 'react';
import { findField, type FormField, type FormSchemeContent } from '@app/contracts';
import type { FieldComponent, FormMode, FormRuntime } from '../../types';

export const field = (
  avueType: FormField['__config__']['avueType'],
  formId: number,
  vModel: string,
  over: Partial<FormField> = {},
  config: Partial<FormField['__config__']> = {},
): FormField =>
  ({
    __vModel__: vModel,
    ...over,
    __config__: {
      formId,
      avueType,
      tag: '',
      label: vModel,
      showLabel: true,
      labelWidth: 120,
      span: 24,
      layout: 'colFormItem',
      required: false,
      view: true,
      edit: true,
      regList: [],
      ...config,
    },
  }) as FormField;

/**
 * A small stand-in for FormRenderer's runtime: main-form values by __vModel__, setByFormId resolving formIds
 * anywhere in the scheme (tabs included), and a change broadcast. Records every setByFormId call.
 */
export function fakeForm(scheme: FormSchemeContent, opts: { mode?: FormMode; source?: FormRuntime['source']; values?: Record<string, unknown> } = {}) {
  let values: Record<string, unknown> = { ...opts.values };
  const listeners = new Set<() => void>();
  const broadcasts: Record<string, unknown>[] = [];
  const emit = () => listeners.forEach((l) => l());
  const vModelOf = (formId: number | string) => findField(scheme.data, formId)?.field.__vModel__;
  const runtime: FormRuntime = {
    mode: opts.mode ?? 'add',
    scheme,
    source: opts.source,
    getValue: (v) => values[v],
    getValueByFormId: (id) => {
      const v = vModelOf(id);
      return v ? values[v] : undefined;
    },
    setByFormId: (next) => {
      broadcasts.push(next);
      const patch: Record<string, unknown> = {};
      for (const [id, v] of Object.entries(next)) {
        const key = vModelOf(id);
        if (key) patch[key] = v;
      }
      values = { ...values, ...patch };
      emit();
    },
    subscribe: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
  const set = (vModel: string, v: unknown) => {
    values = { ...values, [vModel]: v };
    emit();
  };
  return { runtime, broadcasts, values: () => values, set };
}

/** Renders one field against a fake runtime; its value lives in the runtime, shown in `value-<vModel>`. */
export function FieldHost({
  component: Field,
  field: f,
  form,
  disabled = false,
}: {
  component: FieldComponent;
  field: FormField;
  form: ReturnType<typeof fakeForm>;
  disabled?: boolean;
}) {
  const vModel = f.__vModel__ ?? '';
  const value = useSyncExternalStore(form.runtime.subscribe, () => form.values()[vModel]);
  const [changes, setChanges] = useState(0);
  return (
    <>
      <Field
        field={f}
        value={value}
        disabled={disabled}
        form={form.runtime}
        onChange={(v) => {
          form.set(vModel, v);
          setChanges((n) => n + 1);
        }}
      />
      <span data-testid={`value-${vModel}`}>{value === undefined || value === null ? '' : String(value)}</span>
      <span data-testid={`changes-${vModel}`}>{changes}</span>
    </>
  );
}
