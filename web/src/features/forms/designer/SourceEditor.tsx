import { AutoComplete, Button, Divider, Form, Input, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { OPTION_SOURCES, type FormField, type StaticOption } from '@app/contracts';
import type { FieldPatch } from './scheme-ops';
import { matches, useDataSourceOptions, useDatabaseLinks, useDictionaryCodes, useSourceColumns, type Suggestion } from './sources';

/** Where a choice field's options come from: typed in, a dictionary, a data source or an SQL query. */
export function SourceEditor({ field, patch }: { field: FormField; patch: (p: FieldPatch, key: string) => void }) {
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

/** The typed-in options: label and value a row. */
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
