import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { isChoiceGateway, type SectionProps } from './panel-section';

/** A choosing gateway: which outgoing flow is taken when no condition holds. */
export function GatewaySection({ bridge, element }: SectionProps) {
  const { t } = useTranslation('wfDesigner');
  if (!isChoiceGateway(element)) return null;
  const out = element.outgoing ?? [];
  const current = (element.businessObject.default as { id?: string } | undefined)?.id;
  return (
    <Form.Item label={t('field.defaultFlow')}>
      <Select
        allowClear
        value={current}
        onChange={(id?: string) => bridge.update(element, { default: out.find((f) => f.id === id)?.businessObject })}
        options={out.map((f) => ({
          value: f.id,
          label: `${f.businessObject.name ? `${f.businessObject.name}: ` : ''}→ ${f.target?.businessObject.name || f.target?.id || '?'} (${f.id})`,
        }))}
        data-testid="wfd-prop-gatewayDefault"
      />
    </Form.Item>
  );
}
