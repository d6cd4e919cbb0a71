import { Form, Input, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { isReservedFieldName, type FormField } from '@app/contracts';
import { genericPrefix, typeNames } from '../../../components/form-renderer/placeholder';
import { APPLIES, P, boolInput, numberInput, textInput, useFieldPatch } from './property-inputs';
import { IDENTIFIER, isContainer, tableOf, vModelsInScope, type ListRef } from './scheme-ops';

/** What every field has: its type, key, label, layout, required / view / edit, default, placeholder and width, and the state switches. */
export function BasicProperties({ field, list, data }: { field: FormField; list: ListRef; data: FormField[] }) {
  const { t } = useTranslation('formDesigner');
  const { patch, setF, setC } = useFieldPatch(field);
  const c = field.__config__;
  const type = c.avueType;
  const id = c.formId;
  const container = isContainer(type);
  const inTable = !!tableOf(data, list);

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
    <>
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
      <P label={t('prop.label')}>{textInput('label', c.label, (v) => renameLabel(String(v ?? '')))}</P>
      {type !== 'row' && type !== 'tabs' && <P label={t('prop.showLabel')}>{boolInput('showLabel', c.showLabel !== false, (v) => setC('showLabel', v))}</P>}
      {!container && <P label={t('prop.labelWidth')}>{numberInput('labelWidth', c.labelWidth, (v) => setC('labelWidth', v), { min: 0, max: 1000 })}</P>}
      {!inTable && type !== 'tabs' && type !== 'table' && (
        <P label={t('prop.span')}>{numberInput('span', c.span ?? 24, (v) => setC('span', v ?? 24), { min: 1, max: 24 })}</P>
      )}
      {type !== 'row' && type !== 'tabs' && (
        <Space wrap size={16} style={{ marginBottom: 10 }}>
          <span>
            {t('prop.required')} {boolInput('required', c.required, (v) => setC('required', v))}
          </span>
          <span>
            {t('prop.view')} {boolInput('view', c.view !== false, (v) => setC('view', v))}
          </span>
          <span>
            {t('prop.edit')} {boolInput('edit', c.edit !== false, (v) => setC('edit', v))}
          </span>
        </Space>
      )}
      {APPLIES.defaultValue(type) && (
        <P label={t('prop.defaultValue')}>
          {type === 'switch'
            ? boolInput('defaultValue', c.defaultValue === (field['active-value'] ?? true), (v) =>
                setC('defaultValue', v ? (field['active-value'] ?? true) : (field['inactive-value'] ?? false)),
              )
            : type === 'slider' || type === 'rate'
              ? numberInput('defaultValue', c.defaultValue, (v) => setC('defaultValue', v))
              : textInput('defaultValue', c.defaultValue, (v) => setC('defaultValue', v), { max: 2000, emptyAsUndefined: true })}
        </P>
      )}
      {APPLIES.placeholder(type) && <P label={t('prop.placeholder')}>{textInput('placeholder', field.placeholder, (v) => setF('placeholder', v))}</P>}
      {APPLIES.placeholder(type) && (
        <P label={t('prop.width')} help={t('prop.widthHelp')}>
          {textInput('style-width', field.style?.width, (v) => setF('style', { ...field.style, width: v === '' ? undefined : v }), { max: 20 })}
        </P>
      )}
      {!container && (
        <Space wrap size={16} style={{ marginBottom: 10 }}>
          {APPLIES.clearable(type) && (
            <span>
              {t('prop.clearable')} {boolInput('clearable', field.clearable, (v) => setF('clearable', v))}
            </span>
          )}
          <span>
            {t('prop.disabled')} {boolInput('disabled', field.disabled, (v) => setF('disabled', v))}
          </span>
          {APPLIES.readonly(type) && (
            <span>
              {t('prop.readonly')} {boolInput('readonly', field.readonly, (v) => setF('readonly', v))}
            </span>
          )}
        </Space>
      )}
    </>
  );
}
