import { Alert, Form, Input, Radio, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { reportApi } from '../report/api';
import { ReportTreeSelect } from '../report/shared';
import { UsersField } from './UsersField';

/** The contract's most recipients of one delivery (taskTypeConfigs.reportDelivery). */
const MAX_RECIPIENTS = 200;

/**
 * The settings of a report delivery (发送报表): the report, the values of its query parameters (empty ones take the
 * report's default at each run, so "this month" stays this month), the file format and who receives it.
 */
export function ReportDeliverySettings() {
  const { t } = useTranslation('taskScheduling');
  const form = Form.useFormInstance();
  const reportId = Form.useWatch(['F_Config', 'reportId']) as string | undefined;
  const meta = useQuery({
    queryKey: ['task-report-meta', reportId],
    queryFn: () => reportApi.meta(reportId!),
    enabled: !!reportId,
    retry: false,
    staleTime: 30_000,
  });
  const fields = (meta.data?.query ?? []).filter((f) => !f.type.startsWith('current'));
  return (
    <>
      <Form.Item name={['F_Config', 'reportId']} label={t('form.report')} rules={[{ required: true, message: t('task.configReport') }]}>
        <ReportTreeSelect
          placeholder={t('form.reportPlaceholder')}
          testId="task-report"
          // Another report has other parameters.
          onPicked={() => form.setFieldValue(['F_Config', 'params'], {})}
        />
      </Form.Item>
      {reportId && (
        <Form.Item label={t('form.reportParams')} extra={fields.length ? t('form.reportParamsHelp') : undefined} data-testid="task-report-params">
          {meta.isError ? (
            <Alert type="warning" showIcon title={t('form.reportParamsUnavailable', { msg: meta.error.message })} data-testid="task-report-params-error" />
          ) : meta.isLoading ? (
            <Typography.Text type="secondary">{t('form.previewLoading')}</Typography.Text>
          ) : fields.length === 0 ? (
            <Typography.Text type="secondary">{t('form.reportParamsNone')}</Typography.Text>
          ) : (
            <Space orientation="vertical" style={{ width: '100%' }}>
              {fields.map((f) => (
                <div key={f.name} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
                  <Typography.Text style={{ flex: '0 0 96px', minWidth: 0 }} ellipsis={{ tooltip: f.label }}>
                    {f.label}
                  </Typography.Text>
                  <Form.Item name={['F_Config', 'params', f.name]} noStyle rules={[{ max: 500, message: t('form.paramValueTooLong') }]}>
                    <Input allowClear placeholder={Array.isArray(f.value) ? f.value.join(',') : f.value} data-testid={`task-report-param-${f.name}`} />
                  </Form.Item>
                </div>
              ))}
            </Space>
          )}
        </Form.Item>
      )}
      <Form.Item name={['F_Config', 'format']} label={t('form.format')}>
        <Radio.Group
          data-testid="task-report-format"
          options={(['xlsx', 'pdf'] as const).map((f) => ({ value: f, label: <span data-testid={`task-report-format-${f}`}>{t(`form.formats.${f}`)}</span> }))}
        />
      </Form.Item>
      <Form.Item
        name={['F_Config', 'recipients']}
        label={t('form.recipients')}
        rules={[{ required: true, type: 'array', min: 1, message: t('task.configRecipients') }]}
      >
        <UsersField
          max={MAX_RECIPIENTS}
          buttonText={t('form.chooseRecipients')}
          pickerTitle={t('form.recipients')}
          tooMany={t('form.tooManyRecipients', { max: MAX_RECIPIENTS })}
          testId="task-report-recipients"
          tagTestId="task-report-recipient"
        />
      </Form.Item>
    </>
  );
}
