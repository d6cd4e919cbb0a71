import { Button, Form, Input, Modal, Select, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CHART_TYPES, REPORT_LIMITS, aggregateKind, cellName, reportChart, type ReportChart } from '@app/contracts';
import { useDesigner } from './designer-state';

type Values = Pick<ReportChart, 'type' | 'title' | 'dataSet' | 'category' | 'order' | 'series'>;
const AGGREGATES = aggregateKind.options.filter((a) => a !== 'none');

/** A chart over the selected range (or the one it has): type, title, data set, category and series. */
export function ChartDialog({ editing, onClose }: { editing?: ReportChart; onClose: () => void }) {
  const { t } = useTranslation('reportDesigner');
  const designer = useDesigner();
  const [form] = Form.useForm<Values>();
  const dataSetName = Form.useWatch('dataSet', form) ?? editing?.dataSet ?? designer.side.dataSets[0]?.name;
  const fields = designer.side.dataSets.find((d) => d.name === dataSetName)?.fields ?? [];
  const fieldOptions = fields.map((f) => ({ value: f.name, label: f.label ? `${f.name} (${f.label})` : f.name }));
  const sel = designer.selection.get().sel;
  const anchor = editing?.anchor ?? (sel ? { r: sel.r1, c: sel.c1, rs: sel.r2 - sel.r1 + 1, cs: sel.c2 - sel.c1 + 1 } : { r: 0, c: 0, rs: 10, cs: 6 });
  // A chart over a single cell would be a stamp: a new one covers at least 10 rows × 6 columns from there.
  const placed = editing ? anchor : anchor.rs * anchor.cs === 1 ? { ...anchor, rs: 10, cs: 6 } : anchor;

  const save = async () => {
    const v = await form.validateFields();
    const chart = reportChart.parse({ ...v, id: editing?.id ?? `chart${Date.now().toString(36)}`, anchor: placed });
    designer.setSide((s) => ({ ...s, charts: editing ? s.charts.map((c) => (c.id === editing.id ? chart : c)) : [...s.charts, chart] }));
    onClose();
  };

  return (
    <Modal
      open
      width={640}
      title={editing ? t('chart.editTitle') : t('chart.addTitle')}
      onCancel={onClose}
      onOk={() => void save().catch(() => undefined)}
      okText={t('action.ok')}
      cancelText={t('action.cancel')}
      okButtonProps={{ 'data-testid': 'rd-chart-ok' } as Record<string, string>}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary" data-testid="rd-chart-anchor">
        {t('chart.anchor', { range: `${cellName(placed.r, placed.c)}:${cellName(placed.r + placed.rs - 1, placed.c + placed.cs - 1)}` })}
      </Typography.Paragraph>
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={editing ?? { type: 'bar', title: '', order: 'asc', dataSet: designer.side.dataSets[0]?.name, series: [{ field: '', aggregate: 'sum' }] }}
        data-testid="rd-chart-dialog"
      >
        <div className="rd-row">
          <Form.Item name="type" label={t('chart.type')} style={{ flex: 1 }}>
            <Select options={CHART_TYPES.map((c) => ({ value: c, label: t(`chart.types.${c}`) }))} data-testid="rd-chart-type" />
          </Form.Item>
          <Form.Item name="title" label={t('chart.title')} style={{ flex: 2 }}>
            <Input maxLength={REPORT_LIMITS.name} data-testid="rd-chart-title" />
          </Form.Item>
        </div>
        <div className="rd-row">
          <Form.Item name="dataSet" label={t('chart.dataSet')} style={{ flex: 1 }} rules={[{ required: true, message: t('chart.dataSetRequired') }]}>
            <Select
              options={designer.side.dataSets.map((d) => ({ value: d.name, label: d.label ? `${d.name} (${d.label})` : d.name }))}
              data-testid="rd-chart-ds"
            />
          </Form.Item>
          <Form.Item name="category" label={t('chart.category')} style={{ flex: 1 }} rules={[{ required: true, message: t('chart.categoryRequired') }]}>
            <Select options={fieldOptions} showSearch data-testid="rd-chart-category" />
          </Form.Item>
          <Form.Item name="order" label={t('cell.order')} style={{ flex: 1 }}>
            <Select options={(['asc', 'desc', 'none'] as const).map((v) => ({ value: v, label: t(`order.${v}`) }))} data-testid="rd-chart-order" />
          </Form.Item>
        </div>
        <Typography.Text strong>{t('chart.series')}</Typography.Text>
        <Form.List name="series">
          {(items, { add, remove }) => (
            <>
              {items.map((item) => (
                <div key={item.key} className="rd-row rd-series">
                  <Form.Item name={[item.name, 'field']} style={{ flex: 2 }} rules={[{ required: true, message: t('chart.fieldRequired') }]}>
                    <Select options={fieldOptions} placeholder={t('chart.field')} showSearch />
                  </Form.Item>
                  <Form.Item name={[item.name, 'name']} style={{ flex: 2 }}>
                    <Input placeholder={t('chart.seriesName')} maxLength={100} />
                  </Form.Item>
                  <Form.Item name={[item.name, 'aggregate']} style={{ flex: 1 }}>
                    <Select options={AGGREGATES.map((a) => ({ value: a, label: t(`aggregates.${a}`) }))} />
                  </Form.Item>
                  <Button
                    type="text"
                    icon={<DeleteOutlined />}
                    aria-label={t('action.remove')}
                    disabled={items.length <= 1}
                    onClick={() => remove(item.name)}
                  />
                </div>
              ))}
              <Button size="small" icon={<PlusOutlined />} disabled={items.length >= 10} onClick={() => add({ field: '', aggregate: 'sum' })}>
                {t('chart.addSeries')}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
