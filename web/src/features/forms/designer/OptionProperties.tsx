import { useTranslation } from 'react-i18next';
import { INFO_TYPES, type FormField } from '@app/contracts';
import { AutoBindEditor } from './AutoBindEditor';
import { APPLIES, P, boolInput, selectInput, useFieldPatch } from './property-inputs';
import { SourceEditor } from './SourceEditor';

/** Choice fields: multiple, filtering, remote search, where the options come from, what a chosen record fills in; organisation and info kinds. */
export function OptionProperties({ field, data }: { field: FormField; data: FormField[] }) {
  const { t } = useTranslation('formDesigner');
  const { patch, setF, setC } = useFieldPatch(field);
  const c = field.__config__;
  const type = c.avueType;

  return (
    <>
      {APPLIES.multiple(type) && <P label={t('prop.multiple')}>{boolInput('multiple', field.multiple, (v) => setF('multiple', v))}</P>}
      {APPLIES.filterable(type) && <P label={t('prop.filterable')}>{boolInput('filterable', c.filterable, (v) => setC('filterable', v))}</P>}
      {APPLIES.remote(type) && <P label={t('prop.remote')}>{boolInput('remote', c.remote, (v) => setC('remote', v))}</P>}
      {APPLIES.source(type) && <SourceEditor field={field} patch={patch} />}
      {type === 'asso-select' && <AutoBindEditor field={field} data={data} onChange={(v) => setC('autoBindFields', v)} />}
      {(type === 'company' || type === 'department') && (
        <P label={t('prop.tagIcon')}>
          {selectInput(
            'tagIcon',
            c.tagIcon ?? type,
            ['company', 'department'].map((v) => ({ value: v, label: t(`type.${v}`) })),
            (v) => setC('tagIcon', v),
          )}
        </P>
      )}
      {type === 'info' && (
        <P label={t('prop.infoType')}>
          {selectInput(
            'infoType',
            field.infoType ?? 'user',
            INFO_TYPES.map((v) => ({ value: v, label: t(`infoType.${v}`) })),
            (v) => setF('infoType', v),
          )}
        </P>
      )}
    </>
  );
}
