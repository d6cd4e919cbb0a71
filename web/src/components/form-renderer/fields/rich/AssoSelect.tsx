import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { defaultValueOf, findField, parseAutoBindFields } from '@app/contracts';
import type { FieldProps } from '../../types';
import { columnOf, isRemoteSearch, useFieldOptions, type FieldOption } from './options';

const text = (v: unknown): string | undefined => (v === null || v === undefined || v === '' ? undefined : String(v));

/**
 * What choosing `option` (or clearing, when undefined) writes into the bound fields: the record's column for each
 * target formId; clearing resets each target to its empty default, so no copy of a record that is no longer
 * chosen stays behind (docs/forms-design.md "Options").
 */
export function boundValues(field: FieldProps['field'], option: FieldOption | undefined, data: FieldProps['form']['scheme']['data']): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [formId, column] of Object.entries(parseAutoBindFields(field))) {
    if (option) {
      const v = option.record ? columnOf(option.record, column) : undefined;
      out[formId] = v ?? '';
    } else {
      const target = findField(data, formId);
      out[formId] = target ? defaultValueOf(target.field) : '';
    }
  }
  return out;
}

/** Bound select (asso-select): a select whose chosen record fills other fields by formId, also inside tabs (spec 4). */
export function AssoSelectField({ field, value, onChange, disabled, onBlur, form }: FieldProps) {
  const { t } = useTranslation('formFields');
  const { options, loading, search } = useFieldOptions(field, form);
  const remote = isRemoteSearch(field);
  const current = text(value);
  return (
    <Select<string, FieldOption>
      data-testid={`asso-select-${field.__config__.formId}`}
      style={{ width: '100%', ...field.style }}
      value={current}
      options={options}
      loading={loading}
      disabled={disabled}
      allowClear={field.clearable !== false}
      placeholder={field.placeholder ?? t('selectPlaceholder')}
      showSearch={remote ? { filterOption: false, onSearch: search } : field.__config__.filterable ? { optionFilterProp: 'label' } : false}
      onBlur={onBlur}
      onChange={(next, option) => {
        const picked = next === undefined ? undefined : Array.isArray(option) ? option[0] : option;
        onChange(next ?? '');
        const bound = boundValues(field, picked, form.scheme.data);
        if (Object.keys(bound).length > 0) form.setByFormId(bound);
      }}
    />
  );
}
