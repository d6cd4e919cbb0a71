import { useMemo } from 'react';
import { Button, Modal } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ReportDesign } from '@app/contracts';
import { ReportViewer, designSource } from '../viewer/ReportViewer';

/** The design being edited, run as the viewer shows it (query bar included), without saving it. */
export function PreviewModal({
  reportId,
  name,
  design,
  revision,
  onRefresh,
  onClose,
}: {
  reportId: string;
  name: string;
  design: ReportDesign;
  revision: number;
  onRefresh: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('reportDesigner');
  const source = useMemo(() => designSource(reportId, design, revision), [reportId, design, revision]);
  return (
    <Modal
      open
      title={t('preview.title', { name })}
      width="92vw"
      style={{ top: 24 }}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      styles={{ body: { height: 'calc(100vh - 140px)', display: 'flex', flexDirection: 'column' } }}
    >
      <div className="rd-preview" data-testid="rd-preview-modal">
        <ReportViewer
          source={source}
          title={false}
          fill
          testId="rd-preview-viewer"
          extra={
            <Button icon={<ReloadOutlined />} onClick={onRefresh} data-testid="rd-preview-refresh">
              {t('preview.refresh')}
            </Button>
          }
        />
      </div>
    </Modal>
  );
}
