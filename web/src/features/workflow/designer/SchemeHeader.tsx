import { Col, Collapse, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { wfSchemeBody, type WfSchemeForm } from '@app/contracts';
import { DictionarySelect } from '../../../components/dictionary';
import type { DesignerBridge, DiagramElement } from './bridge';
import { SchemeAuthField } from './SchemeAuthField';
import { SchemeFormsField } from './SchemeFormsField';
import type { SchemeFieldsState } from './useSchemeFields';
import { readProcess, readRawConfig } from './wf-config';
import { useZodRules } from '../../../lib/zod-rules';

interface SchemeHeaderProps {
  /** A new scheme opens the section (its code and name are to be filled). */
  isNew: boolean;
  fields: SchemeFieldsState;
  designedForms: WfSchemeForm[];
  bridge: DesignerBridge | null;
  /** The process on the canvas (none before the first import): it holds the title template. */
  root: DiagramElement | undefined;
  setDirty: (dirty: boolean) => void;
}

/** The folding "scheme" section above the canvas: the scheme's fields, its title template, bound forms and who may launch it. */
export function SchemeHeader({ isNew, fields, designedForms, bridge, root, setDirty }: SchemeHeaderProps) {
  const { t } = useTranslation('wfDesigner');
  const rules = useZodRules(wfSchemeBody);
  // The contract trims the name before asking for one character; the derived rules do not see a name of blanks only.
  const blankName = { whitespace: true, message: t('rule.name') };
  const titleTemplate = root ? readProcess(root.businessObject).titleTemplate : '';
  const changed =
    <V,>(set: (value: V) => void) =>
    (value: V) => {
      setDirty(true);
      set(value);
    };
  return (
    <Collapse
      size="small"
      defaultActiveKey={isNew ? ['scheme'] : []}
      items={[
        {
          key: 'scheme',
          label: t('section.scheme'),
          // The form must exist while folded: the save reads and validates it.
          forceRender: true,
          children: (
            <Form
              form={fields.form}
              layout="vertical"
              size="small"
              data-testid="wfd-scheme-form"
              initialValues={{ F_AuthType: 0 }}
              onValuesChange={() => setDirty(true)}
            >
              <Row gutter={12}>
                <Col xs={24} sm={12} lg={6}>
                  <Form.Item
                    name="F_Code"
                    label={t('field.code')}
                    rules={rules('F_Code', t('field.code'), { messages: { required: t('rule.code'), pattern: t('rule.codePattern') } })}
                  >
                    <Input maxLength={50} data-testid="wfd-code" />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12} lg={6}>
                  <Form.Item
                    name="F_Name"
                    label={t('field.schemeName')}
                    rules={[...rules('F_Name', t('field.schemeName'), { messages: { required: t('rule.name') } }), blankName]}
                  >
                    <Input maxLength={100} data-testid="wfd-name" />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12} lg={6}>
                  <Form.Item name="F_Category" label={t('field.category')}>
                    <DictionarySelect code="FlowSort" allowClear data-testid="wfd-category" />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12} lg={6}>
                  <Form.Item label={t('field.titleTemplate')} tooltip={t('hint.titleTemplate')}>
                    <Input
                      key={`${root?.id ?? ''}:${titleTemplate}`}
                      defaultValue={titleTemplate}
                      disabled={!root}
                      onBlur={(e) =>
                        root &&
                        bridge &&
                        e.target.value !== titleTemplate &&
                        bridge.writeConfig(root, { ...readRawConfig(root.businessObject), titleTemplate: e.target.value })
                      }
                      data-testid="wfd-titleTemplate"
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} lg={12}>
                  <Form.Item name="F_Description" label={t('field.description')} rules={rules('F_Description', t('field.description'))}>
                    <Input.TextArea autoSize={{ minRows: 1, maxRows: 3 }} maxLength={500} data-testid="wfd-description" />
                  </Form.Item>
                </Col>
                <Col xs={24} lg={12}>
                  <SchemeFormsField forms={fields.forms} designedForms={designedForms} onChange={changed(fields.setForms)} />
                </Col>
                <Col xs={24}>
                  <SchemeAuthField
                    form={fields.form}
                    authRows={fields.authRows}
                    onAuthRowsChange={changed(fields.setAuthRows)}
                    authDepartments={fields.authDepartments}
                    onAuthDepartmentsChange={changed(fields.setAuthDepartments)}
                  />
                </Col>
              </Row>
            </Form>
          ),
        },
      ]}
    />
  );
}
