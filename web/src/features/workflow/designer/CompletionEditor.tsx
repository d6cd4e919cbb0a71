import { Form, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { MI_COMPLETION, type UserTaskConfig } from '@app/contracts';
import { completionPatch } from './wf-config';

/**
 * When several instances are done — a countersign's votes or a multi-instance sub-process's instances: all of them,
 * any one, or a share (1–100 %).
 */
export function CompletionEditor({
  of,
  value,
  onChange,
}: {
  of: 'countersign' | 'subProcess';
  value: { completion: UserTaskConfig['completion']; percentage: number };
  onChange: (patch: Pick<UserTaskConfig, 'completion' | 'percentage'>) => void;
}) {
  const { t } = useTranslation('wfDesigner');
  const [labels, select, share] =
    of === 'countersign' ? ['completion', 'wfd-prop-completion', 'wfd-prop-percentage'] : ['subCompletion', 'wfd-prop-subCompletion', 'wfd-prop-subPercentage'];
  return (
    <Space align="start" wrap>
      <Form.Item label={t('field.completion')}>
        <Select
          style={{ width: 160 }}
          value={value.completion}
          onChange={(v) => onChange(completionPatch(v, value.percentage))}
          options={MI_COMPLETION.map((v) => ({ value: v, label: t(`${labels}.${v}`) }))}
          data-testid={select}
        />
      </Form.Item>
      {value.completion === 'percentage' && (
        <Form.Item label={t('field.percentage')}>
          <InputNumber
            min={1}
            max={100}
            value={value.percentage}
            onChange={(v) => onChange(completionPatch('percentage', v ?? 50))}
            suffix="%"
            data-testid={share}
          />
        </Form.Item>
      )}
    </Space>
  );
}
