import { useTranslation } from 'react-i18next';
import type { WorkflowDraftRow } from '@app/contracts';
import { RowActions } from '../../../components/RowActions';
import { useDeleteConfirm } from '../../../components/crud';
import { taskApi } from '../task-api';
import { NameLink, TaskList, asQuery } from './task-list';
import { useTaskActions } from './useTaskActions';

/** 草稿: the caller's saved launch drafts; editing one reopens the launch dialog. */
export function DraftList({ editDraft }: { editDraft: (r: WorkflowDraftRow) => void }) {
  const { t } = useTranslation('wfTask');
  const confirmDelete = useDeleteConfirm();
  const { refresh } = useTaskActions();
  return (
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
            <RowActions
              actions={[
                { key: 'edit', label: t('common:edit'), testId: `wf-task-draft-edit-${r.F_Id}`, onClick: () => editDraft(r) },
                {
                  key: 'delete',
                  label: t('common:delete'),
                  danger: true,
                  testId: `wf-task-draft-delete-${r.F_Id}`,
                  onClick: () => confirmDelete(r.name || r.schemeName, () => taskApi.deleteDraft(r.F_Id), refresh),
                },
              ]}
            />
          ),
        },
      ]}
    />
  );
}
