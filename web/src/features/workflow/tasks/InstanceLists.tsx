import { useTranslation } from 'react-i18next';
import type { TableProps } from 'antd';
import type { InstanceRow, PageResult, WorkflowTaskPageQuery } from '@app/contracts';
import { RowActions } from '../../../components/RowActions';
import { useDeleteConfirm } from '../../../components/crud';
import { openApproval } from '../overlays';
import { taskApi } from '../task-api';
import { NameLink, StateTag, TaskList, asQuery } from './task-list';
import { useTaskActions } from './useTaskActions';

/** 我发起的 and 回收站: the caller's instances, named, with their scheme and state, then the tab's own columns. */
function InstanceList({
  kind,
  fetch,
  columns,
}: {
  kind: 'mine' | 'recycle';
  fetch: (q: WorkflowTaskPageQuery) => Promise<PageResult<InstanceRow>>;
  columns: NonNullable<TableProps<InstanceRow>['columns']>;
}) {
  const { t } = useTranslation('wfTask');
  const { link } = useTaskActions();
  return (
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
}

const finished = (r: InstanceRow) => ['completed', 'recalled', 'terminated'].includes(r.state);

/** 我发起的: the instances the caller started. */
export function MineList() {
  const { t } = useTranslation('wfTask');
  const { lookActions, instanceAction } = useTaskActions();
  return (
    <InstanceList
      kind="mine"
      fetch={taskApi.mine}
      columns={[
        { title: t('currentNodes'), dataIndex: 'currentNodes' },
        { title: t('startedTime'), dataIndex: 'createTime' },
        { title: t('completedTime'), dataIndex: 'completedTime', render: (v: string | null) => v ?? '' },
        {
          title: t('common:actions'),
          key: 'actions',
          fixed: 'right',
          render: (_, r) => (
            <RowActions
              actions={[
                ...lookActions(r.processInstanceId, () => openApproval({ processInstanceId: r.processInstanceId }), r.processInstanceId),
                instanceAction(r, 'recall', () => taskApi.recall(r.processInstanceId), 'recalled', 'recall', false, !(r.state === 'running' && !r.isSuspended)),
                instanceAction(
                  r,
                  'reinitiate',
                  () => taskApi.reinitiate(r.processInstanceId),
                  'reinitiated',
                  'reinitiate',
                  false,
                  !(r.state === 'recalled' || r.state === 'terminated'),
                ),
                instanceAction(r, 'recycle', () => taskApi.toRecycleBin(r.processInstanceId), 'recycled', 'toRecycleBin', true, !finished(r)),
              ]}
            />
          ),
        },
      ]}
    />
  );
}

/** 回收站: the caller's recycled instances. */
export function RecycleList() {
  const { t } = useTranslation('wfTask');
  const confirmDelete = useDeleteConfirm();
  const { refresh, link, instanceAction } = useTaskActions();
  return (
    <InstanceList
      kind="recycle"
      fetch={taskApi.recycled}
      columns={[
        { title: t('startedTime'), dataIndex: 'createTime' },
        { title: t('recycledTime'), dataIndex: 'recycledTime', render: (v: string | null) => v ?? '' },
        {
          title: t('common:actions'),
          key: 'actions',
          fixed: 'right',
          render: (_, r) => (
            <RowActions
              actions={[
                instanceAction(r, 'restore', () => taskApi.restore(r.processInstanceId), 'restored', 'restore'),
                {
                  key: 'destroy',
                  label: t('deleteForever'),
                  danger: true,
                  testId: `wf-task-destroy-${r.processInstanceId}`,
                  onClick: () => confirmDelete(link(r.processName), () => taskApi.deleteInstance(r.processInstanceId), refresh),
                },
              ]}
            />
          ),
        },
      ]}
    />
  );
}
