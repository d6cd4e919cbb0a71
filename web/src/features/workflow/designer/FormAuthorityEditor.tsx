import { Checkbox, Empty, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserTaskConfig } from '@app/contracts';
import type { BoundForm } from './panel-section';
import { authorityOf, withAuthority, type DesignField } from './wf-config';

/** What the approver of a step may see, edit and must fill in each bound form's fields. */
export function FormAuthorityEditor({ config, forms, onChange }: { config: UserTaskConfig; forms: BoundForm[]; onChange: (c: UserTaskConfig) => void }) {
  const { t } = useTranslation('wfDesigner');
  if (forms.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('hint.noForms')} />;
  return (
    <div data-testid="wfd-authority">
      {forms.map((f) => (
        <div key={f.formId} style={{ marginBottom: 8 }}>
          <Typography.Text strong>{f.name}</Typography.Text>
          <EditableSummary config={config} form={f} />
          <Table
            size="small"
            rowKey="formId"
            pagination={false}
            dataSource={f.authorityFields ?? f.fields}
            columns={[
              { title: t('authority.field'), key: 'label', render: (_: unknown, x: DesignField) => <span>{x.label}</span> },
              ...(['view', 'edit', 'required'] as const).map((k) => ({
                title: t(`authority.${k}`),
                key: k,
                width: 56,
                render: (_: unknown, x: DesignField) => (
                  <Checkbox
                    checked={authorityOf(config, f.formId, x.formId)[k]}
                    onChange={(e) => onChange(withAuthority(config, f.formId, x.formId, { [k]: e.target.checked }))}
                    data-testid={`wfd-authority-${k}-${x.vModel}`}
                  />
                ),
              })),
            ]}
          />
        </div>
      ))}
    </div>
  );
}

/** Says plainly whether the approver of this node may change the applicant's data, and which fields. */
function EditableSummary({ config, form }: { config: UserTaskConfig; form: BoundForm }) {
  const { t } = useTranslation('wfDesigner');
  const editable = (form.authorityFields ?? form.fields).filter((x) => authorityOf(config, form.formId, x.formId).edit).map((x) => x.label);
  return (
    <div style={{ margin: '4px 0' }} data-testid="wfd-authority-summary" data-editable={editable.length}>
      {editable.length === 0 ? (
        <Tag color="default">{t('authority.readOnly')}</Tag>
      ) : (
        <Tag color="warning" style={{ whiteSpace: 'normal' }}>
          {t('authority.mayEdit', { fields: editable.join(t('authority.separator')) })}
        </Tag>
      )}
    </div>
  );
}
