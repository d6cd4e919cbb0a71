import { App, DatePicker, Form, Select, Tag, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import type { ClueRow } from '@app/contracts';
import { clueApi } from './api';
import '../../lib/dayjs-locale';
import { usePermission } from '../../lib/permission';
import { ListPage, type ListQuery } from '../../components/ListPage';
import { useDeleteConfirm } from '../../components/crud';
import { cluePermissions as P } from './permissions';
import { RowActions } from '../../components/RowActions';

/** 客户线索: leads left on the sign-in page, newest first; keyword, handled state and time filters. */
export default function CluePage() {
  const { t } = useTranslation('system');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const confirmDelete = useDeleteConfirm();
  const canHandle = usePermission(P.clueHandle);
  const canDelete = usePermission(P.clueDelete);
  const refresh = () => qc.invalidateQueries({ queryKey: ['list', 'clues'] });
  const fetch = (q: ListQuery) => {
    const { range, ...rest } = q as ListQuery & { range?: unknown };
    const r = range as [Dayjs, Dayjs] | undefined | null;
    return clueApi.list({ ...rest, startTime: r?.[0]?.format('YYYY-MM-DD'), endTime: r?.[1]?.format('YYYY-MM-DD') });
  };
  const markHandled = async (r: ClueRow) => {
    await clueApi.markHandled(r.F_Id);
    void message.success(t('clue.handledDone'));
    await refresh();
  };
  return (
    <ListPage<ClueRow>
      testId="clues"
      queryKey="clues"
      rowKey="F_Id"
      rowTestId={(r) => `clue-row-${r.F_Id}`}
      keywordPlaceholder={t('clue.keyword')}
      fetch={fetch}
      filters={
        <>
          <Form.Item name="handled">
            <Select
              allowClear
              placeholder={t('clue.state')}
              style={{ width: 140 }}
              data-testid="clue-handled-filter"
              options={[
                { value: 0, label: t('clue.new') },
                { value: 1, label: t('clue.handled') },
              ]}
            />
          </Form.Item>
          <Form.Item name="range">
            <DatePicker.RangePicker data-testid="clue-range" />
          </Form.Item>
        </>
      }
      columns={[
        { title: t('clue.time'), dataIndex: 'F_CreateDate', width: 170 },
        { title: t('clue.name'), dataIndex: 'F_Name' },
        { title: t('clue.phone'), dataIndex: 'F_Phone' },
        { title: t('clue.email'), dataIndex: 'F_Email' },
        { title: t('clue.company'), dataIndex: 'F_Company' },
        {
          title: t('clue.message'),
          dataIndex: 'F_Message',
          render: (v: string) => (
            <Typography.Text ellipsis={{ tooltip: v }} style={{ maxWidth: 240 }}>
              {v}
            </Typography.Text>
          ),
        },
        { title: t('clue.ip'), dataIndex: 'F_IPAddress' },
        {
          title: t('clue.state'),
          dataIndex: 'F_Handled',
          render: (v: number, r: ClueRow) =>
            v === 1 ? (
              <Tag color="green" title={[r.F_HandledUserName, r.F_HandledDate].filter(Boolean).join(' ')}>
                {t('clue.handled')}
              </Tag>
            ) : (
              <Tag color="orange">{t('clue.new')}</Tag>
            ),
        },
        ...(canHandle || canDelete
          ? [
              {
                title: t('common:actions'),
                key: 'a',
                render: (_: unknown, r: ClueRow) => (
                  <RowActions
                    actions={[
                      {
                        key: 'handle',
                        label: t('clue.markHandled'),
                        hidden: !(canHandle && r.F_Handled !== 1),
                        testId: `clue-handle-${r.F_Id}`,
                        onClick: () => markHandled(r),
                      },
                      {
                        key: 'delete',
                        label: t('common:delete'),
                        danger: true,
                        hidden: !canDelete,
                        testId: `clue-delete-${r.F_Id}`,
                        onClick: () => confirmDelete(r.F_Name, () => clueApi.remove(r.F_Id), refresh),
                      },
                    ]}
                  />
                ),
              },
            ]
          : []),
      ]}
    />
  );
}
