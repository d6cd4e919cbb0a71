import type { CSSProperties, MouseEvent, RefObject } from 'react';
import { Button, Grid, Spin, theme } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DesignerBridge, DiagramElement } from './bridge';
import { ElementPicker } from './ElementPicker';
import type { BoundForm } from './panel-section';
import { PropertiesPanel } from './PropertiesPanel';

interface DesignerBodyProps {
  containerRef: RefObject<HTMLDivElement | null>;
  bridge: DesignerBridge | null;
  /** The element the panel edits: the selection, else the process. */
  panelElement: DiagramElement | null;
  boundForms: BoundForm[];
  panelOpen: boolean;
  panelWidth: number;
  onTogglePanel: () => void;
  onDragPanel: (e: MouseEvent) => void;
  onSelectElement: (elementId: string) => void;
}

/** The canvas (bpmn-js draws into it) beside the properties panel; on narrow screens the panel goes below. */
export function DesignerBody(props: DesignerBodyProps) {
  const { containerRef, bridge, panelElement, boundForms, panelOpen, panelWidth, onTogglePanel, onDragPanel, onSelectElement } = props;
  const { t } = useTranslation('wfDesigner');
  const narrow = Grid.useBreakpoint().md === false;
  // The canvas stays white (bpmn-js draws black on white); the panel follows the theme (dark themes included).
  const { token } = theme.useToken();
  return (
    <div className={`wf-designer-body${narrow ? ' wf-designer-narrow' : ''}`} style={{ '--wfd-border': token.colorBorderSecondary } as CSSProperties}>
      <div className="wf-designer-canvas" ref={containerRef} data-testid="wfd-canvas">
        {!bridge && <Spin style={{ margin: 40 }} />}
      </div>
      {!narrow && panelOpen && (
        <div className="wf-designer-handle" role="separator" aria-orientation="vertical" onMouseDown={onDragPanel} data-testid="wfd-panel-handle" />
      )}
      <div
        className="wf-designer-side"
        style={{ background: token.colorBgContainer, ...(narrow ? {} : { width: panelOpen ? panelWidth : 36 }) }}
        data-testid="wfd-side"
      >
        <Button
          size="small"
          type="text"
          icon={panelOpen ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={onTogglePanel}
          aria-label={t('action.togglePanel')}
          data-testid="wfd-panel-toggle"
        />
        {panelOpen && bridge && <ElementPicker bridge={bridge} onSelect={onSelectElement} />}
        {panelOpen && bridge && panelElement && <PropertiesPanel bridge={bridge} element={panelElement} forms={boundForms} />}
      </div>
    </div>
  );
}
