import { Form, InputNumber, Modal, Radio, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { PAPER_SIZES, printSetup, type PrintSetup } from '@app/contracts';
import { useDesigner } from './designer-state';

/** Paper, orientation, margins, fit to width and page numbers of the printed report. */
export function PrintDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('reportDesigner');
  const designer = useDesigner();
  const [form] = Form.useForm<PrintSetup>();
  const save = async () => {
    const v = await form.validateFields();
    designer.setSide((s) => ({ ...s, print: printSetup.parse(v) }));
    onClose();
  };
  const margin = (side: 'top' | 'right' | 'bottom' | 'left') => (
    <Form.Item name={['margins', side]} label={t(`print.margins.${side}`)} style={{ flex: 1 }} rules={[{ required: true }]}>
      <InputNumber min={0} max={100} addonAfter="mm" style={{ width: '100%' }} data-testid={`rd-print-margin-${side}`} />
    </Form.Item>
  );
  return (
    <Modal
      open
      title={t('print.title')}
      onCancel={onClose}
      onOk={() => void save().catch(() => undefined)}
      okText={t('action.ok')}
      cancelText={t('action.cancel')}
      okButtonProps={{ 'data-testid': 'rd-print-ok' } as Record<string, string>}
      destroyOnHidden
    >
      <Form<PrintSetup> form={form} layout="vertical" initialValues={designer.side.print} data-testid="rd-print-dialog">
        <div className="rd-row">
          <Form.Item name="paper" label={t('print.paper')} style={{ flex: 1 }}>
            <Select options={PAPER_SIZES.map((p) => ({ value: p, label: p }))} data-testid="rd-print-paper" />
          </Form.Item>
          <Form.Item name="orientation" label={t('print.orientation')} style={{ flex: 1 }}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'portrait', label: t('print.portrait') },
                { value: 'landscape', label: t('print.landscape') },
              ]}
              data-testid="rd-print-orientation"
            />
          </Form.Item>
        </div>
        <div className="rd-row">
          {margin('top')}
          {margin('bottom')}
        </div>
        <div className="rd-row">
          {margin('left')}
          {margin('right')}
        </div>
        <div className="rd-row">
          <Form.Item name="fitWidth" label={t('print.fitWidth')} valuePropName="checked" tooltip={t('print.fitWidthHelp')} style={{ flex: 1 }}>
            <Switch data-testid="rd-print-fit" />
          </Form.Item>
          <Form.Item name="pageNumbers" label={t('print.pageNumbers')} valuePropName="checked" tooltip={t('print.pageNumbersHelp')} style={{ flex: 1 }}>
            <Switch data-testid="rd-print-numbers" />
          </Form.Item>
        </div>
      </Form>
    </Modal>
  );
}
