import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Badge, Tabs } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { WorkflowDraftRow } from '@app/contracts';
import '../../../lib/dayjs-locale';
import { useWorkflowCounts } from './counts';
import { LaunchDialog, type LaunchTarget } from './LaunchDialog';
import { TASK_TABS, type TaskTab } from './task-list';
import { useTaskActions } from './useTaskActions';
import { DoneList, TodoList } from './WorkLists';
import { MineList, RecycleList } from './InstanceLists';
import { CirculatedList } from './CirculatedList';
import { DraftList } from './DraftList';

export { TASK_TABS, toTaskQuery, type TaskTab } from './task-list';

/** 我的任务 (/workflow/process/index): to-do, done, started, circulated, drafts, recycle bin; `?tab=` picks the tab. */
export default function TaskCentrePage() {
  const { t } = useTranslation('wfTask');
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: TaskTab = (TASK_TABS as readonly string[]).includes(asked ?? '') ? (asked as TaskTab) : 'todo';
  const [launch, setLaunch] = useState<LaunchTarget | null>(null);
  const counts = useWorkflowCounts();
  const { refresh } = useTaskActions();

  // Counts change when a task was handled elsewhere (approval screen, a push): the lists follow.
  const seen = useRef<string | null>(null);
  useEffect(() => {
    const now = counts.data ? JSON.stringify(counts.data) : null;
    if (seen.current !== null && now !== seen.current) {
      void qc.invalidateQueries({ queryKey: ['list'], predicate: (q) => String(q.queryKey[1]).startsWith('wfTask-') });
    }
    seen.current = now;
  }, [counts.data, qc]);

  const c = counts.data;
  const label = (key: TaskTab, n?: number, dot?: boolean) => (
    <span data-testid={`wf-task-tab-${key}`}>
      {t(`tab.${key}`)}
      {n !== undefined && n > 0 && (
        <Badge count={n} overflowCount={99} size="small" dot={dot} style={{ marginInlineStart: 4 }} data-testid={`wf-task-count-${key}`} />
      )}
    </span>
  );

  const editDraft = (r: WorkflowDraftRow) =>
    setLaunch({ schemeId: r.schemeId, schemeName: r.schemeName, draft: { F_Id: r.F_Id, name: r.name, formValue: r.formValue } });
  const bodies: Record<TaskTab, ReactNode> = {
    todo: <TodoList />,
    done: <DoneList />,
    mine: <MineList />,
    circulated: <CirculatedList />,
    drafts: <DraftList editDraft={editDraft} />,
    recycle: <RecycleList />,
  };
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
