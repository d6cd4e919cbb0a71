import type { ReactNode } from 'react';
import { Form, Input, InputNumber, Select, Switch } from 'antd';
import type { FieldType, FormField } from '@app/contracts';
import { useDesigner } from './context';
import type { FieldPatch } from './scheme-ops';

/** Which keys apply to which field types (the property panel shows a key only where it means something). */
const has = (types: FieldType[]) => (type: FieldType) => types.includes(type);
export const APPLIES = {
  placeholder: has([
    'input',
    'textarea',
    'password',
    'number',
    'mobile',
    'select',
    'asso-select',
    'date',
    'time',
    'cascader',
    'area',
    'editor',
    'company',
    'department',
    'user',
    'computation',
  ]),
  clearable: has(['input', 'password', 'mobile', 'select', 'asso-select', 'date', 'time', 'cascader', 'area', 'company', 'department', 'user']),
  readonly: has(['input', 'textarea', 'password', 'mobile', 'number', 'info', 'computation']),
  maxlength: has(['input', 'textarea', 'password', 'mobile']),
  wordLimit: has(['input', 'textarea']),
  affix: has(['input', 'mobile']),
  minMax: has(['number', 'slider']),
  step: has(['number', 'slider']),
  rateMax: has(['rate']),
  precision: has(['number', 'computation']),
  formula: has(['number', 'computation']),
  capital: has(['number', 'computation']),
  multiple: has(['select', 'cascader', 'company', 'department', 'user', 'upload']),
  filterable: has(['select', 'asso-select', 'cascader']),
  remote: has(['select', 'asso-select']),
  source: has(['select', 'radio', 'checkbox', 'asso-select', 'cascader']),
  regList: has(['input', 'textarea', 'password', 'mobile', 'number']),
  defaultValue: has([
    'input',
    'textarea',
    'password',
    'number',
    'mobile',
    'select',
    'radio',
    'checkbox',
    'switch',
    'slider',
    'rate',
    'date',
    'time',
    'color',
    'cascader',
    'area',
  ]),
};

/** Text typed for a value that may be a string, number or boolean (switch values): 'true' / 'false' / numbers become typed. */
export function typedValue(text: string): string | number | boolean {
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (text.trim() !== '' && !Number.isNaN(Number(text))) return Number(text);
  return text;
}

/** A property's value as the text an input shows. */
export const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));
/** A property's value as the number an input shows, or null when it is not one. */
export const num = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : null);

/** One labelled property row. */
export function P({ label, children, help }: { label: ReactNode; children: ReactNode; help?: ReactNode }) {
  return (
    <Form.Item label={label} help={help} style={{ marginBottom: 10 }}>
      {children}
    </Form.Item>
  );
}

export type PatchField = (p: FieldPatch, key: string) => void;

/**
 * Changes of the selected field: keystrokes on one key merge into one undo step. setF writes a key of the field,
 * setC of its __config__, setS of its __slot__.
 */
export function useFieldPatch(field: FormField) {
  const { dispatch } = useDesigner();
  const id = field.__config__.formId;
  const patch: PatchField = (p, key) => dispatch({ type: 'patch', formId: id, patch: p, mergeKey: `${id}:${key}` });
  const setF = (key: string, value: unknown) => patch({ field: { [key]: value } }, `f.${key}`);
  const setC = (key: string, value: unknown) => patch({ config: { [key]: value } }, `c.${key}`);
  const setS = (key: string, value: unknown) => patch({ slot: { [key]: value } }, `s.${key}`);
  return { patch, setF, setC, setS };
}

export const textInput = (key: string, value: unknown, set: (v: unknown) => void, opts: { max?: number; emptyAsUndefined?: boolean } = {}) => (
  <Input
    data-testid={`prop-${key}`}
    value={str(value)}
    maxLength={opts.max ?? 200}
    onChange={(e) => set(opts.emptyAsUndefined && e.target.value === '' ? undefined : e.target.value)}
  />
);
export const numberInput = (key: string, value: unknown, set: (v: number | undefined) => void, opts: { min?: number; max?: number; step?: number } = {}) => (
  <InputNumber
    data-testid={`prop-${key}`}
    style={{ width: '100%' }}
    value={num(value)}
    min={opts.min}
    max={opts.max}
    step={opts.step}
    onChange={(v) => set(v === null ? undefined : Number(v))}
  />
);
export const boolInput = (key: string, value: unknown, set: (v: boolean) => void) => <Switch data-testid={`prop-${key}`} checked={!!value} onChange={set} />;
export const selectInput = <V extends string>(key: string, value: unknown, options: { value: V; label: ReactNode }[], set: (v: V) => void) => (
  <Select data-testid={`prop-${key}`} style={{ width: '100%' }} value={value as V} options={options} onChange={set} />
);
