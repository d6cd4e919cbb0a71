import { Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DesignerBridge, DiagramElement } from './bridge';
import { CallSection } from './CallSection';
import { CommitInput } from './CommitInput';
import { FlowSection } from './FlowSection';
import { GatewaySection } from './GatewaySection';
import type { BoundForm } from './panel-section';
import { ProcessSection } from './ProcessSection';
import { ScriptSection } from './ScriptSection';
import { SubProcessSection } from './SubProcessSection';
import { TimerSection } from './TimerSection';
import { UserTaskSection } from './UserTaskSection';
import { panelKind } from './wf-config';

export interface PropertiesPanelProps {
  bridge: DesignerBridge;
  /** The selected element; the root (process) when nothing is selected. */
  element: DiagramElement;
  forms: BoundForm[];
}

/** Our properties panel (docs/workflow-screens.md "Designer"): one section per element type, lazy (only the selection). */
export function PropertiesPanel({ bridge, element, forms }: PropertiesPanelProps) {
  const { t } = useTranslation('wfDesigner');
  const bo = element.businessObject;
  const kind = panelKind(bo);
  const isRoot = element === bridge.root() || kind === 'process';
  return (
    <div data-testid="wfd-panel" data-element-id={element.id} data-kind={kind}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t(`kind.${kind}`)}{' '}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {bo.$type.replace('bpmn:', '')}
        </Typography.Text>
      </Typography.Title>
      <Form layout="vertical" size="small">
        <Form.Item label={t('field.id')}>
          <CommitInput value={bo.id ?? ''} testId="wfd-prop-id" onCommit={(v) => v.trim() && bridge.update(element, { id: v.trim() })} />
        </Form.Item>
        <Form.Item label={t('field.name')}>
          <CommitInput value={bo.name ?? ''} testId="wfd-prop-name" onCommit={(v) => bridge.update(element, { name: v })} />
        </Form.Item>
        {isRoot && <ProcessSection bridge={bridge} element={element} />}
        {kind === 'userTask' && <UserTaskSection key={element.id} bridge={bridge} element={element} forms={forms} />}
        {kind === 'sequenceFlow' && <FlowSection key={element.id} bridge={bridge} element={element} forms={forms} />}
        {kind === 'gateway' && <GatewaySection bridge={bridge} element={element} />}
        {kind === 'scriptTask' && <ScriptSection key={element.id} bridge={bridge} element={element} />}
        {kind === 'callActivity' && <CallSection bridge={bridge} element={element} />}
        {kind === 'timer' && <TimerSection key={element.id} bridge={bridge} element={element} />}
        {kind === 'subProcess' && <SubProcessSection key={element.id} bridge={bridge} element={element} />}
      </Form>
    </div>
  );
}
