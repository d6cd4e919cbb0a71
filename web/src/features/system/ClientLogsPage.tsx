import { App, Form, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ClientLogRow } from '@app/contracts';
import { clientLogApi } from './api';
import { ListPage } from '../../components/ListPage';
import { systemPermissions } from './permissions';

const TYPES = ['error', 'unhandledrejection', 'ajax', 'resource'];

export default function ClientLogsPage() {
  const { t } = useTranslation('system');
  const { message } = App.useApp();
  return (
    <ListPage<ClientLogRow>
      testId="client-logs"
      queryKey="client-logs"
      rowKey="F_Id"
      keywordPlaceholder={t('clientLog.keyword')}
      fetch={clientLogApi.list}
      filters={
        <Form.Item name="type">
          <Select
            allowClear
            placeholder={t('clientLog.type')}
            style={{ width: 180 }}
            data-testid="client-log-type"
            options={TYPES.map((v) => ({ value: v, label: v }))}
          />
        </Form.Item>
      }
      toolbar={[
        {
          key: 'clear',
          label: t('clientLog.clear'),
          danger: true,
          permission: systemPermissions.clientLogClear,
          confirm: t('clientLog.clearConfirm'),
          onClick: async () => {
            await clientLogApi.clear();
            void message.success(t('clientLog.cleared'));
          },
        },
      ]}
      expandable={{
        expandedRowRender: (r) => (
          <pre style={{ margin: 0, whiteSpace: 'pre-wrap', fontSize: 12 }} data-testid={`client-log-stack-${r.F_Id}`}>
            {r.F_Stack || t('clientLog.noStack')}
            {r.F_Info ? `\n\n${r.F_Info}` : ''}
          </pre>
        ),
      }}
      columns={[
        { title: t('clientLog.type'), dataIndex: 'F_Type', render: (v: string) => <Tag color={v === 'ajax' ? 'orange' : 'red'}>{v}</Tag> },
        { title: t('clientLog.message'), dataIndex: 'F_Message', ellipsis: true, width: 320 },
        { title: t('clientLog.url'), dataIndex: 'F_Url', ellipsis: true, width: 240 },
        { title: t('clientLog.account'), dataIndex: 'F_Account' },
        { title: t('clientLog.clientTime'), dataIndex: 'F_ClientTime' },
        { title: t('clientLog.createDate'), dataIndex: 'F_CreateDate' },
      ]}
    />
  );
}
