import { useState } from 'react';
import { App, Card, DatePicker, Form, Tabs, Tag, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import type { LogCategory, LogRow } from '@app/contracts';
import { logApi } from './api';
import '../../lib/dayjs-locale';
import { usePermission } from '../../lib/permission';
import { ListPage, type ListQuery } from '../../components/ListPage';
import { useDeleteConfirm } from '../../components/crud';
import { systemPermissions as P } from './permissions';
import { toI18nKey } from '../../app/shell/menu-utils';
import { RowActionButton } from '../../components/RowActions';

function LogList({ category }: { category: LogCategory }) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const confirmDelete = useDeleteConfirm();
  const canDelete = usePermission(P.logDelete);
  const key = `log-${category}`;
  const fetch = (q: ListQuery) => {
    const { range, ...rest } = q as ListQuery & { range?: unknown };
    const r = range as [Dayjs, Dayjs] | undefined | null;
    return logApi.list({ ...rest, category, startTime: r?.[0]?.format('YYYY-MM-DD'), endTime: r?.[1]?.format('YYYY-MM-DD') });
  };
  const result = (v: string) =>
    v === 'success' ? (
      <Tag color="green">{t('log.success')}</Tag>
    ) : v === 'failure' ? (
      <Tag color="red">{t('log.failure')}</Tag>
    ) : (
      <Typography.Text type="danger">{v}</Typography.Text>
    );
  const columns = [
    { title: t('log.time'), dataIndex: 'F_CreateDate', width: 170 },
    { title: t('log.user'), dataIndex: 'F_Account', render: (v: string | null, r: LogRow) => (v ? `${r.F_RealName ?? ''} (${v})` : '-') },
    { title: t('log.ip'), dataIndex: 'F_IPAddress' },
    ...(category === 1
      ? [
          { title: t('log.channel'), dataIndex: 'F_Url' },
          { title: t('log.result'), dataIndex: 'F_Result', render: result },
          { title: t('log.detail'), dataIndex: 'F_Detail' },
        ]
      : category === 2
        ? [
            {
              title: t('log.module'),
              dataIndex: 'F_Module',
              // The menu entry's name as the sidebar shows it (translated), else whatever the caller sent.
              render: (v: string | null, r: LogRow) =>
                r.F_ModuleI18n ? t(toI18nKey(r.F_ModuleI18n), { defaultValue: r.F_ModuleName ?? v ?? '' }) : (r.F_ModuleName ?? v),
            },
            { title: t('log.call'), dataIndex: 'F_Url', render: (v: string | null, r: LogRow) => `${r.F_Method ?? ''} ${v ?? ''}` },
            {
              title: t('log.params'),
              dataIndex: 'F_Params',
              render: (v: string | null) => (
                <Typography.Text ellipsis={{ tooltip: v }} style={{ maxWidth: 260 }}>
                  {v}
                </Typography.Text>
              ),
            },
            { title: t('log.duration'), dataIndex: 'F_Duration', render: (v: number | null) => (v == null ? '' : `${v} ms`) },
            { title: t('log.result'), dataIndex: 'F_Result', render: result },
          ]
        : [
            { title: t('log.call'), dataIndex: 'F_Url', render: (v: string | null, r: LogRow) => `${r.F_Method ?? ''} ${v ?? ''}` },
            { title: t('log.status'), dataIndex: 'F_Status' },
            {
              title: t('log.message'),
              dataIndex: 'F_Result',
              render: (v: string) => (
                <Typography.Text type="danger" ellipsis={{ tooltip: v }} style={{ maxWidth: 320 }}>
                  {v}
                </Typography.Text>
              ),
            },
            { title: t('log.requestId'), dataIndex: 'F_RequestId' },
          ]),
    ...(canDelete
      ? [
          {
            title: t('common:actions'),
            key: 'a',
            render: (_: unknown, r: LogRow) => (
              <RowActionButton
                action={{
                  key: 'delete',
                  label: t('common:delete'),
                  danger: true,
                  testId: `log-delete-${r.F_Id}`,
                  onClick: () =>
                    confirmDelete(
                      r.F_CreateDate,
                      () => logApi.remove(r.F_Id),
                      () => qc.invalidateQueries({ queryKey: ['list', key] }),
                    ),
                }}
              />
            ),
          },
        ]
      : []),
  ];
  return (
    <ListPage<LogRow>
      queryKey={key}
      rowKey="F_Id"
      rowTestId={(r) => `log-row-${r.F_Id}`}
      fetch={fetch}
      filters={
        <Form.Item name="range">
          <DatePicker.RangePicker data-testid="log-range" />
        </Form.Item>
      }
      toolbar={[
        {
          key: 'clear',
          label: t('log.clear'),
          danger: true,
          permission: P.logClear,
          testId: `log-clear-${category}`,
          confirm: t('log.clearConfirm', { name: t(`log.tab.${category}`) }),
          onClick: async () => {
            await logApi.clear(category);
            void message.success(t('log.cleared'));
          },
        },
      ]}
      columns={columns}
      expandable={
        category === 3
          ? {
              expandedRowRender: (r) => <pre style={{ whiteSpace: 'pre-wrap', margin: 0, fontSize: 12 }}>{r.F_Detail}</pre>,
              rowExpandable: (r) => !!r.F_Detail,
            }
          : undefined
      }
    />
  );
}

export default function LogPage() {
  const { t } = useTranslation('admin');
  const [tab, setTab] = useState<LogCategory>(1);
  return (
    <Card size="small" data-testid="log-page">
      <Tabs
        activeKey={String(tab)}
        onChange={(k) => setTab(Number(k) as LogCategory)}
        destroyOnHidden
        items={([1, 2, 3] as const).map((c) => ({
          key: String(c),
          label: <span data-testid={`log-tab-${c}`}>{t(`log.tab.${c}`)}</span>,
          children: <LogList category={c} />,
        }))}
      />
    </Card>
  );
}
