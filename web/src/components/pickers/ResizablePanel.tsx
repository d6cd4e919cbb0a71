import { useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { Button, Drawer, Grid } from 'antd';
import { ApartmentOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export const PANEL_MIN = 200;
export const PANEL_MAX = 800;

export const clampWidth = (w: number, min = PANEL_MIN, max = PANEL_MAX): number => Math.min(max, Math.max(min, Math.round(w)));

export interface ResizablePanelProps {
  /** The side panel (e.g. an organisation tree). */
  side: ReactNode;
  /** The main content to the right. */
  children: ReactNode;
  defaultWidth?: number;
  min?: number;
  max?: number;
  style?: CSSProperties;
  testId?: string;
}

/**
 * Spec 2.10: a side panel whose width the user drags between 200 and 800 px. On a phone the side panel opens as a
 * drawer from a button above the content (beside the list it would leave the list a sliver), and picking a tree
 * node closes it.
 */
export function ResizablePanel(props: ResizablePanelProps) {
  // xs is a max-width query: true only on a phone-wide window.
  const phone = Grid.useBreakpoint().xs === true;
  return phone ? <PhonePanel {...props} /> : <DesktopPanel {...props} />;
}

function PhonePanel({ side, children, style, testId = 'resizable-panel' }: ResizablePanelProps) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  return (
    <div style={style} data-testid={testId} data-layout="phone">
      <Button icon={<ApartmentOutlined />} onClick={() => setOpen(true)} style={{ marginBottom: 8 }} data-testid={`${testId}-open`}>
        {t('browseTree')}
      </Button>
      <Drawer placement="left" width="85%" open={open} onClose={() => setOpen(false)} title={t('browseTree')} forceRender styles={{ body: { padding: 12 } }}>
        <div
          data-testid={`${testId}-side`}
          onClick={(e) => {
            if ((e.target as HTMLElement).closest('.ant-tree-node-content-wrapper')) setOpen(false);
          }}
        >
          {side}
        </div>
      </Drawer>
      <div style={{ minWidth: 0 }}>{children}</div>
    </div>
  );
}

function DesktopPanel({ side, children, defaultWidth = 260, min = PANEL_MIN, max = PANEL_MAX, style, testId = 'resizable-panel' }: ResizablePanelProps) {
  const [width, setWidth] = useState(() => clampWidth(defaultWidth, min, max));
  const drag = useRef<{ x: number; w: number } | null>(null);
  const onDown = (e: React.MouseEvent) => {
    e.preventDefault();
    drag.current = { x: e.clientX, w: width };
    const move = (ev: MouseEvent) => {
      if (drag.current) setWidth(clampWidth(drag.current.w + ev.clientX - drag.current.x, min, max));
    };
    const up = () => {
      drag.current = null;
      window.removeEventListener('mousemove', move);
      window.removeEventListener('mouseup', up);
      document.body.style.userSelect = '';
    };
    document.body.style.userSelect = 'none';
    window.addEventListener('mousemove', move);
    window.addEventListener('mouseup', up);
  };
  return (
    <div style={{ display: 'flex', alignItems: 'stretch', gap: 0, minHeight: 400, ...style }} data-testid={testId}>
      <div data-testid={`${testId}-side`} style={{ width, flex: 'none', overflow: 'auto' }}>
        {side}
      </div>
      <div
        role="separator"
        aria-orientation="vertical"
        aria-valuenow={width}
        aria-valuemin={min}
        aria-valuemax={max}
        data-testid={`${testId}-handle`}
        onMouseDown={onDown}
        style={{ width: 6, flex: 'none', cursor: 'col-resize', margin: '0 6px', borderLeft: '1px solid rgba(5,5,5,0.08)' }}
      />
      <div style={{ flex: 1, minWidth: 0 }}>{children}</div>
    </div>
  );
}
