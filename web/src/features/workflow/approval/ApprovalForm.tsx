import { useState } from 'react';
import { Button, Flex, Form, Input, Radio, Select, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { taskHandleBody, type ProcessInfo } from '@app/contracts';
import { stampApi } from '../api';
import { UploadField } from '../../../components/files/UploadField';
import { AddStampDialog } from './AddStampDialog';
import { useZodRules } from '../../../lib/zod-rules';

/** The values of the approval form (spec 2.9). */
export interface ApprovalValues {
  btnValue?: string;
  rejectNodeId?: string;
  message?: string;
  esignature?: string;
  esignature_pwd?: string;
  /** Folder id of the files added while approving (sent as fileValue; they join the attachment summary). */
  fileValue?: string;
}

export const REJECT = 'reject_';
export const usableStampsKey = ['stamps', 'usable'] as const;

/** The enabled stamps the caller may sign with (GET /stamps, EnabledMark 1). */
function useUsableStamps() {
  return useQuery({
    queryKey: usableStampsKey,
    queryFn: () => stampApi.enabled(),
    select: (page) => page.Rows.filter((r) => r.EnabledMark === 1 && r.canUse),
  });
}

/**
 * The approval form: result radio (the node's buttons), reject-node select (only for reject_), content (8 rows),
 * e-signature picker with an add-stamp dialog, signature password (needpassword 2 and a stamp chosen), confirm.
 * `extra` holds the print / transfer / signation buttons the screen shows on the form tab.
 */
export function ApprovalForm({
  processInfo,
  form,
  busy,
  extra,
  onConfirm,
}: {
  processInfo: ProcessInfo;
  form: ReturnType<typeof Form.useForm<ApprovalValues>>[0];
  busy: boolean;
  extra?: React.ReactNode;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('wfApproval');
  const qc = useQueryClient();
  const stamps = useUsableStamps();
  const [adding, setAdding] = useState(false);
  const rules = useZodRules(taskHandleBody);
  const btnValue = Form.useWatch('btnValue', form);
  const esignature = Form.useWatch('esignature', form);
  const { nodeInfo } = processInfo;
  const needsPassword = nodeInfo.needpassword === 2 && !!esignature;

  return (
    <Form<ApprovalValues> form={form} layout="vertical" data-testid="wf-approval-form">
      <Form.Item name="btnValue" label={t('result')} rules={rules('btnValue', t('result'), { messages: { required: t('resultRequired') } })}>
        <Radio.Group data-testid="wf-approval-result">
          {processInfo.btnInfo.map((b) => (
            <Radio key={b.value} value={b.value}>
              <span data-testid={`wf-approval-btn-${b.value}`}>{b.name}</span>
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      {btnValue === REJECT && (
        // The contract lets rejectNodeId be '' (no rejection); a rejection needs one, which only the form knows.
        <Form.Item
          name="rejectNodeId"
          label={t('rejectNode')}
          rules={[{ required: true, message: t('rejectNodeRequired') }, ...rules('rejectNodeId', t('rejectNode'))]}
        >
          <Select
            data-testid="wf-approval-reject-node"
            placeholder={t('rejectNodeRequired')}
            options={processInfo.rejectnode.map((n) => ({ value: n.activitiId, label: n.activityName }))}
          />
        </Form.Item>
      )}
      <Form.Item name="message" label={t('content')} rules={rules('message', t('content'))}>
        <Input.TextArea rows={8} maxLength={2000} data-testid="wf-approval-message" />
      </Form.Item>
      <Form.Item name="fileValue" label={t('attachments')}>
        <UploadField multiple limit={50} testId="wf-approval-files-upload" />
      </Form.Item>
      <Form.Item label={t('esignature')} required={nodeInfo.signatureRequired}>
        <Flex gap={8}>
          {/* The contract allows '' (no stamp); whether the node needs one only the node says. */}
          <Form.Item
            name="esignature"
            noStyle
            rules={[...(nodeInfo.signatureRequired ? [{ required: true, message: t('esignatureRequired') }] : []), ...rules('esignature', t('esignature'))]}
          >
            <Select
              allowClear
              style={{ flex: 1, minWidth: 0 }}
              loading={stamps.isLoading}
              placeholder={t('esignaturePlaceholder')}
              data-testid="wf-approval-stamp"
              options={(stamps.data ?? []).map((s) => ({
                value: s.F_StampId,
                label: (
                  <Space size={6}>
                    {s.F_File && <img src={s.F_File} alt="" style={{ height: 18, maxWidth: 40, verticalAlign: 'middle' }} />}
                    {s.F_StampName}
                  </Space>
                ),
              }))}
            />
          </Form.Item>
          <Button icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="wf-approval-stamp-add" aria-label={t('addStamp')} />
        </Flex>
      </Form.Item>
      {needsPassword && (
        // The contract allows '' (no stamp, or one without a password); the node asks for it here.
        <Form.Item
          name="esignature_pwd"
          label={t('password')}
          rules={[{ required: true, message: t('passwordPlaceholder') }, ...rules('esignature_pwd', t('password'))]}
        >
          <Input.Password autoComplete="off" maxLength={200} placeholder={t('passwordPlaceholder')} data-testid="wf-approval-password" />
        </Form.Item>
      )}
      <Flex gap={8} wrap justify="flex-end">
        {extra}
        <Button type="primary" loading={busy} onClick={onConfirm} data-testid="wf-approval-confirm">
          {t('confirm')}
        </Button>
      </Flex>
      <AddStampDialog
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={(id) => {
          void qc.invalidateQueries({ queryKey: usableStampsKey }).then(() => form.setFieldValue('esignature', id));
        }}
      />
    </Form>
  );
}
