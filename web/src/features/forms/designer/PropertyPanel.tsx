import { useMemo, type ReactNode } from 'react';
import { Alert, AutoComplete, Button, Collapse, Divider, Form, Input, InputNumber, Select, Space, Switch, Tag, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  INFO_TYPES,
  OPTION_SOURCES,
  isPatternSupported,
  isReservedFieldName,
  type ComputationToken,
  type FieldType,
  type FormField,
  type StaticOption,
} from '@app/contracts';
import { useDesigner } from './context';
import { IDENTIFIER, isContainer, numericFields, tableOf, valueFields, vModelsInScope, type FieldPatch, type ListRef } from './scheme-ops';
import { formulaText } from './Canvas';
import { genericPrefix, typeNames } from '../../../components/form-renderer/placeholder';
import { matches, useDataSourceOptions, useDatabaseLinks, useDictionaryCodes, useSourceColumns, type Suggestion } from './sources';

/** Which keys apply to which field types (the property panel shows a key only where it means something). */
const has = (types: FieldType[]) => (type: FieldType) => types.includes(type);
const APPLIES = {
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

const OPS: [string, string][] = [
  ['plus', '+'],
  ['minus', '-'],
  ['times', '*'],
  ['divide', '/'],
  ['lparen', '('],
  ['rparen', ')'],
];

/** Text typed for a value that may be a string, number or boolean (switch values): 'true' / 'false' / numbers become typed. */
function typedValue(text: string): string | number | boolean {
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (text.trim() !== '' && !Number.isNaN(Number(text))) return Number(text);
  return text;
}

function P({ label, children, help }: { label: ReactNode; children: ReactNode; help?: ReactNode }) {
  return (
    <Form.Item label={label} help={help} style={{ marginBottom: 10 }}>
      {children}
    </Form.Item>
  );
}

/** Property panel of the selected field: every key of __config__ / the field that applies to its type. */
export function FieldProperties({ field, list, data }: { field: FormField; list: ListRef; data: FormField[] }) {
  const { t } = useTranslation('formDesigner');
  const { dispatch } = useDesigner();
  const c = field.__config__;
  const type = c.avueType;
  const id = c.formId;
  const container = isContainer(type);
  const inTable = !!tableOf(data, list);
  const patch = (p: FieldPatch, key: string) => dispatch({ type: 'patch', formId: id, patch: p, mergeKey: `${id}:${key}` });
  const setF = (key: string, value: unknown) => patch({ field: { [key]: value } }, `f.${key}`);
  const setC = (key: string, value: unknown) => patch({ config: { [key]: value } }, `c.${key}`);
  const setS = (key: string, value: unknown) => patch({ slot: { [key]: value } }, `s.${key}`);
  const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));
  const num = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : null);
  const text = (key: string, value: unknown, set: (v: unknown) => void, opts: { max?: number; emptyAsUndefined?: boolean } = {}) => (
    <Input
      data-testid={`prop-${key}`}
      value={str(value)}
      maxLength={opts.max ?? 200}
      onChange={(e) => set(opts.emptyAsUndefined && e.target.value === '' ? undefined : e.target.value)}
    />
  );
  const number = (key: string, value: unknown, set: (v: number | undefined) => void, opts: { min?: number; max?: number; step?: number } = {}) => (
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
  const bool = (key: string, value: unknown, set: (v: boolean) => void) => <Switch data-testid={`prop-${key}`} checked={!!value} onChange={set} />;
  const select = <V extends string>(key: string, value: unknown, options: { value: V; label: ReactNode }[], set: (v: V) => void) => (
    <Select data-testid={`prop-${key}`} style={{ width: '100%' }} value={value as V} options={options} onChange={set} />
  );

  const vModelError = (name: string): string | null => {
    if (!IDENTIFIER.test(name)) return t('prop.vModelPattern');
    // Data is keyed by field name: constructor, toString, __proto__… clash with what every object inherits.
    if (isReservedFieldName(name)) return t('prop.vModelReserved');
    return vModelsInScope(data, list, id).has(name) ? t('prop.vModelTaken') : null;
  };
  // The generic prompt ('请输入' + label, or the type's name of an older form) follows the label; one the user wrote stays.
  const renameLabel = (label: string) => {
    const prefix = genericPrefix(field.placeholder, [c.label ?? '', ...typeNames(type)]);
    patch({ config: { label }, ...(prefix === null ? {} : { field: { placeholder: `${prefix}${label}` } }) }, 'c.label');
  };
  const vModelHelp = field.__vModel__ === undefined ? null : vModelError(field.__vModel__);

  return (
    <Form layout="vertical" size="small" component="div" data-testid="field-properties">
      <P label={t('prop.type')}>
        <Tag>{t(`type.${type}`)}</Tag>
      </P>
      {field.__vModel__ !== undefined && (
        <Form.Item
          label={t(type === 'table' ? 'prop.tableKey' : 'prop.vModel')}
          validateStatus={vModelHelp ? 'error' : undefined}
          help={vModelHelp ?? undefined}
          style={{ marginBottom: 10 }}
        >
          <Input
            data-testid="prop-__vModel__"
            value={field.__vModel__}
            maxLength={63}
            onChange={(e) => patch({ field: { __vModel__: e.target.value } }, 'vModel')}
          />
        </Form.Item>
      )}
      <P label={t('prop.label')}>{text('label', c.label, (v) => renameLabel(String(v ?? '')))}</P>
      {type !== 'row' && type !== 'tabs' && <P label={t('prop.showLabel')}>{bool('showLabel', c.showLabel !== false, (v) => setC('showLabel', v))}</P>}
      {!container && <P label={t('prop.labelWidth')}>{number('labelWidth', c.labelWidth, (v) => setC('labelWidth', v), { min: 0, max: 1000 })}</P>}
      {!inTable && type !== 'tabs' && type !== 'table' && (
        <P label={t('prop.span')}>{number('span', c.span ?? 24, (v) => setC('span', v ?? 24), { min: 1, max: 24 })}</P>
      )}
      {type !== 'row' && type !== 'tabs' && (
        <Space wrap size={16} style={{ marginBottom: 10 }}>
          <span>
            {t('prop.required')} {bool('required', c.required, (v) => setC('required', v))}
          </span>
          <span>
            {t('prop.view')} {bool('view', c.view !== false, (v) => setC('view', v))}
          </span>
          <span>
            {t('prop.edit')} {bool('edit', c.edit !== false, (v) => setC('edit', v))}
          </span>
        </Space>
      )}
      {APPLIES.defaultValue(type) && (
        <P label={t('prop.defaultValue')}>
          {type === 'switch'
            ? bool('defaultValue', c.defaultValue === (field['active-value'] ?? true), (v) =>
                setC('defaultValue', v ? (field['active-value'] ?? true) : (field['inactive-value'] ?? false)),
              )
            : type === 'slider' || type === 'rate'
              ? number('defaultValue', c.defaultValue, (v) => setC('defaultValue', v))
              : text('defaultValue', c.defaultValue, (v) => setC('defaultValue', v), { max: 2000, emptyAsUndefined: true })}
        </P>
      )}
      {APPLIES.placeholder(type) && <P label={t('prop.placeholder')}>{text('placeholder', field.placeholder, (v) => setF('placeholder', v))}</P>}
      {APPLIES.placeholder(type) && (
        <P label={t('prop.width')} help={t('prop.widthHelp')}>
          {text('style-width', field.style?.width, (v) => setF('style', { ...field.style, width: v === '' ? undefined : v }), { max: 20 })}
        </P>
      )}
      {!container && (
        <Space wrap size={16} style={{ marginBottom: 10 }}>
          {APPLIES.clearable(type) && (
            <span>
              {t('prop.clearable')} {bool('clearable', field.clearable, (v) => setF('clearable', v))}
            </span>
          )}
          <span>
            {t('prop.disabled')} {bool('disabled', field.disabled, (v) => setF('disabled', v))}
          </span>
          {APPLIES.readonly(type) && (
            <span>
              {t('prop.readonly')} {bool('readonly', field.readonly, (v) => setF('readonly', v))}
            </span>
          )}
        </Space>
      )}
      {APPLIES.maxlength(type) && (
        <P label={t('prop.maxlength')}>{number('maxlength', field.maxlength, (v) => setF('maxlength', v), { min: 1, max: 1_000_000 })}</P>
      )}
      {APPLIES.wordLimit(type) && <P label={t('prop.showWordLimit')}>{bool('show-word-limit', field['show-word-limit'], (v) => setF('show-word-limit', v))}</P>}
      {APPLIES.affix(type) && (
        <>
          <P label={t('prop.prepend')}>{text('prepend', field.__slot__?.prepend, (v) => setS('prepend', v), { max: 50 })}</P>
          <P label={t('prop.append')}>{text('append', field.__slot__?.append, (v) => setS('append', v), { max: 50 })}</P>
        </>
      )}
      {APPLIES.minMax(type) && (
        <>
          <P label={t('prop.min')}>{number('min', field.min, (v) => setF('min', v))}</P>
          <P label={t('prop.max')}>{number('max', field.max, (v) => setF('max', v))}</P>
        </>
      )}
      {APPLIES.rateMax(type) && <P label={t('prop.max')}>{number('max', field.max, (v) => setF('max', v), { min: 1, max: 10 })}</P>}
      {APPLIES.step(type) && <P label={t('prop.step')}>{number('step', field.step, (v) => setF('step', v), { min: 0.000001 })}</P>}
      {APPLIES.precision(type) && <P label={t('prop.precision')}>{number('precision', field.precision, (v) => setF('precision', v), { min: 0, max: 10 })}</P>}
      {APPLIES.capital(type) && (
        <P label={t('prop.showCapitalizedValue')}>{bool('showCapitalizedValue', c.showCapitalizedValue, (v) => setC('showCapitalizedValue', v))}</P>
      )}
      {APPLIES.formula(type) && (
        <FormulaEditor
          field={field}
          data={data}
          onChange={(tokens) => patch({ field: { computationalConfiguration: tokens } }, 'formula')}
          onTaxRate={(v) => setF('taxRate', v)}
        />
      )}
      {type === 'date' && (
        <>
          <P label={t('prop.dateType')}>
            {select(
              'type',
              field.type ?? 'date',
              ['date', 'datetime', 'daterange', 'datetimerange'].map((v) => ({ value: v, label: t(`dateType.${v}`) })),
              (v) => {
                const withTime = v.startsWith('datetime');
                const fmt = withTime ? 'yyyy-MM-dd HH:mm:ss' : 'yyyy-MM-dd';
                patch({ field: { type: v, format: fmt, 'value-format': fmt } }, 'dateType');
              },
            )}
          </P>
        </>
      )}
      {type === 'time' && <P label={t('prop.isRange')}>{bool('is-range', field['is-range'], (v) => setF('is-range', v))}</P>}
      {(type === 'date' || type === 'time') && (
        <>
          <P label={t('prop.format')}>{text('format', field.format, (v) => setF('format', v), { max: 50 })}</P>
          <P label={t('prop.valueFormat')}>{text('value-format', field['value-format'], (v) => setF('value-format', v), { max: 50 })}</P>
        </>
      )}
      {type === 'switch' &&
        (['active-text', 'inactive-text', 'active-color', 'inactive-color'] as const).map((k) => (
          <P key={k} label={t(`prop.${k}`)}>
            {text(k, field[k], (v) => setF(k, v), { max: 50 })}
          </P>
        ))}
      {type === 'switch' &&
        (['active-value', 'inactive-value'] as const).map((k) => (
          <P key={k} label={t(`prop.${k}`)} help={t('prop.typedHelp')}>
            <Input data-testid={`prop-${k}`} value={str(field[k])} maxLength={50} onChange={(e) => setF(k, typedValue(e.target.value))} />
          </P>
        ))}
      {APPLIES.multiple(type) && <P label={t('prop.multiple')}>{bool('multiple', field.multiple, (v) => setF('multiple', v))}</P>}
      {APPLIES.filterable(type) && <P label={t('prop.filterable')}>{bool('filterable', c.filterable, (v) => setC('filterable', v))}</P>}
      {APPLIES.remote(type) && <P label={t('prop.remote')}>{bool('remote', c.remote, (v) => setC('remote', v))}</P>}
      {APPLIES.source(type) && <SourceEditor field={field} patch={patch} />}
      {type === 'asso-select' && <AutoBindEditor field={field} data={data} onChange={(v) => setC('autoBindFields', v)} />}
      {(type === 'company' || type === 'department') && (
        <P label={t('prop.tagIcon')}>
          {select(
            'tagIcon',
            c.tagIcon ?? type,
            ['company', 'department'].map((v) => ({ value: v, label: t(`type.${v}`) })),
            (v) => setC('tagIcon', v),
          )}
        </P>
      )}
      {type === 'info' && (
        <P label={t('prop.infoType')}>
          {select(
            'infoType',
            field.infoType ?? 'user',
            INFO_TYPES.map((v) => ({ value: v, label: t(`infoType.${v}`) })),
            (v) => setF('infoType', v),
          )}
        </P>
      )}
      {type === 'upload' && (
        <>
          <P label={t('prop.fileSize')}>
            <Space.Compact block>
              <InputNumber
                data-testid="prop-fileSize"
                style={{ flex: 1 }}
                min={0.001}
                max={1_000_000}
                value={num(c.fileSize)}
                onChange={(v) => setC('fileSize', v ?? undefined)}
              />
              <Select
                data-testid="prop-sizeUnit"
                style={{ width: 90 }}
                value={c.sizeUnit ?? 'MB'}
                options={['KB', 'MB', 'GB'].map((v) => ({ value: v, label: v }))}
                onChange={(v) => setC('sizeUnit', v)}
              />
            </Space.Compact>
          </P>
          <P label={t('prop.accept')} help={t('prop.acceptHelp')}>
            {text('accept', field.accept, (v) => setF('accept', v), { max: 500 })}
          </P>
          <P label={t('prop.limit')}>{number('limit', field.limit, (v) => setF('limit', v), { min: 1, max: 100 })}</P>
        </>
      )}
      {type === 'map' && <P label={t('prop.zoom')}>{number('zoom', field.zoom ?? 12, (v) => setF('zoom', v), { min: 3, max: 19 })}</P>}
      {type === 'tabs' && (
        <>
          <TabsEditor field={field} />
          <P label={t('prop.tabsType')}>
            {select(
              'tabsType',
              c.tabsType ?? '',
              ['', 'card', 'border-card'].map((v) => ({ value: v, label: t(`tabsType.${v || 'plain'}`) })),
              (v) => setC('tabsType', v),
            )}
          </P>
          <P label={t('prop.tabPosition')}>
            {select(
              'tabPosition',
              c.tabPosition ?? 'top',
              ['top', 'right', 'bottom', 'left'].map((v) => ({ value: v, label: t(`tabPosition.${v}`) })),
              (v) => setC('tabPosition', v),
            )}
          </P>
        </>
      )}
      {type === 'table' && (
        <>
          <P label={t('prop.showSummary')}>{bool('showSummary', c.showSummary, (v) => setC('showSummary', v))}</P>
          <P label={t('prop.subTableName')} help={c.bindTable && !IDENTIFIER.test(c.bindTable) ? t('prop.identifier') : t('prop.subTableHelp')}>
            {text('bindTable', c.bindTable, (v) => setC('bindTable', v), { max: 63, emptyAsUndefined: true })}
          </P>
        </>
      )}
      {APPLIES.regList(type) && <RegListEditor field={field} onChange={(v) => setC('regList', v)} />}
      {/* Internals (the field's number, the original generator's tag, the column it stores into) stay folded. */}
      <Collapse
        size="small"
        ghost
        data-testid="prop-advanced"
        items={[
          {
            key: 'advanced',
            label: t('prop.advanced'),
            forceRender: true,
            children: (
              <Space orientation="vertical" size={4}>
                <Typography.Text type="secondary" data-testid="prop-tag">
                  formId {id}
                  {c.tag ? ` · ${c.tag}` : ''}
                </Typography.Text>
                {!container && (
                  <Typography.Text type="secondary" data-testid="prop-binding">
                    {t('prop.binding')}: {c.bindTable && c.bindTableField ? `${c.bindTable}.${c.bindTableField}` : t('prop.bindingAuto')}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
        ]}
      />
    </Form>
  );
}

function SourceEditor({ field, patch }: { field: FormField; patch: (p: FieldPatch, key: string) => void }) {
  const { t } = useTranslation('formDesigner');
  const c = field.__config__;
  const dataType = c.dataType ?? 'static';
  const setC = (key: string, value: unknown) => patch({ config: { [key]: value } }, `c.${key}`);
  const codes = useDictionaryCodes(dataType === 'dataItem');
  const sources = useDataSourceOptions(dataType === 'dataSource');
  const links = useDatabaseLinks(dataType === 'dataSql');
  const columns = useSourceColumns(field);
  const input = (key: 'dataItem' | 'dataSource' | 'database' | 'showField' | 'saveField', label: string, options: Suggestion[]) => (
    <Form.Item label={label} style={{ marginBottom: 10 }}>
      <AutoComplete options={options} filterOption={matches} value={c[key] ?? ''} onChange={(v: string) => setC(key, v)}>
        <Input data-testid={`prop-${key}`} maxLength={100} />
      </AutoComplete>
    </Form.Item>
  );
  return (
    <>
      <Divider size="small">{t('prop.options')}</Divider>
      <Form.Item label={t('prop.dataType')} style={{ marginBottom: 10 }}>
        <Select
          data-testid="prop-dataType"
          value={dataType}
          options={OPTION_SOURCES.filter((s) => s !== 'static' || field.__config__.avueType !== 'asso-select').map((s) => ({
            value: s,
            label: t(`dataType.${s}`),
          }))}
          onChange={(v) => patch({ config: { dataType: v } }, 'dataType')}
        />
      </Form.Item>
      {dataType === 'static' && <OptionsEditor options={field.__slot__?.options ?? []} onChange={(options) => patch({ slot: { options } }, 'options')} />}
      {dataType === 'dataItem' && input('dataItem', t('prop.dataItem'), codes)}
      {dataType === 'dataSource' && input('dataSource', t('prop.dataSource'), sources)}
      {dataType === 'dataSql' && (
        <>
          {input('database', t('prop.database'), links)}
          <Form.Item label={t('prop.sql')} style={{ marginBottom: 10 }}>
            <Input.TextArea data-testid="prop-sql" rows={4} value={c.sql ?? ''} maxLength={10000} onChange={(e) => setC('sql', e.target.value)} />
          </Form.Item>
        </>
      )}
      {(dataType === 'dataSource' || dataType === 'dataSql') && (
        <>
          {input('showField', t('prop.showField'), columns)}
          {input('saveField', t('prop.saveField'), columns)}
        </>
      )}
    </>
  );
}

function OptionsEditor({ options, onChange }: { options: StaticOption[]; onChange: (o: StaticOption[]) => void }) {
  const { t } = useTranslation('formDesigner');
  const set = (i: number, o: Partial<StaticOption>) => onChange(options.map((x, j) => (j === i ? { ...x, ...o } : x)));
  return (
    <div style={{ marginBottom: 10 }}>
      {options.map((o, i) => (
        <Space.Compact key={i} block style={{ marginBottom: 4 }}>
          <Input
            data-testid={`prop-options-label-${i}`}
            placeholder={t('prop.optionLabel')}
            value={String(o.label)}
            maxLength={200}
            onChange={(e) => set(i, { label: e.target.value })}
          />
          <Input
            data-testid={`prop-options-value-${i}`}
            placeholder={t('prop.optionValue')}
            value={String(o.value)}
            maxLength={200}
            onChange={(e) => set(i, { value: e.target.value })}
          />
          <Button
            icon={<DeleteOutlined />}
            aria-label={t('common:delete')}
            data-testid={`prop-options-remove-${i}`}
            onClick={() => onChange(options.filter((_, j) => j !== i))}
          />
        </Space.Compact>
      ))}
      <Button
        size="small"
        icon={<PlusOutlined />}
        data-testid="prop-options-add"
        onClick={() => onChange([...options, { label: `${t('defaults.option')}${options.length + 1}`, value: String(options.length + 1) }])}
      >
        {t('prop.addOption')}
      </Button>
    </div>
  );
}

function RegListEditor({ field, onChange }: { field: FormField; onChange: (v: { pattern: string; message: string }[]) => void }) {
  const { t } = useTranslation('formDesigner');
  const rules = field.__config__.regList ?? [];
  const set = (i: number, r: Partial<{ pattern: string; message: string }>) => onChange(rules.map((x, j) => (j === i ? { ...x, ...r } : x)));

  return (
    <>
      <Divider size="small">{t('prop.regList')}</Divider>
      {rules.map((r, i) => (
        <div key={i} style={{ marginBottom: 6 }}>
          <Space.Compact block>
            <Input
              data-testid={`prop-regList-pattern-${i}`}
              status={isPatternSupported(r.pattern) ? undefined : 'error'}
              placeholder={t('prop.pattern')}
              value={r.pattern}
              maxLength={500}
              onChange={(e) => set(i, { pattern: e.target.value })}
            />
            <Button
              icon={<DeleteOutlined />}
              aria-label={t('common:delete')}
              data-testid={`prop-regList-remove-${i}`}
              onClick={() => onChange(rules.filter((_, j) => j !== i))}
            />
          </Space.Compact>
          {/* The server runs patterns with RE2 (linear time) and refuses what it cannot compile. */}
          {!isPatternSupported(r.pattern) && <Typography.Text type="danger">{t('prop.patternUnsupported')}</Typography.Text>}
          <Input
            data-testid={`prop-regList-message-${i}`}
            placeholder={t('prop.patternMessage')}
            value={r.message}
            maxLength={200}
            onChange={(e) => set(i, { message: e.target.value })}
            style={{ marginTop: 2 }}
          />
        </div>
      ))}
      <Button
        size="small"
        icon={<PlusOutlined />}
        data-testid="prop-regList-add"
        onClick={() => onChange([...rules, { pattern: '', message: '' }])}
        disabled={rules.length >= 20}
      >
        {t('prop.addRule')}
      </Button>
    </>
  );
}

/** autoBindFields: target field (by formId) ← column of the chosen record; stored as the original's JSON string. */
function AutoBindEditor({ field, data, onChange }: { field: FormField; data: FormField[]; onChange: (v: string) => void }) {
  const { t } = useTranslation('formDesigner');
  const raw = field.__config__.autoBindFields;
  const map: Record<string, string> = useMemo(() => {
    if (raw && typeof raw === 'object') return raw;
    try {
      const v: unknown = JSON.parse(raw || '{}');
      return v && typeof v === 'object' ? (v as Record<string, string>) : {};
    } catch {
      return {};
    }
  }, [raw]);
  const rows = Object.entries(map);
  const targets = valueFields(data, field.__config__.formId);
  const columns = useSourceColumns(field);
  const save = (entries: [string, string][]) => onChange(JSON.stringify(Object.fromEntries(entries)));
  const free = targets.find((f) => !(String(f.__config__.formId) in map));
  return (
    <>
      <Divider size="small">{t('prop.autoBindFields')}</Divider>
      {rows.map(([target, column], i) => (
        <Space.Compact key={target} block style={{ marginBottom: 4 }}>
          <Select
            data-testid={`prop-autoBindFields-target-${i}`}
            style={{ width: '55%' }}
            value={target}
            options={targets
              .filter((f) => f.__config__.formId === Number(target) || !(String(f.__config__.formId) in map))
              .map((f) => ({ value: String(f.__config__.formId), label: `${f.__config__.label} (${f.__config__.formId})` }))}
            onChange={(v) => save(rows.map(([k, col]) => (k === target ? [v, col] : [k, col])))}
          />
          <AutoComplete
            style={{ width: '45%' }}
            options={columns}
            filterOption={matches}
            value={column}
            onChange={(v: string) => save(rows.map(([k, col]) => [k, k === target ? v : col]))}
          >
            <Input data-testid={`prop-autoBindFields-column-${i}`} placeholder={t('prop.column')} maxLength={100} />
          </AutoComplete>
          <Button icon={<DeleteOutlined />} aria-label={t('common:delete')} onClick={() => save(rows.filter(([k]) => k !== target))} />
        </Space.Compact>
      ))}
      <Button
        size="small"
        icon={<PlusOutlined />}
        data-testid="prop-autoBindFields-add"
        disabled={!free}
        onClick={() => free && save([...rows, [String(free.__config__.formId), free.__vModel__ ?? '']])}
      >
        {t('prop.addBinding')}
      </Button>
    </>
  );
}

/** Formula builder: field references (numeric fields), operators, constants and the tax-rate token, in order. */
function FormulaEditor({
  field,
  data,
  onChange,
  onTaxRate,
}: {
  field: FormField;
  data: FormField[];
  onChange: (t: ComputationToken[]) => void;
  onTaxRate: (v: number | undefined) => void;
}) {
  const { t } = useTranslation('formDesigner');
  const tokens = field.computationalConfiguration ?? [];
  const refs = numericFields(data, field.__config__.formId);
  const add = (token: ComputationToken) => onChange([...tokens, token]);
  const hasTax = tokens.some((x) => x.type === 'taxRate');
  return (
    <>
      <Divider size="small">{t('prop.formula')}</Divider>
      <div
        data-testid="prop-formula"
        style={{ minHeight: 32, padding: '4px 8px', border: '1px solid rgba(128,128,128,0.35)', borderRadius: 6, marginBottom: 6, wordBreak: 'break-all' }}
      >
        {formulaText(field, t('formula.taxRate')) || <Typography.Text type="secondary">{t('formula.empty')}</Typography.Text>}
      </div>
      <Space wrap size={4} style={{ marginBottom: 6 }}>
        {refs.map((f) => (
          <Button
            key={f.__config__.formId}
            size="small"
            data-testid={`prop-formula-field-${f.__config__.formId}`}
            onClick={() => add({ type: 'formId', formId: f.__config__.formId, name: f.__config__.label })}
          >
            {f.__config__.label}
          </Button>
        ))}
        {!refs.length && <Typography.Text type="secondary">{t('formula.noFields')}</Typography.Text>}
      </Space>
      <Space wrap size={4} style={{ marginBottom: 6 }}>
        {OPS.map(([name, op]) => (
          <Button key={name} size="small" data-testid={`prop-formula-op-${name}`} onClick={() => add({ type: 'operator', formId: 0, name: op })}>
            {op}
          </Button>
        ))}
        <Button size="small" data-testid="prop-formula-tax" disabled={hasTax} onClick={() => add({ type: 'taxRate', formId: 0, name: 'taxRate' })}>
          {t('formula.taxRate')}
        </Button>
        <Button size="small" data-testid="prop-formula-back" disabled={!tokens.length} onClick={() => onChange(tokens.slice(0, -1))}>
          {t('formula.back')}
        </Button>
        <Button size="small" danger data-testid="prop-formula-clear" disabled={!tokens.length} onClick={() => onChange([])}>
          {t('formula.clear')}
        </Button>
      </Space>
      <Input.Search
        size="small"
        data-testid="prop-formula-const"
        placeholder={t('formula.constant')}
        enterButton={t('formula.addConstant')}
        maxLength={30}
        onSearch={(v, _e, info) => {
          if (info?.source === 'clear') return;
          const text = v.trim();
          if (/^\d+(\.\d+)?$/.test(text)) add({ type: 'operator', formId: 0, name: text });
        }}
        style={{ marginBottom: 6 }}
      />
      <Form.Item label={t('prop.taxRate')} help={t('formula.taxHelp')} style={{ marginBottom: 10 }}>
        <InputNumber
          data-testid="prop-taxRate"
          style={{ width: '100%' }}
          value={typeof field.taxRate === 'number' ? field.taxRate : null}
          onChange={(v) => onTaxRate(v === null ? undefined : Number(v))}
        />
      </Form.Item>
    </>
  );
}

/** Tabs of a tabs container: add / rename / remove (removing a tab removes its fields; undo brings them back). */
function TabsEditor({ field }: { field: FormField }) {
  const { t } = useTranslation('formDesigner');
  const { dispatch } = useDesigner();
  const c = field.__config__;
  const tabs = c.option?.column ?? [];
  // Renaming merges keystrokes into one undo step; adding and removing are steps of their own.
  const write = (column: typeof tabs, childrenObj: Record<string, FormField[]>, key?: string) =>
    dispatch({
      type: 'update',
      formId: c.formId,
      mergeKey: key && `${c.formId}:${key}`,
      fn: (f) => ({ ...f, __config__: { ...f.__config__, option: { ...f.__config__.option, column }, childrenObj } }),
    });
  const kids = c.childrenObj ?? {};
  return (
    <>
      <Divider size="small">{t('prop.tabs')}</Divider>
      {tabs.map((tab, i) => (
        <Space.Compact key={tab.prop} block style={{ marginBottom: 4 }}>
          <Input
            data-testid={`prop-tabs-label-${i}`}
            value={tab.label}
            maxLength={100}
            onChange={(e) =>
              write(
                tabs.map((x, j) => (j === i ? { ...x, label: e.target.value } : x)),
                kids,
                `tab.${tab.prop}`,
              )
            }
          />
          <Input
            data-testid={`prop-tabs-icon-${i}`}
            placeholder={t('prop.tabIcon')}
            style={{ width: 100 }}
            value={tab.icon ?? ''}
            maxLength={100}
            onChange={(e) =>
              write(
                tabs.map((x, j) => (j === i ? { ...x, icon: e.target.value || undefined } : x)),
                kids,
                `tab-icon.${tab.prop}`,
              )
            }
          />
          <Button
            icon={<DeleteOutlined />}
            aria-label={t('common:delete')}
            data-testid={`prop-tabs-remove-${i}`}
            disabled={tabs.length <= 1}
            onClick={() => {
              const rest = { ...kids };
              delete rest[tab.prop];
              write(
                tabs.filter((_, j) => j !== i),
                rest,
              );
            }}
          />
        </Space.Compact>
      ))}
      {tabs.some((x) => (kids[x.prop]?.length ?? 0) > 0) && <Alert type="info" showIcon title={t('prop.tabRemoveHelp')} style={{ marginBottom: 6 }} />}
      <Button
        size="small"
        icon={<PlusOutlined />}
        data-testid="prop-tabs-add"
        disabled={tabs.length >= 50}
        onClick={() => {
          let n = tabs.length + 1;
          while (tabs.some((x) => x.prop === `tab${n}`)) n++;
          write([...tabs, { label: `${t('defaults.tab')}${n}`, prop: `tab${n}` }], { ...kids, [`tab${n}`]: [] });
        }}
      >
        {t('prop.addTab')}
      </Button>
    </>
  );
}
