import { Button, Dropdown, Space, Tag, Tooltip, Typography } from 'antd';
import {
  BarChartOutlined,
  CheckCircleOutlined,
  EyeOutlined,
  HistoryOutlined,
  PrinterOutlined,
  QuestionCircleOutlined,
  RedoOutlined,
  SaveOutlined,
  TableOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export interface DesignerToolbarProps {
  name: string;
  version: number;
  dirty: boolean;
  /** The grid is there (undo, redo, preview and check read it). */
  ready: boolean;
  canSave: boolean;
  canPreview: boolean;
  saving: boolean;
  checking: boolean;
  onSave: () => void;
  onUndo: () => void;
  onRedo: () => void;
  onPreview: () => void;
  onCheck: () => void;
  onVersions: () => void;
  onPrint: () => void;
  onFlag: (flag: 'header' | 'footer' | 'pageBreakAfter') => void;
  onClearFlags: () => void;
  onChart: () => void;
  onHelp: () => void;
}

/** The designer's own buttons (the grid's formatting toolbar is below them). */
export function DesignerToolbar(p: DesignerToolbarProps) {
  const { t } = useTranslation('reportDesigner');
  return (
    <div className="rd-toolbar" data-testid="rd-toolbar">
      <Typography.Text strong className="rd-title" ellipsis title={p.name}>
        {p.name}
      </Typography.Text>
      <Tag data-testid="rd-version">{t('toolbar.version', { version: p.version })}</Tag>
      {p.dirty && (
        <Tag color="orange" data-testid="rd-dirty">
          {t('toolbar.unsaved')}
        </Tag>
      )}
      <span className="rd-legend">
        <span className="rd-legend-item rd-legend-header">{t('toolbar.legendHeader')}</span>
        <span className="rd-legend-item rd-legend-footer">{t('toolbar.legendFooter')}</span>
        <span className="rd-legend-item rd-legend-break">{t('toolbar.legendBreak')}</span>
      </span>
      <Space wrap size={4} className="rd-actions">
        {p.canSave && (
          <Button type="primary" icon={<SaveOutlined />} loading={p.saving} disabled={!p.ready} onClick={p.onSave} data-testid="rd-save">
            {t('toolbar.save')}
          </Button>
        )}
        <Tooltip title={t('toolbar.undo')}>
          <Button icon={<UndoOutlined />} disabled={!p.ready} onClick={p.onUndo} aria-label={t('toolbar.undo')} data-testid="rd-undo" />
        </Tooltip>
        <Tooltip title={t('toolbar.redo')}>
          <Button icon={<RedoOutlined />} disabled={!p.ready} onClick={p.onRedo} aria-label={t('toolbar.redo')} data-testid="rd-redo" />
        </Tooltip>
        {p.canPreview && (
          <Button icon={<EyeOutlined />} disabled={!p.ready} onClick={p.onPreview} data-testid="rd-preview">
            {t('toolbar.preview')}
          </Button>
        )}
        <Button icon={<CheckCircleOutlined />} loading={p.checking} disabled={!p.ready} onClick={p.onCheck} data-testid="rd-check">
          {t('toolbar.check')}
        </Button>
        <Dropdown
          menu={{
            items: [
              { key: 'header', label: t('toolbar.flagHeader') },
              { key: 'footer', label: t('toolbar.flagFooter') },
              { key: 'pageBreakAfter', label: t('toolbar.flagPageBreak') },
              { type: 'divider' },
              { key: 'clear', label: t('toolbar.flagClear') },
            ],
            onClick: ({ key }) => (key === 'clear' ? p.onClearFlags() : p.onFlag(key as 'header' | 'footer' | 'pageBreakAfter')),
          }}
        >
          <Button icon={<TableOutlined />} disabled={!p.ready} data-testid="rd-flags">
            {t('toolbar.rowFlags')}
          </Button>
        </Dropdown>
        <Tooltip title={t('toolbar.chart')}>
          <Button icon={<BarChartOutlined />} disabled={!p.ready} onClick={p.onChart} aria-label={t('toolbar.chart')} data-testid="rd-chart" />
        </Tooltip>
        <Tooltip title={t('toolbar.print')}>
          <Button icon={<PrinterOutlined />} onClick={p.onPrint} aria-label={t('toolbar.print')} data-testid="rd-print" />
        </Tooltip>
        <Tooltip title={t('toolbar.versions')}>
          <Button icon={<HistoryOutlined />} onClick={p.onVersions} aria-label={t('toolbar.versions')} data-testid="rd-versions-open" />
        </Tooltip>
        <Tooltip title={t('toolbar.help')}>
          <Button icon={<QuestionCircleOutlined />} onClick={p.onHelp} aria-label={t('toolbar.help')} data-testid="rd-help-open" />
        </Tooltip>
      </Space>
    </div>
  );
}
