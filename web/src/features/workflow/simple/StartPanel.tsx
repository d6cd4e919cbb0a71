import { memo } from 'react';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { wfSchemeBody, type SimpleProcess, type WfSchemeForm } from '@app/contracts';
import { DictionarySelect } from '../../../components/dictionary';
import { useZodRules } from '../../../lib/zod-rules';
import { SchemeAuthField } from '../designer/SchemeAuthField';
import { SchemeFormsField } from '../designer/SchemeFormsField';
import type { SchemeFieldsState } from '../designer/useSchemeFields';

interface StartPanelProps {
  fields: SchemeFieldsState;
  /** The initiator card's name and the title template; null while the chain opens. */
  start: { name: string; titleTemplate: string } | null;
  onModel: (fn: (m: SimpleProcess) => SimpleProcess) => void;
  setDirty: () => void;
}

/**
 * The initiator card's panel: the scheme's own fields as the BPMN designer edits them (code, name, category,
 * description, bound forms, who may launch — the same form state and field components), the card's name and the
 * title template. It stays mounted while closed: the save reads and validates its form.
 */
export const StartPanel = memo(
  function StartPanel({ fields, start, onModel, setDirty }: StartPanelProps) {
    const { t } = useTranslation(['wfDesigner', 'wfSimple']);
    const rules = useZodRules(wfSchemeBody);
    const designedForms = fields.forms.filter((f) => f.F_Type === 0);
    const changed = (forms: WfSchemeForm[]) => {
      setDirty();
      fields.setForms(forms);
    };
    return (
      <Form form={fields.form} layout="vertical" size="small" initialValues={{ F_AuthType: 0 }} onValuesChange={setDirty} data-testid="wfs-scheme-form">
        <Form.Item
          name="F_Code"
          label={t('field.code')}
          rules={rules('F_Code', t('field.code'), { messages: { required: t('rule.code'), pattern: t('rule.codePattern') } })}
        >
          <Input maxLength={50} data-testid="wfs-code" />
        </Form.Item>
        <Form.Item
          name="F_Name"
          label={t('field.schemeName')}
          rules={[...rules('F_Name', t('field.schemeName'), { messages: { required: t('rule.name') } }), { whitespace: true, message: t('rule.name') }]}
        >
          <Input maxLength={100} data-testid="wfs-name" />
        </Form.Item>
        <Form.Item name="F_Category" label={t('field.category')}>
          <DictionarySelect code="FlowSort" allowClear data-testid="wfs-category" />
        </Form.Item>
        <Form.Item name="F_Description" label={t('field.description')} rules={rules('F_Description', t('field.description'))}>
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 3 }} maxLength={500} data-testid="wfs-description" />
        </Form.Item>
        <SchemeFormsField forms={fields.forms} designedForms={designedForms} onChange={changed} />
        <SchemeAuthField
          form={fields.form}
          authRows={fields.authRows}
          onAuthRowsChange={(rows) => {
            setDirty();
            fields.setAuthRows(rows);
          }}
          authDepartments={fields.authDepartments}
          onAuthDepartmentsChange={(d) => {
            setDirty();
            fields.setAuthDepartments(d);
          }}
        />
        {start && (
          <>
            <Form.Item label={t('wfSimple:panel.name')}>
              <Input
                key={`start:${start.name}`}
                defaultValue={start.name}
                maxLength={200}
                onBlur={(e) => e.target.value.trim() && e.target.value !== start.name && onModel((m) => ({ ...m, startName: e.target.value.trim() }))}
                data-testid="wfs-start-name"
              />
            </Form.Item>
            <Form.Item label={t('field.titleTemplate')} tooltip={t('hint.titleTemplate')}>
              <Input
                key={`title:${start.titleTemplate}`}
                defaultValue={start.titleTemplate}
                maxLength={200}
                onBlur={(e) => e.target.value !== start.titleTemplate && onModel((m) => ({ ...m, config: { ...m.config, titleTemplate: e.target.value } }))}
                data-testid="wfs-titleTemplate"
              />
            </Form.Item>
          </>
        )}
      </Form>
    );
  },
  // Edits of the chain leave this form alone: it renders again only when what it shows changes.
  (a, b) =>
    a.start?.name === b.start?.name &&
    a.start?.titleTemplate === b.start?.titleTemplate &&
    a.fields.forms === b.fields.forms &&
    a.fields.authRows === b.fields.authRows &&
    a.fields.authDepartments === b.fields.authDepartments &&
    a.onModel === b.onModel &&
    a.setDirty === b.setDirty,
);
