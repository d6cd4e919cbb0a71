import { memo, useMemo, type CSSProperties } from 'react';
import { Checkbox, ColorPicker, DatePicker, Input, InputNumber, Radio, Rate, Select, Slider, Space, Switch, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { joinMulti, splitMulti, toChineseCapital, type FormField } from '@app/contracts';
import type { FieldProps, FieldRegistry } from '../types';
import { isRemoteSearch, useFieldOptions } from './rich/options';

dayjs.extend(customParseFormat);

/**
 * The basic field types (docs/forms-design.md). Stored formats: text as strings, numbers and computed values as
 * decimal strings ('' when empty), multi-values (checkbox, multiple select, date / time ranges) comma-joined,
 * dates by their value-format, switch as its active / inactive value, slider and rate as numbers, colour as hex.
 */

/** A key of the original's field config that the typed shape does not name (loose keys are kept by the schema). */
function extra<T>(field: object, key: string): T | undefined {
  return (field as Record<string, unknown>)[key] as T | undefined;
}

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));
const fullWidth = (field: FormField): CSSProperties => ({ width: '100%', ...(field.style as CSSProperties | undefined) });

const InputField = memo(function InputField({ field, value, onChange, onBlur, disabled }: FieldProps) {
  const prepend = field.__slot__?.prepend;
  const append = field.__slot__?.append;
  const maxLength = field.maxlength;
  const input = (
    <Input
      value={text(value)}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      disabled={disabled}
      placeholder={field.placeholder}
      maxLength={maxLength}
      showCount={!!maxLength && !!extra<boolean>(field, 'show-word-limit')}
      allowClear={!!field.clearable}
      style={field.style as CSSProperties | undefined}
    />
  );
  if (!prepend && !append) return input;
  return (
    <Space.Compact block>
      {prepend && <Space.Addon>{prepend}</Space.Addon>}
      {input}
      {append && <Space.Addon>{append}</Space.Addon>}
    </Space.Compact>
  );
});

const TextareaField = memo(function TextareaField({ field, value, onChange, onBlur, disabled }: FieldProps) {
  // Fixed rows: antd's autoSize measures every textarea with getComputedStyle, a forced layout each (that was
  // the largest single cost of mounting a big form). The original's default autosize is 4 to 4 rows anyway.
  const autosize = extra<{ minRows?: number } | boolean>(field, 'autosize');
  const rows = (typeof autosize === 'object' ? autosize.minRows : undefined) ?? extra<number>(field, 'rows') ?? 3;
  return (
    <Input.TextArea
      value={text(value)}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      disabled={disabled}
      placeholder={field.placeholder}
      maxLength={field.maxlength}
      showCount={!!field.maxlength && !!extra<boolean>(field, 'show-word-limit')}
      rows={rows}
      style={field.style as CSSProperties | undefined}
    />
  );
});

const PasswordField = memo(function PasswordField({ field, value, onChange, onBlur, disabled }: FieldProps) {
  return (
    <Input.Password
      value={text(value)}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      disabled={disabled}
      placeholder={field.placeholder}
      maxLength={field.maxlength}
      allowClear={!!field.clearable}
      style={field.style as CSSProperties | undefined}
    />
  );
});

/** The amount in Chinese capitals under a number (showCapitalizedValue); nothing for an empty or invalid value. */
function Capital({ field, value }: { field: FormField; value: unknown }) {
  if (!field.__config__.showCapitalizedValue || text(value) === '') return null;
  let capital = '';
  try {
    capital = toChineseCapital(value);
  } catch {
    // Out of range (≥ 10 亿) or not a number: no capital line rather than a broken form.
  }
  return capital ? <div className="fr-capital">{capital}</div> : null;
}

const NumberField = memo(function NumberField({ field, value, onChange, onBlur, disabled }: FieldProps) {
  const shown = text(value);
  return (
    <>
      <InputNumber<string>
        stringMode
        value={shown === '' ? null : shown}
        onChange={(v) => onChange(v === null || v === undefined ? '' : String(v))}
        onBlur={onBlur}
        disabled={disabled}
        placeholder={field.placeholder}
        min={field.min === undefined ? undefined : String(field.min)}
        max={field.max === undefined ? undefined : String(field.max)}
        step={field.step}
        precision={field.precision}
        style={fullWidth(field)}
      />
      <Capital field={field} value={value} />
    </>
  );
});

/** A computed value (computation type or a number with a formula): the store keeps it up to date; shown read-only. */
const ComputationField = memo(function ComputationField({ field, value }: FieldProps) {
  return (
    <>
      <Input value={text(value)} readOnly placeholder={field.placeholder} style={field.style as CSSProperties | undefined} />
      <Capital field={field} value={value} />
    </>
  );
});

const MOBILE_LENGTH = 11;
const MobileField = memo(function MobileField({ field, value, onChange, onBlur, disabled }: FieldProps) {
  return (
    <Input
      value={text(value)}
      inputMode="numeric"
      // Digits only, at most 11: what a mainland mobile number can be.
      onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, MOBILE_LENGTH))}
      onBlur={onBlur}
      disabled={disabled}
      placeholder={field.placeholder}
      maxLength={MOBILE_LENGTH}
      allowClear={!!field.clearable}
      style={field.style as CSSProperties | undefined}
    />
  );
});

const isFilterable = (field: FormField) => !!field.__config__.filterable || !!extra<boolean>(field, 'filterable');

const SelectField = memo(function SelectField({ field, value, onChange, onBlur, disabled, form }: FieldProps) {
  const { options, loading, search } = useFieldOptions(field, form);
  const multiple = !!field.multiple;
  const remote = isRemoteSearch(field);
  const showSearch = remote
    ? {
        filterOption: false as const,
        // Empty text would ask the source for everything: the original ignores it, so do we.
        onSearch: (keyword: string) => {
          if (keyword.trim() !== '') search(keyword);
        },
      }
    : isFilterable(field)
      ? { optionFilterProp: 'label' }
      : false;
  return (
    <Select
      value={multiple ? splitMulti(value) : text(value) === '' ? undefined : text(value)}
      mode={multiple ? 'multiple' : undefined}
      onChange={(v: string | string[] | undefined) => onChange(Array.isArray(v) ? joinMulti(v) : (v ?? ''))}
      onBlur={onBlur}
      disabled={disabled}
      placeholder={field.placeholder}
      allowClear={!!field.clearable}
      showSearch={showSearch}
      loading={loading}
      options={options}
      style={fullWidth(field)}
    />
  );
});

const RadioField = memo(function RadioField({ field, value, onChange, disabled, form }: FieldProps) {
  const { options } = useFieldOptions(field, form);
  const button = extra<string>(field, 'optionType') === 'button' || extra<string>(field.__config__, 'optionType') === 'button';
  return (
    <Radio.Group
      value={text(value) === '' ? undefined : text(value)}
      onChange={(e) => onChange(e.target.value)}
      disabled={disabled}
      options={options}
      optionType={button ? 'button' : 'default'}
    />
  );
});

const CheckboxField = memo(function CheckboxField({ field, value, onChange, disabled, form }: FieldProps) {
  const { options } = useFieldOptions(field, form);
  return <Checkbox.Group value={splitMulti(value)} onChange={(v) => onChange(joinMulti(v))} disabled={disabled} options={options} />;
});

const SwitchField = memo(function SwitchField({ field, value, onChange, disabled }: FieldProps) {
  const active = field['active-value'] ?? true;
  const inactive = field['inactive-value'] ?? false;
  // Stored values may come back as text ('1' for 1): compare as text.
  const checked = text(value) === text(active);
  const color = checked ? field['active-color'] : field['inactive-color'];
  return (
    <Switch
      checked={checked}
      onChange={(on) => onChange(on ? active : inactive)}
      disabled={disabled}
      checkedChildren={field['active-text']}
      unCheckedChildren={field['inactive-text']}
      style={color ? { backgroundColor: color } : undefined}
    />
  );
});

const SliderField = memo(function SliderField({ field, value, onChange, disabled }: FieldProps) {
  const range = !!extra<boolean>(field, 'range');
  const min = field.min ?? 0;
  const common = { min, max: field.max ?? 100, step: field.step ?? 1, disabled, style: field.style as CSSProperties | undefined };
  if (range) {
    const parts = splitMulti(value).map(Number);
    const pair: [number, number] = parts.length === 2 && parts.every(Number.isFinite) ? [parts[0], parts[1]] : [min, min];
    return <Slider {...common} range value={pair} onChange={(v: number[]) => onChange(joinMulti(v))} />;
  }
  const n = Number(value);
  return <Slider {...common} value={text(value) !== '' && Number.isFinite(n) ? n : min} onChange={(v: number) => onChange(v)} />;
});

const RateField = memo(function RateField({ field, value, onChange, disabled }: FieldProps) {
  const n = Number(value);
  return (
    <Rate
      value={Number.isFinite(n) ? n : 0}
      onChange={(v) => onChange(v)}
      disabled={disabled}
      count={field.max ?? 5}
      allowHalf={!!extra<boolean>(field, 'allow-half')}
    />
  );
});

/** The original's date patterns (yyyy-MM-dd, from its Vue date library) in dayjs tokens (YYYY-MM-DD). */
export function toDayjsFormat(pattern: string | undefined): string | undefined {
  if (!pattern) return undefined;
  return pattern.replace(/y/g, 'Y').replace(/d/g, 'D');
}

/** Element's 'timestamp' value-format: milliseconds. */
const TIMESTAMP = 'timestamp';
const PICKERS = { week: 'week', month: 'month', year: 'year' } as const;
const DEFAULT_FORMATS: Record<string, string> = { week: 'YYYY-wo', month: 'YYYY-MM', year: 'YYYY' };

function parseDate(part: string, format: string): Dayjs | null {
  if (part === '') return null;
  const d = format === TIMESTAMP ? dayjs(Number(part)) : dayjs(part, format);
  return d.isValid() ? d : null;
}
const formatDate = (d: Dayjs, format: string): string => (format === TIMESTAMP ? String(d.valueOf()) : d.format(format));

const DateField = memo(function DateField({ field, value, onChange, onBlur, disabled }: FieldProps) {
  const type = field.type ?? 'date';
  const range = type.endsWith('range');
  const showTime = type.startsWith('datetime');
  const base = type.replace(/range$/, '') as keyof typeof PICKERS | 'date' | 'datetime';
  const picker = base in PICKERS ? PICKERS[base as keyof typeof PICKERS] : undefined;
  const valueFormat =
    field['value-format'] === TIMESTAMP
      ? TIMESTAMP
      : (toDayjsFormat(field['value-format']) ?? DEFAULT_FORMATS[base] ?? (showTime ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD'));
  const shownFormat = toDayjsFormat(field.format) ?? (valueFormat === TIMESTAMP ? (showTime ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD') : valueFormat);
  const parts = useMemo(() => splitMulti(value).map((part) => parseDate(part, valueFormat)), [value, valueFormat]);
  const common = { disabled, onBlur, showTime, picker, format: shownFormat, style: fullWidth(field) };
  if (range) {
    const pair: [Dayjs, Dayjs] | null = parts.length === 2 && parts[0] && parts[1] ? [parts[0], parts[1]] : null;
    return (
      <DatePicker.RangePicker
        {...common}
        value={pair}
        placeholder={undefined}
        onChange={(dates) => onChange(dates?.[0] && dates[1] ? joinMulti([formatDate(dates[0], valueFormat), formatDate(dates[1], valueFormat)]) : '')}
      />
    );
  }
  return (
    <DatePicker
      {...common}
      value={parts[0] ?? null}
      placeholder={field.placeholder}
      onChange={(date: Dayjs | null) => onChange(date ? formatDate(date, valueFormat) : '')}
    />
  );
});

const TimeField = memo(function TimeField({ field, value, onChange, onBlur, disabled }: FieldProps) {
  const valueFormat = toDayjsFormat(field['value-format']) ?? 'HH:mm:ss';
  const shownFormat = toDayjsFormat(field.format) ?? valueFormat;
  const parts = useMemo(() => splitMulti(value).map((part) => parseDate(part, valueFormat)), [value, valueFormat]);
  const common = { disabled, onBlur, format: shownFormat, style: fullWidth(field) };
  if (field['is-range']) {
    const pair: [Dayjs, Dayjs] | null = parts.length === 2 && parts[0] && parts[1] ? [parts[0], parts[1]] : null;
    return (
      <TimePicker.RangePicker
        {...common}
        value={pair}
        onChange={(times) => onChange(times?.[0] && times[1] ? joinMulti([times[0].format(valueFormat), times[1].format(valueFormat)]) : '')}
      />
    );
  }
  return (
    <TimePicker
      {...common}
      value={parts[0] ?? null}
      placeholder={field.placeholder}
      onChange={(time: Dayjs | null) => onChange(time ? time.format(valueFormat) : '')}
    />
  );
});

const ColorField = memo(function ColorField({ field, value, onChange, disabled }: FieldProps) {
  const shown = text(value);
  return (
    <ColorPicker
      value={shown === '' ? undefined : shown}
      onChange={(color) => onChange(color.toHexString())}
      onClear={() => onChange('')}
      allowClear={!!field.clearable}
      disabled={disabled}
      showText
    />
  );
});

/** input, textarea, password, number, mobile, select / radio / checkbox, switch, slider, rate, date, time, color, computation. */
export const basicFields: FieldRegistry = {
  input: InputField,
  textarea: TextareaField,
  password: PasswordField,
  number: NumberField,
  mobile: MobileField,
  select: SelectField,
  radio: RadioField,
  checkbox: CheckboxField,
  switch: SwitchField,
  slider: SliderField,
  rate: RateField,
  date: DateField,
  time: TimeField,
  color: ColorField,
  computation: ComputationField,
};
