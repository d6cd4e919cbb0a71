import { InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FormField } from '@app/contracts';
import { P, num, numberInput, textInput, useFieldPatch } from './property-inputs';

/** An upload's size limit, accepted types and count; a map's zoom. */
export function UploadMapProperties({ field }: { field: FormField }) {
  const { t } = useTranslation('formDesigner');
  const { setF, setC } = useFieldPatch(field);
  const c = field.__config__;
  const type = c.avueType;

  return (
    <>
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
            {textInput('accept', field.accept, (v) => setF('accept', v), { max: 500 })}
          </P>
          <P label={t('prop.limit')}>{numberInput('limit', field.limit, (v) => setF('limit', v), { min: 1, max: 100 })}</P>
        </>
      )}
      {type === 'map' && <P label={t('prop.zoom')}>{numberInput('zoom', field.zoom ?? 12, (v) => setF('zoom', v), { min: 3, max: 19 })}</P>}
    </>
  );
}
