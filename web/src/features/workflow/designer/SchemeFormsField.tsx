import { Form, Select, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WfSchemeForm } from '@app/contracts';
import { useDesignedForms } from '../../form-relation/shared';

interface SchemeFormsFieldProps {
  /** Every bound form (designed ones and the others). */
  forms: WfSchemeForm[];
  /** The bound forms of the form designer (F_Type 0): the ones this field chooses. */
  designedForms: WfSchemeForm[];
  onChange: (forms: WfSchemeForm[]) => void;
}

/** The scheme's bound forms: designed forms are chosen here, the others (custom pages) are listed as tags. */
export function SchemeFormsField({ forms, designedForms, onChange }: SchemeFormsFieldProps) {
  const { t } = useTranslation('wfDesigner');
  const designed = useDesignedForms();
  return (
    <>
      <Form.Item label={t('field.forms')} extra={t('hint.forms')}>
        <Select
          mode="multiple"
          allowClear
          loading={designed.isLoading}
          value={designedForms.map((f) => f.F_FormId)}
          onChange={(ids: string[]) =>
            onChange([
              ...forms.filter((f) => f.F_Type !== 0),
              ...ids.map(
                (fid) =>
                  forms.find((f) => f.F_FormId === fid) ?? {
                    F_FormId: fid,
                    F_Type: 0,
                    F_Url: '',
                    F_Name: designed.data?.find((o) => o.F_Id === fid)?.F_Name ?? '',
                  },
              ),
            ])
          }
          options={[
            ...(designed.data ?? []).map((o) => ({ value: o.F_Id, label: o.F_Name })),
            ...designedForms
              .filter((f) => !designed.data?.some((o) => o.F_Id === f.F_FormId))
              .map((f) => ({ value: f.F_FormId, label: f.F_Name || f.F_FormId })),
          ]}
          optionFilterProp="label"
          data-testid="wfd-forms"
        />
      </Form.Item>
      {forms.some((f) => f.F_Type !== 0) && (
        <Space wrap>
          {forms
            .filter((f) => f.F_Type !== 0)
            .map((f) => (
              <Tag key={f.F_FormId}>{f.F_Name || f.F_FormId}</Tag>
            ))}
        </Space>
      )}
    </>
  );
}
