import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FormField } from '@app/contracts';
import { P, boolInput, selectInput, str, textInput, typedValue, useFieldPatch } from './property-inputs';

/** Date and time kinds and formats; a switch's texts, colours and values. */
export function DateSwitchProperties({ field }: { field: FormField }) {
  const { t } = useTranslation('formDesigner');
  const { patch, setF } = useFieldPatch(field);
  const type = field.__config__.avueType;

  return (
    <>
      {type === 'date' && (
        <>
          <P label={t('prop.dateType')}>
            {selectInput(
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
      {type === 'time' && <P label={t('prop.isRange')}>{boolInput('is-range', field['is-range'], (v) => setF('is-range', v))}</P>}
      {(type === 'date' || type === 'time') && (
        <>
          <P label={t('prop.format')}>{textInput('format', field.format, (v) => setF('format', v), { max: 50 })}</P>
          <P label={t('prop.valueFormat')}>{textInput('value-format', field['value-format'], (v) => setF('value-format', v), { max: 50 })}</P>
        </>
      )}
      {type === 'switch' &&
        (['active-text', 'inactive-text', 'active-color', 'inactive-color'] as const).map((k) => (
          <P key={k} label={t(`prop.${k}`)}>
            {textInput(k, field[k], (v) => setF(k, v), { max: 50 })}
          </P>
        ))}
      {type === 'switch' &&
        (['active-value', 'inactive-value'] as const).map((k) => (
          <P key={k} label={t(`prop.${k}`)} help={t('prop.typedHelp')}>
            <Input data-testid={`prop-${k}`} value={str(field[k])} maxLength={50} onChange={(e) => setF(k, typedValue(e.target.value))} />
          </P>
        ))}
    </>
  );
}
