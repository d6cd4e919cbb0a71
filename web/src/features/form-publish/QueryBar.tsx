import { useMemo } from 'react';
import { Form, Input, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { defaultMatchOf, splitMulti, type FormField, type FormRelationSetting, type FormSchemeContent, type QueryMatch } from '@app/contracts';
import { fieldRegistry, type FieldComponent, type FormRuntime } from '../../components/form-renderer';
import { isRemoteSearch, useFieldOptions } from '../../components/form-renderer/fields/rich/options';

/**
 * The query bar of a published list, from `setting.queryFields` (docs/form-publishing-design.md "Published list"):
 * one control per field suited to its type and match, and the JSON `query` the list, the export and the count
 * share (field → text, list or [from, to]).
 */
export interface QuerySpec {
  name: string;
  label: string;
  match: QueryMatch;
  field: FormField;
}

/** The configured query fields the page can show (a field gone from the form is skipped, the server refuses it anyway). */
export function querySpecs(setting: FormRelationSetting, fields: Map<string, FormField>): QuerySpec[] {
  return setting.queryFields.flatMap((q) => {
    const field = fields.get(q.field);
    if (!field) return [];
    return [{ name: q.field, label: q.label || field.__config__.label, match: q.match ?? defaultMatchOf(field.__config__.avueType), field }];
  });
}

const clean = (v: unknown): string => (v === null || v === undefined ? '' : String(v).trim());

/** One query field's value as the server takes it, or undefined when empty (empty values are not sent). */
function queryValue(match: QueryMatch, value: unknown): unknown {
  if (match === 'range') {
    // Number / text ranges are pairs; date and time ranges come from the renderer's pickers comma-joined.
    const pair = Array.isArray(value) ? value : splitMulti(value);
    const from = clean(pair[0]);
    const to = clean(pair[1]);
    return from === '' && to === '' ? undefined : [from === '' ? null : from, to === '' ? null : to];
  }
  if (match === 'in') {
    const list = (Array.isArray(value) ? value : splitMulti(value)).map(clean).filter(Boolean);
    return list.length ? list : undefined;
  }
  const text = clean(value);
  return text === '' ? undefined : text;
}

/** The JSON `query` of the query bar's values, or undefined when nothing is filled in. */
export function toQueryParam(specs: readonly QuerySpec[], values: Record<string, unknown>): string | undefined {
  const query: Record<string, unknown> = {};
  for (const spec of specs) {
    const v = queryValue(spec.match, values[spec.name]);
    if (v !== undefined) query[spec.name] = v;
  }
  return Object.keys(query).length ? JSON.stringify(query) : undefined;
}

const OPTION_TYPES = new Set(['select', 'radio', 'checkbox', 'asso-select', 'cascader']);
const NUMBER_TYPES = new Set(['number', 'computation', 'slider', 'rate']);
const PICKER_TYPES = new Set(['user', 'company', 'department', 'area']);

type ControlKind = 'options' | 'switch' | 'picker' | 'numberRange' | 'dateRange' | 'timeRange' | 'textRange' | 'tags' | 'text';

/** An info field filters like the picker of what it holds (the current user, company, department); other infos as text. */
function pickerFieldOf(field: FormField): FormField | null {
  const type = field.__config__.avueType;
  if (PICKER_TYPES.has(type)) return field;
  if (type === 'info' && (field.infoType === 'user' || field.infoType === 'company' || field.infoType === 'department')) {
    return { ...field, __config__: { ...field.__config__, avueType: field.infoType } };
  }
  return null;
}

function controlKind(spec: QuerySpec): ControlKind {
  const type = spec.field.__config__.avueType;
  if (OPTION_TYPES.has(type)) return 'options';
  if (type === 'switch') return 'switch';
  if (pickerFieldOf(spec.field)) return 'picker';
  if (spec.match === 'range') {
    if (NUMBER_TYPES.has(type)) return 'numberRange';
    if (type === 'date') return 'dateRange';
    if (type === 'time') return 'timeRange';
    return 'textRange';
  }
  return spec.match === 'in' ? 'tags' : 'text';
}

interface ControlProps {
  spec: QuerySpec;
  runtime: FormRuntime;
  value?: unknown;
  onChange?: (value: unknown) => void;
}

const WIDTH = 200;
const RANGE_WIDTH = 280;

/** The field's options as a flat list (a cascader's too: a query matches any level of the stored path). */
function OptionSelect({ spec, runtime, value, onChange }: ControlProps) {
  const flat = useMemo<FormField>(() => ({ ...spec.field, __config__: { ...spec.field.__config__, avueType: 'select' } }), [spec.field]);
  const { options, loading, search } = useFieldOptions(flat, runtime);
  const remote = isRemoteSearch(spec.field);
  return (
    <Select
      allowClear
      mode={spec.match === 'in' ? 'multiple' : undefined}
      value={value as string | string[] | undefined}
      onChange={(v) => onChange?.(v)}
      loading={loading}
      options={options.map((o) => ({ label: o.label, value: o.value }))}
      showSearch={remote ? { filterOption: false, onSearch: (text: string) => search(text) } : { optionFilterProp: 'label' }}
      maxTagCount="responsive"
      style={{ width: WIDTH }}
    />
  );
}

function SwitchSelect({ spec, value, onChange }: ControlProps) {
  const { t } = useTranslation('common');
  const f = spec.field;
  const options = [
    { value: clean(f['active-value'] ?? true), label: f['active-text'] || t('yes') },
    { value: clean(f['inactive-value'] ?? false), label: f['inactive-text'] || t('no') },
  ];
  return <Select allowClear value={value as string | undefined} onChange={(v) => onChange?.(v)} options={options} style={{ width: WIDTH }} />;
}

/** The renderer's own control (user / org / area pickers, date and time range pickers), its value as the form stores it. */
function RendererControl({
  field,
  runtime,
  value,
  onChange,
  width,
}: {
  field: FormField;
  runtime: FormRuntime;
  value?: unknown;
  onChange?: (v: unknown) => void;
  width: number;
}) {
  const Component = fieldRegistry[field.__config__.avueType] as FieldComponent;
  return (
    <div style={{ width, maxWidth: '100%' }}>
      <Component field={field} value={value ?? ''} onChange={(v) => onChange?.(v)} disabled={false} form={runtime} />
    </div>
  );
}

function PairInput({ value, onChange, number }: { value?: unknown; onChange?: (v: unknown) => void; number: boolean }) {
  const { t } = useTranslation('formPublish');
  const pair = Array.isArray(value) ? (value as unknown[]) : [];
  const set = (i: number, v: unknown) => {
    const next = [pair[0] ?? null, pair[1] ?? null];
    next[i] = v === '' || v === undefined ? null : v;
    onChange?.(next);
  };
  const part = (i: number) =>
    number ? (
      <InputNumber
        value={(pair[i] as number | null) ?? null}
        onChange={(v) => set(i, v)}
        placeholder={t(i === 0 ? 'rangeFrom' : 'rangeTo')}
        style={{ flex: 1, minWidth: 0 }}
      />
    ) : (
      <Input
        value={(pair[i] as string | null) ?? ''}
        onChange={(e) => set(i, e.target.value)}
        placeholder={t(i === 0 ? 'rangeFrom' : 'rangeTo')}
        style={{ flex: 1, minWidth: 0 }}
      />
    );
  return (
    <Space.Compact style={{ width: RANGE_WIDTH, maxWidth: '100%' }}>
      {part(0)}
      <Input disabled value="~" style={{ width: 24, padding: 0, textAlign: 'center', pointerEvents: 'none' }} />
      {part(1)}
    </Space.Compact>
  );
}

function QueryControl(props: ControlProps) {
  const { spec, runtime, value, onChange } = props;
  const kind = controlKind(spec);
  const field = spec.field;
  let control;
  switch (kind) {
    case 'options':
      control = <OptionSelect {...props} />;
      break;
    case 'switch':
      control = <SwitchSelect {...props} />;
      break;
    case 'picker': {
      const picker = pickerFieldOf(field)!;
      control = <RendererControl field={{ ...picker, multiple: spec.match === 'in' }} runtime={runtime} value={value} onChange={onChange} width={WIDTH} />;
      break;
    }
    case 'dateRange': {
      const base = (field.type ?? 'date').replace(/range$/, '');
      control = <RendererControl field={{ ...field, type: `${base}range` }} runtime={runtime} value={value} onChange={onChange} width={RANGE_WIDTH} />;
      break;
    }
    case 'timeRange':
      control = <RendererControl field={{ ...field, 'is-range': true }} runtime={runtime} value={value} onChange={onChange} width={RANGE_WIDTH} />;
      break;
    case 'numberRange':
    case 'textRange':
      control = <PairInput value={value} onChange={onChange} number={kind === 'numberRange'} />;
      break;
    case 'tags':
      control = <Select mode="tags" allowClear value={value as string[] | undefined} onChange={(v) => onChange?.(v)} open={false} style={{ width: WIDTH }} />;
      break;
    default:
      control = <Input allowClear value={(value as string | undefined) ?? ''} onChange={(e) => onChange?.(e.target.value)} style={{ width: WIDTH }} />;
  }
  // maxWidth: a phone's query bar is narrower than a range picker.
  return (
    <div data-testid={`published-query-${spec.name}`} style={{ maxWidth: '100%' }}>
      {control}
    </div>
  );
}

/** A form runtime for controls outside a form: nothing to read or cascade, options of the stored form's fields. */
export function queryRuntime(scheme: FormSchemeContent, source: { schemeId: string; versionId?: string }): FormRuntime {
  return {
    mode: 'add',
    scheme,
    source,
    getValue: () => undefined,
    getValueByFormId: () => undefined,
    setByFormId: () => undefined,
    subscribe: () => () => undefined,
  };
}

/** The query bar's fields (Form.Item children of the list's query form). */
export function QueryFields({ specs, runtime }: { specs: readonly QuerySpec[]; runtime: FormRuntime }) {
  return (
    <>
      {specs.map((spec) => (
        <Form.Item key={spec.name} name={spec.name} label={spec.label} style={{ maxWidth: '100%' }}>
          <QueryControl spec={spec} runtime={runtime} />
        </Form.Item>
      ))}
    </>
  );
}
