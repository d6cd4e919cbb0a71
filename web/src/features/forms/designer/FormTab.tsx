import { Divider, Form, Input, InputNumber, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FormField, FormSchemeContent } from '@app/contracts';
import { useDesigner } from './context';
import { IDENTIFIER, defaultSubTable, subTables, type TableSettings } from './scheme-ops';

export interface FormMeta {
  F_Name: string;
  F_Category: string;
  F_Description: string;
  /** Kept from the loaded form and sent back unchanged (the list screen edits them). */
  F_Type: 0 | 2;
  F_Url: string;
  F_SortCode: number;
}
export const newMeta = (): FormMeta => ({ F_Name: '', F_Category: '', F_Description: '', F_Type: 0, F_Url: '', F_SortCode: 0 });

/** The "form" tab: name and category, form-level layout (formConf) and the tables the form stores into. */
export function FormTab({
  meta,
  onMeta,
  formConf,
  tables,
  onTables,
  data,
  showErrors,
}: {
  showErrors: boolean;
  meta: FormMeta;
  onMeta: (m: Partial<FormMeta>) => void;
  formConf: FormSchemeContent['formConf'];
  tables: TableSettings;
  onTables: (t: TableSettings) => void;
  data: FormField[];
}) {
  const { t } = useTranslation('formDesigner');
  const { dispatch } = useDesigner();
  const conf = formConf ?? { labelWidth: 120, labelPosition: 'right', gutter: 15, size: 'medium' };
  const setConf = (key: string, value: unknown) => dispatch({ type: 'formConf', patch: { [key]: value }, mergeKey: `conf.${key}` });
  const subs = subTables(data);
  // Errors show once a save was tried (or the user typed something wrong), not on a fresh form.
  // An empty main table is fine: the save generates a name.
  const mainBad = tables.enabled && tables.main.trim() !== '' && !IDENTIFIER.test(tables.main.trim());
  return (
    <Form layout="vertical" size="small" component="div" data-testid="form-properties">
      <Form.Item label={t('form.name')} required validateStatus={showErrors && !meta.F_Name.trim() ? 'error' : undefined} style={{ marginBottom: 10 }}>
        <Input data-testid="prop-F_Name" value={meta.F_Name} maxLength={100} onChange={(e) => onMeta({ F_Name: e.target.value })} />
      </Form.Item>
      <Form.Item label={t('form.category')} style={{ marginBottom: 10 }}>
        <Input data-testid="prop-F_Category" value={meta.F_Category} maxLength={100} onChange={(e) => onMeta({ F_Category: e.target.value })} />
      </Form.Item>
      <Form.Item label={t('form.description')} style={{ marginBottom: 10 }}>
        <Input.TextArea
          data-testid="prop-F_Description"
          rows={2}
          value={meta.F_Description}
          maxLength={500}
          onChange={(e) => onMeta({ F_Description: e.target.value })}
        />
      </Form.Item>
      <Divider size="small">{t('form.layout')}</Divider>
      <Form.Item label={t('form.labelWidth')} style={{ marginBottom: 10 }}>
        <InputNumber
          data-testid="prop-formConf-labelWidth"
          style={{ width: '100%' }}
          min={0}
          max={1000}
          value={conf.labelWidth}
          onChange={(v) => setConf('labelWidth', v ?? 120)}
        />
      </Form.Item>
      <Form.Item label={t('form.labelPosition')} style={{ marginBottom: 10 }}>
        <Select
          data-testid="prop-formConf-labelPosition"
          value={conf.labelPosition}
          options={['left', 'right', 'top'].map((v) => ({ value: v, label: t(`labelPosition.${v}`) }))}
          onChange={(v) => setConf('labelPosition', v)}
        />
      </Form.Item>
      <Form.Item label={t('form.gutter')} style={{ marginBottom: 10 }}>
        <InputNumber
          data-testid="prop-formConf-gutter"
          style={{ width: '100%' }}
          min={0}
          max={100}
          value={conf.gutter}
          onChange={(v) => setConf('gutter', v ?? 15)}
        />
      </Form.Item>
      <Form.Item label={t('form.size')} style={{ marginBottom: 10 }}>
        <Select
          data-testid="prop-formConf-size"
          value={conf.size}
          options={['small', 'medium', 'large'].map((v) => ({ value: v, label: t(`size.${v}`) }))}
          onChange={(v) => setConf('size', v)}
        />
      </Form.Item>
      <Divider size="small">{t('form.tables')}</Divider>
      <Form.Item label={t('form.storeInTables')} help={t('form.storeHelp')} style={{ marginBottom: 10 }}>
        <Switch data-testid="prop-tables" checked={tables.enabled} onChange={(enabled) => onTables({ ...tables, enabled })} />
      </Form.Item>
      {tables.enabled && (
        <>
          <Form.Item
            label={t('form.mainTable')}
            validateStatus={mainBad ? 'error' : undefined}
            help={mainBad ? t('prop.identifier') : undefined}
            extra={mainBad ? undefined : t('form.mainTableHelp')}
            style={{ marginBottom: 10 }}
          >
            <Input
              data-testid="prop-mainTable"
              value={tables.main}
              maxLength={63}
              placeholder={t('form.mainTableAuto')}
              onChange={(e) => onTables({ ...tables, main: e.target.value })}
            />
          </Form.Item>
          {subs.map((s) => (
            <Typography.Paragraph key={s.__config__.formId} type="secondary" style={{ marginBottom: 4 }}>
              {t('form.subTable', { label: s.__config__.label, name: s.__config__.bindTable || defaultSubTable(tables.main.trim(), s) })}
            </Typography.Paragraph>
          ))}
        </>
      )}
    </Form>
  );
}
