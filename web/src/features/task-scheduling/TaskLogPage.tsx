import { useState, type ReactNode } from 'react';
import { DatePicker, Descriptions, Drawer, Form, Select, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import { TASK_RUN_STATES, type TaskLogRow } from '@app/contracts';
import { taskApi, taskLogApi } from './api';
import '../../lib/dayjs-locale';
import { usePermission } from '../../lib/permission';
import { ListPage, type ListQuery } from '../../components/ListPage';
import { useDeleteConfirm } from '../../components/crud';
import { RowActions } from '../../components/RowActions';
import { mono } from '../data/shared';
import { taskSchedulingPermissions as P } from './permissions';
import { ACTIVE_STATES, STATE_COLORS, formatDuration } from './schedule';
import { TASK_OPTIONS_KEY, useAutoRefresh } from './shared';

const TIME = 'YYYY-MM-DD HH:mm:ss';

/** Long text (a result, an error, SQL) in a scrollable monospace block. */
function Block({ text, danger, testId }: { text: string; danger?: boolean; testId?: string }) {
  return (
    <pre
      data-testid={testId}
      style={{
        ...mono,
        fontSize: 12,
        margin: 0,
        maxHeight: 260,
        overflow: 'auto',
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-all',
        padding: 8,
        borderRadius: 4,
        background: 'rgba(127,127,127,0.08)',
        color: danger ? 'var(--ant-color-error, #ff4d4f)' : undefined,
      }}
    >
      {text}
    </pre>
  );
}

/**
 * 任务日志: one row per run (scheduled, missed, manual, retry), newest first; filtered by task (preset from
 * ?taskId=, the task list's 日志 action), state and start time. Reads itself every 5 s while a run on the page is
 * queued or running.
 */
export default function TaskLogPage() {
  const [params] = useSearchParams();
  const taskId = params.get('taskId') ?? undefined;
  // A new ?taskId= (日志 of another task while this tab is open) starts the query bar again from it.
  return <TaskLogList key={taskId ?? ''} presetTaskId={taskId} />;
}

function TaskLogList({ presetTaskId }: { presetTaskId?: string }) {
  const { t } = useTranslation('taskScheduling');
  const confirmDelete = useDeleteConfirm();
  const canDelete = usePermission(P.logDelete);
  const [shown, setShown] = useState<TaskLogRow | null>(null);
  const listKey = `task-scheduling-log:${presetTaskId ?? ''}`;
  const { watch, refresh } = useAutoRefresh(listKey, (r: TaskLogRow) => ACTIVE_STATES.has(r.F_State));
  // The task list needs its own button; without it the select offers the tasks of the runs read so far.
  const canListTasks = usePermission(P.list);
  const tasks = useQuery({
    queryKey: [TASK_OPTIONS_KEY],
    queryFn: () => taskApi.list({ limit: 1, size: 500 }),
    staleTime: 30_000,
    enabled: canListTasks,
  });
  const [seen, setSeen] = useState<Record<string, string>>({});
  const taskOptions = canListTasks
    ? (tasks.data?.Rows ?? []).map((x) => ({ value: x.F_Id, label: x.F_Name }))
    : Object.entries(seen).map(([value, label]) => ({ value, label }));
  const fetch = async (q: ListQuery) => {
    const { range, taskId, ...rest } = q as ListQuery & { range?: unknown };
    const r = range as [Dayjs, Dayjs] | undefined | null;
    const page = watch(
      await taskLogApi.list({
        ...rest,
        // Until the query bar is searched, the task comes from the address (the select shows it too).
        taskId: 'taskId' in q ? (taskId as string | undefined) || undefined : presetTaskId,
        startTime: r?.[0]?.startOf('day').format(TIME),
        endTime: r?.[1]?.endOf('day').format(TIME),
      } as Parameters<typeof taskLogApi.list>[0]),
    );
    if (!canListTasks) setSeen((m) => ({ ...m, ...Object.fromEntries(page.Rows.map((r) => [r.F_TaskId, r.F_TaskName])) }));
    return page;
  };
  const stateTag = (s: TaskLogRow['F_State'], id: string) => (
    <Tag color={STATE_COLORS[s]} data-testid={`task-log-state-${id}`}>
      {t(`states.${s}`)}
    </Tag>
  );
  return (
    <>
      <ListPage<TaskLogRow>
        testId="task-log-page"
        queryKey={listKey}
        rowKey="F_Id"
        rowTestId={(r) => `task-log-row-${r.F_Id}`}
        keywordPlaceholder={t('log.keyword')}
        fetch={fetch}
        // An emptied task select sends '' (all tasks), not "absent" (which means the task of the address).
        toQuery={(v) => ({ ...(v as Record<string, string | undefined>), taskId: (v.taskId as string | undefined) ?? '' })}
        filters={
          <>
            <Form.Item name="taskId" initialValue={presetTaskId}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('log.task')}
                style={{ width: 200 }}
                loading={canListTasks && tasks.isLoading}
                data-testid="task-log-task-filter"
                options={taskOptions}
              />
            </Form.Item>
            <Form.Item name="state">
              <Select
                allowClear
                placeholder={t('log.state')}
                style={{ width: 130 }}
                data-testid="task-log-state-filter"
                options={TASK_RUN_STATES.map((s) => ({ value: s, label: t(`states.${s}`) }))}
              />
            </Form.Item>
            <Form.Item name="range">
              <DatePicker.RangePicker data-testid="task-log-range" />
            </Form.Item>
          </>
        }
        columns={[
          {
            title: t('log.task'),
            dataIndex: 'F_TaskName',
            render: (v: string, r) => (
              <Typography.Link onClick={() => setShown(r)} data-testid={`task-log-open-${r.F_Id}`}>
                {v}
              </Typography.Link>
            ),
          },
          { title: t('log.state'), dataIndex: 'F_State', render: (v: TaskLogRow['F_State'], r) => stateTag(v, r.F_Id) },
          { title: t('log.trigger'), dataIndex: 'F_Trigger', render: (v: string) => t(`triggers.${v}`) },
          { title: t('log.scheduledTime'), dataIndex: 'F_ScheduledTime', width: 170 },
          { title: t('log.startTime'), dataIndex: 'F_StartTime', width: 170, render: (v: string | null) => v ?? '-' },
          { title: t('log.duration'), dataIndex: 'F_Duration', render: (v: number | null) => formatDuration(v) },
          { title: t('log.endTime'), dataIndex: 'F_EndTime', width: 170, render: (v: string | null) => v ?? '-' },
          { title: t('log.attempt'), dataIndex: 'F_Attempt', align: 'center' },
          { title: t('log.process'), dataIndex: 'F_Process', render: (v: string | null) => v ?? '-' },
          {
            title: t('log.result'),
            key: 'result',
            render: (_, r) =>
              r.F_Error ? (
                <Typography.Text type="danger" ellipsis={{ tooltip: r.F_Error }} style={{ maxWidth: 260 }} data-testid={`task-log-error-${r.F_Id}`}>
                  {r.F_Error}
                </Typography.Text>
              ) : (
                <Typography.Text ellipsis={{ tooltip: r.F_Result }} style={{ maxWidth: 260 }} data-testid={`task-log-result-${r.F_Id}`}>
                  {r.F_Result ?? ''}
                </Typography.Text>
              ),
          },
          {
            title: t('common:actions'),
            key: 'a',
            fixed: 'right',
            render: (_, r) => (
              <RowActions
                actions={[
                  { key: 'detail', label: t('log.detail'), testId: `task-log-detail-${r.F_Id}`, onClick: () => setShown(r) },
                  {
                    key: 'delete',
                    label: t('common:delete'),
                    danger: true,
                    hidden: !canDelete,
                    testId: `task-log-delete-${r.F_Id}`,
                    onClick: () => confirmDelete(`${r.F_TaskName} ${r.F_ScheduledTime}`, () => taskLogApi.remove(r.F_Id), refresh),
                  },
                ]}
              />
            ),
          },
        ]}
      />
      <Drawer open={!!shown} onClose={() => setShown(null)} size={640} title={shown ? t('log.detailTitle', { name: shown.F_TaskName }) : ''} destroyOnHidden>
        {shown && <RunDetail row={shown} stateTag={stateTag(shown.F_State, `detail-${shown.F_Id}`)} />}
      </Drawer>
    </>
  );
}

function RunDetail({ row: r, stateTag }: { row: TaskLogRow; stateTag: ReactNode }) {
  const { t } = useTranslation('taskScheduling');
  return (
    <div data-testid="task-log-detail">
      <Descriptions bordered size="small" column={1} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('log.task')}>
          {r.F_TaskName} <Typography.Text type="secondary">({t(`types.${r.F_TaskType}`, { defaultValue: r.F_TaskType })})</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('log.state')}>{stateTag}</Descriptions.Item>
        <Descriptions.Item label={t('log.trigger')}>{t(`triggers.${r.F_Trigger}`)}</Descriptions.Item>
        <Descriptions.Item label={t('log.scheduledTime')}>{r.F_ScheduledTime}</Descriptions.Item>
        <Descriptions.Item label={t('log.startTime')}>{r.F_StartTime ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('log.endTime')}>{r.F_EndTime ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('log.duration')}>{formatDuration(r.F_Duration)}</Descriptions.Item>
        <Descriptions.Item label={t('log.attempt')}>{r.F_Attempt}</Descriptions.Item>
        <Descriptions.Item label={t('log.process')}>{r.F_Process ?? '-'}</Descriptions.Item>
        {r.F_Note && <Descriptions.Item label={t('log.note')}>{r.F_Note}</Descriptions.Item>}
      </Descriptions>
      {r.F_Result && (
        <>
          <Typography.Title level={5}>{t('log.result')}</Typography.Title>
          <Block text={r.F_Result} testId="task-log-detail-result" />
        </>
      )}
      {r.F_Error && (
        <>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('log.error')}
          </Typography.Title>
          <Block text={r.F_Error} danger testId="task-log-detail-error" />
        </>
      )}
      {r.F_Sql && (
        <>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('log.sql')}
          </Typography.Title>
          <Block text={r.F_Sql} testId="task-log-detail-sql" />
        </>
      )}
    </div>
  );
}
