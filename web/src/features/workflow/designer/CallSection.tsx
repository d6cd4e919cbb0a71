import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { CommitInput } from './CommitInput';
import type { SectionProps } from './panel-section';
import { readCallActivity } from './wf-config';

/** A call activity: the scheme it starts and the variables it brings back. */
export function CallSection({ bridge, element }: SectionProps) {
  const { t } = useTranslation('wfDesigner');
  const bo = element.businessObject;
  const config = readCallActivity(bo);
  return (
    <>
      <Form.Item label={t('field.calledElement')} extra={t('hint.calledElement')}>
        <CommitInput
          value={typeof bo.calledElement === 'string' ? bo.calledElement : ''}
          testId="wfd-prop-calledElement"
          onCommit={(v) => bridge.update(element, { calledElement: v.trim() || undefined })}
        />
      </Form.Item>
      <Form.Item label={t('field.outputs')} extra={t('hint.outputs')}>
        <Select
          mode="tags"
          value={config.outputs}
          onChange={(outputs: string[]) => bridge.writeConfig(element, { ...config, outputs })}
          data-testid="wfd-prop-outputs"
        />
      </Form.Item>
    </>
  );
}
