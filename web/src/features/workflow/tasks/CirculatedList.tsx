import { Badge, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CirculationRow } from '@app/contracts';
import { RowActions } from '../../../components/RowActions';
import { openApproval } from '../overlays';
import { taskApi } from '../task-api';
import { NameLink, TaskList, asQuery } from './task-list';
import { useTaskActions } from './useTaskActions';

/** 我的传阅: processes circulated to the caller; opening one marks it read. */
export function CirculatedList() {
  const { t } = useTranslation('wfTask');
  const { refresh, link, lookActions } = useTaskActions();
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
  return (
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
          render: (_, r) => <RowActions actions={lookActions(r.F_Id, () => void openCirculation(r), r.processInstanceId)} />,
        },
      ]}
    />
  );
}
