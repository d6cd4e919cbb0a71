import { useMemo } from 'react';
import { AutoComplete, Button, Divider, Input, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FormField } from '@app/contracts';
import { valueFields } from './scheme-ops';
import { matches, useSourceColumns } from './sources';

/** autoBindFields: target field (by formId) ← column of the chosen record; stored as the original's JSON string. */
export function AutoBindEditor({ field, data, onChange }: { field: FormField; data: FormField[]; onChange: (v: string) => void }) {
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
