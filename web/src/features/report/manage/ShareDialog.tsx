import { useState } from 'react';
import { Alert, App, Button, DatePicker, Form, Grid, Input, Modal, Table, Tag, Typography } from 'antd';
import { LinkOutlined, LockOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReportInfoRow, ReportShareRow } from '@app/contracts';
import { reportApi } from '../api';
import { RowActions } from '../../../components/RowActions';
import '../../../lib/dayjs-locale';

const TIME = 'YYYY-MM-DD HH:mm';
const shareKey = (reportId: string) => ['report-shares', reportId] as const;

/** The address to hand out: the link's path on this site. */
export const shareAddress = (path: string) => new URL(path, window.location.origin).toString();

interface NewLink {
  expiresAt: Dayjs;
  password?: string;
  note?: string;
}

/** An address with its copy button (antd's copy works on plain http too, where the clipboard API is missing). */
function Address({ url, testId }: { url: string; testId: string }) {
  const { t } = useTranslation('report');
  return (
    <Typography.Text copyable={{ text: url, tooltips: [t('share.copy'), t('share.copied')] }} style={{ wordBreak: 'break-all' }} data-testid={testId}>
      {url}
    </Typography.Text>
  );
}

/**
 * 分享: the report's share links (`/report-frame/{id}?share=`, viewable without sign-in until they expire), each with
 * its expiry and whether it asks for a password; a new link with its expiry and an optional password; revoke.
 */
export function ShareDialog({ report, onClose }: { report: ReportInfoRow | null; onClose: () => void }) {
  const { t } = useTranslation('report');
  return (
    <Modal open={!!report} title={report ? t('share.title', { name: report.F_Name }) : ''} width={820} footer={null} onCancel={onClose} destroyOnHidden>
      {report && <ShareLinks report={report} />}
    </Modal>
  );
}

function ShareLinks({ report }: { report: ReportInfoRow }) {
  const { t } = useTranslation('report');
  const { modal, message } = App.useApp();
  const qc = useQueryClient();
  const phone = Grid.useBreakpoint().xs === true;
  const [form] = Form.useForm<NewLink>();
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<ReportShareRow | null>(null);
  const links = useQuery({ queryKey: shareKey(report.F_Id), queryFn: () => reportApi.shares(report.F_Id, { limit: 1, size: 100 }) });
  const refresh = () => qc.invalidateQueries({ queryKey: shareKey(report.F_Id) });

  const create = async (v: NewLink) => {
    setBusy(true);
    try {
      const row = await reportApi.addShare({
        F_ReportId: report.F_Id,
        F_ExpiresAt: v.expiresAt.toISOString(),
        F_Password: v.password ?? '',
        F_Note: v.note?.trim() ?? '',
      });
      setMade(row);
      form.resetFields();
      void message.success(t('share.created'));
      await refresh();
    } catch {
      // The api client has shown the server's refusal.
    } finally {
      setBusy(false);
    }
  };
  const revoke = (row: ReportShareRow) =>
    modal.confirm({
      title: t('share.revokeTitle'),
      content: t('share.revokeConfirm'),
      okText: t('share.revoke'),
      okButtonProps: { danger: true, 'data-testid': 'share-revoke-ok' } as { danger: boolean },
      cancelText: t('common:cancel'),
      onOk: async () => {
        try {
          await reportApi.removeShare(row.F_Id);
        } catch {
          return;
        }
        if (made?.F_Id === row.F_Id) setMade(null);
        void message.success(t('share.revoked'));
        await refresh();
      },
    });

  const now = dayjs();
  return (
    <div data-testid="share-dialog">
      <Form<NewLink>
        form={form}
        layout={phone ? 'vertical' : 'inline'}
        initialValues={{ expiresAt: now.add(7, 'day').endOf('day') }}
        onFinish={(v) => void create(v)}
        style={{ rowGap: 8, marginBottom: 12 }}
        data-testid="share-form"
      >
        <Form.Item name="expiresAt" label={t('share.expiresAt')} rules={[{ required: true, message: t('share.expiresRequired') }]}>
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format={TIME}
            allowClear={false}
            disabledDate={(d) => d.isBefore(dayjs(), 'day') || d.isAfter(dayjs().add(1, 'year'), 'day')}
            style={{ width: phone ? '100%' : 190 }}
            data-testid="share-expires"
          />
        </Form.Item>
        <Form.Item name="password" label={t('share.password')} rules={[{ max: 64, message: t('share.passwordTooLong') }]}>
          <Input.Password
            placeholder={t('share.passwordPlaceholder')}
            autoComplete="new-password"
            maxLength={64}
            style={{ width: phone ? '100%' : 150 }}
            data-testid="share-password"
          />
        </Form.Item>
        <Form.Item name="note" label={t('share.note')}>
          <Input maxLength={200} style={{ width: phone ? '100%' : 150 }} data-testid="share-note" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" icon={<LinkOutlined />} loading={busy} data-testid="share-create">
            {t('share.create')}
          </Button>
        </Form.Item>
      </Form>
      {made && (
        <Alert
          type="success"
          showIcon
          closable={{ onClose: () => setMade(null) }}
          style={{ marginBottom: 12 }}
          title={t(made.F_HasPassword ? 'share.madeWithPassword' : 'share.made', { time: dayjs(made.F_ExpiresAt).format(TIME) })}
          description={<Address url={shareAddress(made.F_Url)} testId="share-new-url" />}
          data-testid="share-made"
        />
      )}
      <Table<ReportShareRow>
        size="small"
        rowKey="F_Id"
        loading={links.isFetching}
        dataSource={links.data?.Rows ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('share.none') }}
        onRow={(r) => ({ 'data-testid': `share-row-${r.F_Id}` }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          {
            title: t('share.expiresAt'),
            dataIndex: 'F_ExpiresAt',
            render: (v: string) => {
              const at = dayjs(v);
              return (
                <span style={{ whiteSpace: 'nowrap' }}>
                  {at.format(TIME)} {at.isBefore(now) && <Tag color="default">{t('share.expired')}</Tag>}
                </span>
              );
            },
          },
          {
            title: t('share.password'),
            dataIndex: 'F_HasPassword',
            render: (v: number) =>
              v ? (
                <Tag icon={<LockOutlined />} color="gold">
                  {t('share.hasPassword')}
                </Tag>
              ) : (
                <Typography.Text type="secondary">{t('share.noPassword')}</Typography.Text>
              ),
          },
          { title: t('share.note'), dataIndex: 'F_Note', render: (v: string) => v || '-' },
          {
            title: t('share.createdBy'),
            key: 'by',
            render: (_, r) => (
              <span style={{ whiteSpace: 'nowrap' }}>
                {r.F_CreateUserName}
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                  {r.F_CreateDate}
                </Typography.Text>
              </span>
            ),
          },
          {
            title: t('common:actions'),
            key: 'actions',
            render: (_, r) => (
              <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8, whiteSpace: 'nowrap' }}>
                <Typography.Text
                  copyable={{ text: shareAddress(r.F_Url), icon: [t('share.copyAddress'), t('share.copied')], tooltips: false }}
                  data-testid={`share-copy-${r.F_Id}`}
                  style={{ color: 'inherit' }}
                />
                <RowActions actions={[{ key: 'revoke', label: t('share.revoke'), danger: true, testId: `share-revoke-${r.F_Id}`, onClick: () => revoke(r) }]} />
              </span>
            ),
          },
        ]}
      />
    </div>
  );
}
