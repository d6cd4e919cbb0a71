import { useState } from 'react';
import { App, Button, Empty, Tabs, Tag, Tooltip, Tree, Typography } from 'antd';
import { BarChartOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { cellName, type DataSet, type ReportChart, type ReportParam } from '@app/contracts';
import { FIELD_DRAG_TYPE, bindField } from './actions';
import { ChartDialog } from './ChartDialog';
import { DataSetDialog } from './DataSetDialog';
import { ParamDialog } from './ParamDialog';
import { useDesigner } from './designer-state';

/** The left side: the design's data sets (their fields to drag onto cells), parameters and charts. */
export function SidePanel() {
  const { t } = useTranslation('reportDesigner');
  return (
    <Tabs
      size="small"
      className="rd-side-tabs"
      items={[
        { key: 'dataSets', label: t('side.dataSets'), children: <DataSetsTab /> },
        { key: 'params', label: t('side.params'), children: <ParamsTab /> },
        { key: 'charts', label: t('side.charts'), children: <ChartsTab /> },
      ]}
    />
  );
}

function useRemoveConfirm() {
  const { modal } = App.useApp();
  const { t } = useTranslation('reportDesigner');
  return (name: string, run: () => void) =>
    modal.confirm({
      title: t('side.removeTitle'),
      content: t('side.removeConfirm', { name }),
      okText: t('action.remove'),
      cancelText: t('action.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'rd-remove-ok' } as { danger: boolean },
      onOk: run,
    });
}

function DataSetsTab() {
  const { t } = useTranslation('reportDesigner');
  const designer = useDesigner();
  const { message } = App.useApp();
  const confirm = useRemoveConfirm();
  const [dialog, setDialog] = useState<{ editing?: DataSet } | null>(null);
  const dataSets = designer.side.dataSets;
  // Every data set is open unless the user closed it (a new one shows its fields at once).
  const [collapsed, setCollapsed] = useState<Set<string>>(() => new Set());

  const bindSelected = (ds: string, field: string) => {
    const sel = designer.selection.get().sel;
    if (!sel) return void message.info(t('side.selectCellFirst'));
    bindField(designer.handleRef.current, sel.r, sel.c, ds, field);
  };

  const treeData = dataSets.map((ds) => ({
    key: ds.name,
    selectable: false,
    title: (
      <span className="rd-node" data-testid={`rd-ds-node-${ds.name}`}>
        <span className="rd-node-text">
          {ds.name}
          {ds.label ? <Typography.Text type="secondary"> {ds.label}</Typography.Text> : null}
        </span>
        <Tag className="rd-node-tag">{t(`dataSet.kinds.${ds.kind}`)}</Tag>
        <span className="rd-node-actions">
          <Button
            size="small"
            type="text"
            icon={<EditOutlined />}
            aria-label={t('action.edit')}
            onClick={() => setDialog({ editing: ds })}
            data-testid={`rd-ds-edit-${ds.name}`}
          />
          <Button
            size="small"
            type="text"
            icon={<DeleteOutlined />}
            aria-label={t('action.remove')}
            onClick={() => confirm(ds.name, () => designer.setSide((s) => ({ ...s, dataSets: s.dataSets.filter((d) => d.name !== ds.name) })))}
          />
        </span>
      </span>
    ),
    children: ds.fields.map((f) => ({
      key: `${ds.name}.${f.name}`,
      isLeaf: true,
      selectable: false,
      title: (
        <Tooltip title={t('side.fieldHint')} mouseEnterDelay={0.8}>
          <span
            className="rd-field"
            draggable
            onDragStart={(e) => {
              e.dataTransfer.setData(FIELD_DRAG_TYPE, JSON.stringify({ dataSet: ds.name, field: f.name }));
              e.dataTransfer.setData('text/plain', `#{${ds.name}.${f.name}}`);
              e.dataTransfer.effectAllowed = 'copy';
            }}
            onDoubleClick={() => bindSelected(ds.name, f.name)}
            data-testid={`rd-field-${ds.name}-${f.name}`}
          >
            {f.name}
            {f.label ? <Typography.Text type="secondary"> {f.label}</Typography.Text> : null}
            <span className="rd-field-type">{t(`fieldTypes.${f.type}`)}</span>
          </span>
        </Tooltip>
      ),
    })),
  }));

  return (
    <div className="rd-tab" data-testid="rd-datasets">
      <Button block size="small" icon={<PlusOutlined />} onClick={() => setDialog({})} data-testid="rd-ds-add">
        {t('side.addDataSet')}
      </Button>
      {dataSets.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('side.noDataSets')} />
      ) : (
        <Tree
          blockNode
          treeData={treeData}
          className="rd-tree"
          expandedKeys={dataSets.map((d) => d.name).filter((n) => !collapsed.has(n))}
          onExpand={(keys) => setCollapsed(new Set(dataSets.map((d) => d.name).filter((n) => !keys.includes(n))))}
        />
      )}
      {dialog && <DataSetDialog open editing={dialog.editing} onClose={() => setDialog(null)} />}
    </div>
  );
}

function ParamsTab() {
  const { t } = useTranslation('reportDesigner');
  const designer = useDesigner();
  const confirm = useRemoveConfirm();
  const [dialog, setDialog] = useState<{ editing?: ReportParam } | null>(null);
  const params = designer.side.params;
  return (
    <div className="rd-tab" data-testid="rd-params">
      <Button block size="small" icon={<PlusOutlined />} onClick={() => setDialog({})} data-testid="rd-param-add">
        {t('side.addParam')}
      </Button>
      {params.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('side.noParams')} />}
      {params.map((p) => (
        <div key={p.name} className="rd-item" data-testid={`rd-param-${p.name}`}>
          <span className="rd-node-text">
            @{p.name}
            {p.label ? <Typography.Text type="secondary"> {p.label}</Typography.Text> : null}
          </span>
          <Tag className="rd-node-tag">{t(`paramTypes.${p.type}`)}</Tag>
          {p.required && <Tag color="red">{t('param.requiredTag')}</Tag>}
          <span className="rd-node-actions">
            <Button size="small" type="text" icon={<EditOutlined />} aria-label={t('action.edit')} onClick={() => setDialog({ editing: p })} />
            <Button
              size="small"
              type="text"
              icon={<DeleteOutlined />}
              aria-label={t('action.remove')}
              onClick={() => confirm(p.name, () => designer.setSide((s) => ({ ...s, params: s.params.filter((x) => x.name !== p.name) })))}
            />
          </span>
        </div>
      ))}
      {dialog && <ParamDialog editing={dialog.editing} onClose={() => setDialog(null)} />}
    </div>
  );
}

function ChartsTab() {
  const { t } = useTranslation('reportDesigner');
  const designer = useDesigner();
  const { message } = App.useApp();
  const confirm = useRemoveConfirm();
  const [dialog, setDialog] = useState<{ editing?: ReportChart } | null>(null);
  const charts = designer.side.charts;
  const add = () => {
    if (!designer.selection.get().sel) return void message.info(t('chart.selectRange'));
    if (!designer.side.dataSets.length) return void message.info(t('chart.needDataSet'));
    setDialog({});
  };
  return (
    <div className="rd-tab" data-testid="rd-charts">
      <Button block size="small" icon={<BarChartOutlined />} onClick={add} data-testid="rd-chart-add">
        {t('chart.add')}
      </Button>
      {charts.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chart.none')} />}
      {charts.map((ch) => (
        <div key={ch.id} className="rd-item" data-testid={`rd-chart-${ch.id}`}>
          <span className="rd-node-text">
            {ch.title || t(`chart.types.${ch.type}`)}
            <Typography.Text type="secondary">
              {' '}
              {cellName(ch.anchor.r, ch.anchor.c)}:{cellName(ch.anchor.r + ch.anchor.rs - 1, ch.anchor.c + ch.anchor.cs - 1)}
            </Typography.Text>
          </span>
          <span className="rd-node-actions">
            <Button size="small" type="text" icon={<EditOutlined />} aria-label={t('action.edit')} onClick={() => setDialog({ editing: ch })} />
            <Button
              size="small"
              type="text"
              icon={<DeleteOutlined />}
              aria-label={t('action.remove')}
              onClick={() => confirm(ch.title || ch.id, () => designer.setSide((s) => ({ ...s, charts: s.charts.filter((x) => x.id !== ch.id) })))}
            />
          </span>
        </div>
      ))}
      {dialog && <ChartDialog editing={dialog.editing} onClose={() => setDialog(null)} />}
    </div>
  );
}
