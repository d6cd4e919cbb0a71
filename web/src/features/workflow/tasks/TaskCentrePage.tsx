import { useEffect, useRef, useState, type ReactNode } from 'react';
import { App, Badge, Button, DatePicker, Form, Select, Space, Tabs, Tag, Tooltip, Typography, type TableProps } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import type { CirculationRow, HistoryTaskRow, InstanceRow, PageResult, UpcomingTaskRow, WorkflowDraftRow, WorkflowTaskPageQuery } from '@app/contracts';
import '../../../lib/dayjs-locale';
import { ListPage, type ListPageProps, type ListQuery } from '../../../components/ListPage';
import { useDeleteConfirm } from '../../../components/crud';
import { openApproval, openProgress } from '../overlays';
import { taskApi, taskKeys } from '../task-api';
import { useWorkflowCounts } from './counts';
import { LaunchDialog, type LaunchTarget } from './LaunchDialog';

export const TASK_TABS = ['todo', 'done', 'mine', 'circulated', 'drafts', 'recycle'] as const;
export type TaskTab = (typeof TASK_TABS)[number];
const DAY = 'YYYY-MM-DD';

/** The query bar's values → the list query (scheme, creation date range). */
export function toTaskQuery(values: Record<string, unknown>): Record<string, string | undefined> {
  const range = values.range as [Dayjs | null, Dayjs | null] | null | undefined;
  const keyword = typeof values.keyword === 'string' && values.keyword.trim() ? values.keyword.trim() : undefined;
  return {
    keyword,
    F_SchemeId: (values.F_SchemeId as string | undefined) || undefined,
    startTime: range?.[0]?.format(DAY),
    endTime: range?.[1]?.format(DAY),
  };
}

const asQuery = (q: ListQuery) => q as unknown as WorkflowTaskPageQuery;

/** Instance states (InstanceRow.state) as tags. */
function StateTag({ row }: { row: Pick<InstanceRow, 'state' | 'isSuspended'> }) {
  const { t } = useTranslation('wfTask');
  const state = row.isSuspended ? 'suspended' : row.state;
  const color: Record<string, string> = { running: 'processing', suspended: 'warning', completed: 'success', recalled: 'default', terminated: 'error' };
  return <Tag color={color[state] ?? 'default'}>{t(`state.${state}`, { defaultValue: state })}</Tag>;
}

/** The process name as the row's link (opens the approval screen or the draft). */
function NameLink({ children, onClick, testId }: { children: ReactNode; onClick: () => void; testId: string }) {
  return (
    <Typography.Link onClick={onClick} data-testid={testId} style={{ whiteSpace: 'normal' }}>
      {children}
    </Typography.Link>
  );
}

/** A link button of a row's action column. */
function RowAction({ testId, onClick, danger, children }: { testId: string; onClick: () => void; danger?: boolean; children: ReactNode }) {
  return (
    <Button type="link" size="small" danger={danger} data-testid={testId} onClick={onClick}>
      {children}
    </Button>
  );
}

function Filters() {
  const { t } = useTranslation('wfTask');
  const schemes = useQuery({ queryKey: [...taskKeys.all, 'launchable'], queryFn: () => taskApi.launchable() });
  return (
    <>
      <Form.Item name="F_SchemeId">
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('scheme')}
          style={{ width: 180 }}
          options={(schemes.data?.Rows ?? []).map((s) => ({ value: s.F_Id, label: s.F_Name }))}
          data-testid="wf-task-filter-scheme"
        />
      </Form.Item>
      <Form.Item name="range">
        <DatePicker.RangePicker style={{ width: 240 }} data-testid="wf-task-filter-range" />
      </Form.Item>
    </>
  );
}

/** A list tab: ListPage with the task filters. */
function TaskList<T extends object>(props: Omit<ListPageProps<T>, 'filters' | 'toQuery'>) {
  const { t } = useTranslation('wfTask');
  return <ListPage<T> keywordPlaceholder={t('keyword')} filters={<Filters />} toQuery={toTaskQuery} {...props} />;
}

/** 我的任务 (/workflow/process/index): to-do, done, started, circulated, drafts, recycle bin; `?tab=` picks the tab. */
export default function TaskCentrePage() {
  const { t } = useTranslation('wfTask');
  const { modal, message } = App.useApp();
  const qc = useQueryClient();
  const confirmDelete = useDeleteConfirm();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: TaskTab = (TASK_TABS as readonly string[]).includes(asked ?? '') ? (asked as TaskTab) : 'todo';
  const [launch, setLaunch] = useState<LaunchTarget | null>(null);
  const counts = useWorkflowCounts();

  const refresh = async () => {
    await qc.invalidateQueries({ queryKey: taskKeys.all });
    await qc.invalidateQueries({ queryKey: ['list'], predicate: (q) => String(q.queryKey[1]).startsWith('wfTask-') });
  };
  // Counts change when a task was handled elsewhere (approval screen, a push): the lists follow.
  const seen = useRef<string | null>(null);
  useEffect(() => {
    const now = counts.data ? JSON.stringify(counts.data) : null;
    if (seen.current !== null && now !== seen.current) {
      void qc.invalidateQueries({ queryKey: ['list'], predicate: (q) => String(q.queryKey[1]).startsWith('wfTask-') });
    }
    seen.current = now;
  }, [counts.data, qc]);

  const confirm = (title: string, testId: string, run: () => Promise<unknown>, done: string) =>
    modal.confirm({
      title,
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      okButtonProps: { 'data-testid': `${testId}-ok` } as Record<string, string>,
      onOk: async () => {
        await run();
        void message.success(done);
        await refresh();
      },
    });

  const link = (text: string) => text || t('untitled');
  /** 查看 and 流程进度 of a row (key: the row's test id part). */
  const lookActions = (key: string, onView: () => void, processInstanceId: string) => (
    <>
      <RowAction testId={`wf-task-view-${key}`} onClick={onView}>
        {t('view')}
      </RowAction>
      <RowAction testId={`wf-task-progress-${key}`} onClick={() => openProgress(processInstanceId)}>
        {t('progress')}
      </RowAction>
    </>
  );
  /** A confirmed action on one of the caller's instances (recall, reinitiate, recycle, restore). */
  const instanceAction = (
    r: InstanceRow,
    kind: 'recall' | 'reinitiate' | 'recycle' | 'restore',
    run: () => Promise<unknown>,
    doneKey: string,
    labelKey: string,
    danger?: boolean,
  ) => (
    <RowAction
      testId={`wf-task-${kind}-${r.processInstanceId}`}
      danger={danger}
      onClick={() => confirm(t(`${kind}Confirm`, { name: link(r.processName) }), `wf-task-${kind}`, run, t(doneKey))}
    >
      {t(labelKey)}
    </RowAction>
  );
  const c = counts.data;
  const label = (key: TaskTab, n?: number, dot?: boolean) => (
    <span data-testid={`wf-task-tab-${key}`}>
      {t(`tab.${key}`)}
      {n !== undefined && n > 0 && (
        <Badge count={n} overflowCount={99} size="small" dot={dot} style={{ marginInlineStart: 4 }} data-testid={`wf-task-count-${key}`} />
      )}
    </span>
  );

  const todo = (
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
            <RowAction testId={`wf-task-handle-${r.taskId}`} onClick={() => openApproval({ taskId: r.taskId })}>
              {t('handle')}
            </RowAction>
          ),
        },
      ]}
    />
  );

  const done = (
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
          render: (_, r) => (
            <Space size={0}>{lookActions(r.taskId, () => openApproval({ processInstanceId: r.processInstanceId }), r.processInstanceId)}</Space>
          ),
        },
      ]}
    />
  );

  /** 我发起的 and 回收站: the caller's instances, named, with their scheme and state, then the tab's own columns. */
  const instanceList = (
    kind: 'mine' | 'recycle',
    fetch: (q: WorkflowTaskPageQuery) => Promise<PageResult<InstanceRow>>,
    columns: NonNullable<TableProps<InstanceRow>['columns']>,
  ) => (
    <TaskList<InstanceRow>
      queryKey={`wfTask-${kind}`}
      testId={`wf-task-list-${kind}`}
      rowKey="processInstanceId"
      rowTestId={(r) => `wf-task-row-${r.processInstanceId}`}
      fetch={(q) => fetch(asQuery(q))}
      columns={[
        {
          title: t('processName'),
          dataIndex: 'processName',
          render: (_, r) => (
            <NameLink testId={`wf-task-open-${r.processInstanceId}`} onClick={() => openApproval({ processInstanceId: r.processInstanceId })}>
              {link(r.processName)}
            </NameLink>
          ),
        },
        { title: t('scheme'), dataIndex: 'schemeName' },
        { title: t('state.title'), dataIndex: 'state', render: (_, r) => <StateTag row={r} /> },
        ...columns,
      ]}
    />
  );

  const finished = (r: InstanceRow) => ['completed', 'recalled', 'terminated'].includes(r.state);
  const mine = instanceList('mine', taskApi.mine, [
    { title: t('currentNodes'), dataIndex: 'currentNodes' },
    { title: t('startedTime'), dataIndex: 'createTime' },
    { title: t('completedTime'), dataIndex: 'completedTime', render: (v: string | null) => v ?? '' },
    {
      title: t('common:actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          {lookActions(r.processInstanceId, () => openApproval({ processInstanceId: r.processInstanceId }), r.processInstanceId)}
          {r.state === 'running' && !r.isSuspended && instanceAction(r, 'recall', () => taskApi.recall(r.processInstanceId), 'recalled', 'recall')}
          {(r.state === 'recalled' || r.state === 'terminated') &&
            instanceAction(r, 'reinitiate', () => taskApi.reinitiate(r.processInstanceId), 'reinitiated', 'reinitiate')}
          {finished(r) && instanceAction(r, 'recycle', () => taskApi.toRecycleBin(r.processInstanceId), 'recycled', 'toRecycleBin', true)}
        </Space>
      ),
    },
  ]);

  const openCirculation = async (r: CirculationRow) => {
    if (!r.isRead) {
      try {
        await taskApi.circulationRead(r.F_Id);
      } catch {
        // The read receipt is best effort; the process still opens.
      }
      void refresh();
    }
    openApproval({ processInstanceId: r.processInstanceId });
  };
  const circulated = (
    <TaskList<CirculationRow>
      queryKey="wfTask-circulated"
      testId="wf-task-list-circulated"
      rowKey="F_Id"
      rowTestId={(r) => `wf-task-row-${r.F_Id}`}
      fetch={(q) => taskApi.circulated(asQuery(q))}
      columns={[
        {
          title: t('processName'),
          dataIndex: 'processName',
          render: (_, r) => (
            <Space size={6}>
              <Badge
                status={r.isRead ? 'default' : 'error'}
                style={{ visibility: r.isRead ? 'hidden' : 'visible' }}
                data-testid={r.isRead ? undefined : `wf-task-unread-${r.F_Id}`}
              />
              <NameLink testId={`wf-task-open-${r.F_Id}`} onClick={() => void openCirculation(r)}>
                {r.isRead ? link(r.processName) : <strong>{link(r.processName)}</strong>}
              </NameLink>
            </Space>
          ),
        },
        { title: t('scheme'), dataIndex: 'schemeName' },
        { title: t('taskName'), dataIndex: 'taskName' },
        { title: t('fromUser'), dataIndex: 'fromUser', render: (v: string | null) => v ?? '' },
        { title: t('startUser'), dataIndex: 'startUser' },
        { title: t('circulatedTime'), dataIndex: 'createTime' },
        {
          title: t('common:actions'),
          key: 'actions',
          fixed: 'right',
          render: (_, r) => <Space size={0}>{lookActions(r.F_Id, () => void openCirculation(r), r.processInstanceId)}</Space>,
        },
      ]}
    />
  );

  const editDraft = (r: WorkflowDraftRow) =>
    setLaunch({ schemeId: r.schemeId, schemeName: r.schemeName, draft: { F_Id: r.F_Id, name: r.name, formValue: r.formValue } });
  const drafts = (
    <TaskList<WorkflowDraftRow>
      queryKey="wfTask-drafts"
      testId="wf-task-list-drafts"
      rowKey="F_Id"
      rowTestId={(r) => `wf-task-row-${r.F_Id}`}
      fetch={(q) => taskApi.drafts(asQuery(q))}
      columns={[
        {
          title: t('draftName'),
          dataIndex: 'name',
          render: (_, r) => (
            <NameLink testId={`wf-task-open-${r.F_Id}`} onClick={() => editDraft(r)}>
              {r.name || r.schemeName}
            </NameLink>
          ),
        },
        { title: t('scheme'), dataIndex: 'schemeName' },
        { title: t('createdTime'), dataIndex: 'createTime' },
        { title: t('updatedTime'), dataIndex: 'updateTime' },
        {
          title: t('common:actions'),
          key: 'actions',
          fixed: 'right',
          render: (_, r) => (
            <Space size={0}>
              <RowAction testId={`wf-task-draft-edit-${r.F_Id}`} onClick={() => editDraft(r)}>
                {t('common:edit')}
              </RowAction>
              <RowAction
                testId={`wf-task-draft-delete-${r.F_Id}`}
                danger
                onClick={() => confirmDelete(r.name || r.schemeName, () => taskApi.deleteDraft(r.F_Id), refresh)}
              >
                {t('common:delete')}
              </RowAction>
            </Space>
          ),
        },
      ]}
    />
  );

  const recycle = instanceList('recycle', taskApi.recycled, [
    { title: t('startedTime'), dataIndex: 'createTime' },
    { title: t('recycledTime'), dataIndex: 'recycledTime', render: (v: string | null) => v ?? '' },
    {
      title: t('common:actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          {instanceAction(r, 'restore', () => taskApi.restore(r.processInstanceId), 'restored', 'restore')}
          <RowAction
            testId={`wf-task-destroy-${r.processInstanceId}`}
            danger
            onClick={() => confirmDelete(link(r.processName), () => taskApi.deleteInstance(r.processInstanceId), refresh)}
          >
            {t('deleteForever')}
          </RowAction>
        </Space>
      ),
    },
  ]);

  const bodies: Record<TaskTab, ReactNode> = { todo, done, mine, circulated, drafts, recycle };
  return (
    <div data-testid="wf-task-centre">
      <Tabs
        activeKey={tab}
        onChange={(k) => setParams({ tab: k }, { replace: true })}
        destroyOnHidden
        items={TASK_TABS.map((key) => ({
          key,
          label: label(key, key === 'todo' ? c?.upcoming : key === 'circulated' ? c?.circulatedUnread : key === 'drafts' ? c?.drafts : undefined),
          children: bodies[key],
        }))}
      />
      {launch && (
        <LaunchDialog
          key={`${launch.schemeId}:${launch.draft?.F_Id ?? ''}`}
          target={launch}
          onClose={() => {
            setLaunch(null);
            void refresh();
          }}
        />
      )}
    </div>
  );
}
