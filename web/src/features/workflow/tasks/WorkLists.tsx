import { Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { HistoryTaskRow, PageResult, UpcomingTaskRow } from '@app/contracts';
import { RowActionButton, RowActions } from '../../../components/RowActions';
import { openApproval } from '../overlays';
import { taskApi } from '../task-api';
import { NameLink, TaskList, asQuery } from './task-list';
import { useTaskActions } from './useTaskActions';

/** 待办: the caller's open tasks. */
export function TodoList() {
  const { t } = useTranslation('wfTask');
  const { link } = useTaskActions();
  return (
    <TaskList<UpcomingTaskRow>
      queryKey="wfTask-todo"
      testId="wf-task-list-todo"
      rowKey="taskId"
      rowTestId={(r) => `wf-task-row-${r.taskId}`}
      fetch={(q) => taskApi.upcoming(asQuery(q)) as Promise<PageResult<UpcomingTaskRow>>}
      columns={[
        {
          title: t('processName'),
          dataIndex: 'processName',
          render: (_, r) => (
            <Space size={4} wrap>
              <NameLink testId={`wf-task-open-${r.taskId}`} onClick={() => openApproval({ taskId: r.taskId })}>
                {link(r.processName)}
              </NameLink>
              {r.isSuspended && (
                <Tag color="warning" data-testid={`wf-task-suspended-${r.taskId}`}>
                  {t('suspended')}
                </Tag>
              )}
            </Space>
          ),
        },
        { title: t('scheme'), dataIndex: 'schemeName' },
        {
          title: t('taskName'),
          dataIndex: 'taskName',
          render: (v: string, r) =>
            r.ownerName ? <Tooltip title={t('onBehalf', { name: r.ownerName })}>{`${v}（${t('onBehalf', { name: r.ownerName })}）`}</Tooltip> : v,
        },
        { title: t('startUser'), dataIndex: 'startUser' },
        { title: t('arrivedTime'), dataIndex: 'createTime' },
        {
          title: t('common:actions'),
          key: 'actions',
          fixed: 'right',
          render: (_, r) => (
            <RowActionButton
              action={{ key: 'handle', label: t('handle'), testId: `wf-task-handle-${r.taskId}`, onClick: () => openApproval({ taskId: r.taskId }) }}
            />
          ),
        },
      ]}
    />
  );
}

/** 已办: the tasks the caller handled. */
export function DoneList() {
  const { t } = useTranslation('wfTask');
  const { link, lookActions } = useTaskActions();
  return (
    <TaskList<HistoryTaskRow>
      queryKey="wfTask-done"
      testId="wf-task-list-done"
      rowKey="taskId"
      rowTestId={(r) => `wf-task-row-${r.taskId}`}
      fetch={(q) => taskApi.history(asQuery(q))}
      columns={[
        {
          title: t('processName'),
          dataIndex: 'processName',
          render: (_, r) => (
            <NameLink testId={`wf-task-open-${r.taskId}`} onClick={() => openApproval({ processInstanceId: r.processInstanceId })}>
              {link(r.processName)}
            </NameLink>
          ),
        },
        { title: t('scheme'), dataIndex: 'schemeName' },
        { title: t('taskName'), dataIndex: 'taskName' },
        { title: t('result'), dataIndex: 'btnName', render: (v: string | null) => v ?? '' },
        { title: t('startUser'), dataIndex: 'startUser' },
        { title: t('handledTime'), dataIndex: 'endTime', render: (v: string | null, r) => v ?? r.createTime },
        {
          title: t('common:actions'),
          key: 'actions',
          fixed: 'right',
          render: (_, r) => <RowActions actions={lookActions(r.taskId, () => openApproval({ processInstanceId: r.processInstanceId }), r.processInstanceId)} />,
        },
      ]}
    />
  );
}
