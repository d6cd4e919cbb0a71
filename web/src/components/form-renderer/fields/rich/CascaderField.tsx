import { Cascader } from 'antd';
import { useTranslation } from 'react-i18next';
import { joinMulti, splitMulti } from '@app/contracts';
import type { FieldProps } from '../../types';
import { useFieldOptions, type FieldOption } from './options';

/** Cascader over static options (the original's {label, value, children}), a dictionary tree or a tree-shaped source; the path is stored comma-joined. */
export function CascaderField({ field, value, onChange, disabled, onBlur, form }: FieldProps) {
  const { t } = useTranslation('formFields');
  const { options, loading } = useFieldOptions(field, form);
  return (
    <Cascader<FieldOption>
      data-testid={`cascader-${field.__config__.formId}`}
      style={{ width: '100%', ...field.style }}
      options={options}
      value={splitMulti(value)}
      loading={loading}
      disabled={disabled}
      allowClear={field.clearable !== false}
      showSearch={field.__config__.filterable === true}
      placeholder={field.placeholder ?? t('selectPlaceholder')}
      onBlur={onBlur}
      onChange={(path) => onChange(joinMulti((path ?? []) as unknown[]))}
    />
  );
}
