import { useMemo } from 'react';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { reportPermissions } from '@app/contracts';
import { usePermission } from '../../../lib/permission';
import { ReportViewer, viewSource } from '../viewer/ReportViewer';

/** On a phone: the designer needs a wider screen; the saved design is shown as the viewer draws it. */
export function NarrowView({ reportId }: { reportId: string }) {
  const { t } = useTranslation('reportDesigner');
  const canPreview = usePermission(reportPermissions.designPreview);
  const source = useMemo(() => viewSource(reportId), [reportId]);
  return (
    <div className="rd-narrow" data-testid="rd-narrow">
      <Alert type="info" showIcon title={t('narrow.title')} description={t(canPreview ? 'narrow.text' : 'narrow.textNoPreview')} />
      {canPreview && <ReportViewer source={source} testId="rd-narrow-viewer" />}
    </div>
  );
}
