import { useState } from 'react';
import { App, Badge, Button, Modal, Space, Table, Tooltip } from 'antd';
import { BugOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ClientLogEntry } from '@app/contracts';
import { clearErrorLogs, errorLogStore } from '../../lib/error-log';
import { useStore } from '../../lib/store';
import { shellApi } from './api';

/** Spec 2.6: local client error logs; badge max 99; clear with confirm; send to the server. */
export function ErrorLogButton() {
  const { t } = useTranslation('layout');
  const { modal, message } = App.useApp();
  const logs = useStore(errorLogStore);
  const [open, setOpen] = useState(false);
  const [sending, setSending] = useState(false);
  const clear = () =>
    modal.confirm({
      title: t('errorLog.clearConfirm'),
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      okButtonProps: { 'data-testid': 'error-log-clear-ok' } as Record<string, string>,
      onOk: () => {
        clearErrorLogs();
        void message.success(t('errorLog.cleared'));
      },
    });
  const send = async () => {
    if (!logs.length) return;
    setSending(true);
    try {
      await shellApi.sendErrorLogs(logs.slice(0, 200));
      clearErrorLogs();
      void message.success(t('errorLog.sent'));
    } catch {
      /* toast shown */
    } finally {
      setSending(false);
    }
  };
  return (
    <>
      <Tooltip title={t('errorLog.title')}>
        <Badge count={logs.length} overflowCount={99} size="small" offset={[-4, 4]}>
          <Button type="text" icon={<BugOutlined />} data-testid="error-log-button" onClick={() => setOpen(true)} />
        </Badge>
      </Tooltip>
      <Modal title={t('errorLog.title')} open={open} width="80%" onCancel={() => setOpen(false)} footer={null}>
        <Space style={{ marginBottom: 12 }}>
          <Button danger onClick={clear} disabled={!logs.length} data-testid="error-log-clear">
            {t('errorLog.clear')}
          </Button>
          <Button type="primary" onClick={send} loading={sending} disabled={!logs.length} data-testid="error-log-send">
            {t('errorLog.send')}
          </Button>
        </Space>
        <Table<ClientLogEntry>
          size="small"
          rowKey={(r) => `${r.time}-${r.message}-${r.url}`}
          dataSource={logs}
          pagination={{ pageSize: 10 }}
          columns={[
            { title: t('errorLog.type'), dataIndex: 'type', width: 120 },
            { title: t('errorLog.url'), dataIndex: 'url', width: 220, ellipsis: true },
            { title: t('errorLog.message'), dataIndex: 'message', ellipsis: true },
            { title: t('errorLog.stack'), dataIndex: 'stack', ellipsis: true },
            { title: t('errorLog.time'), dataIndex: 'time', width: 170 },
          ]}
        />
      </Modal>
    </>
  );
}
