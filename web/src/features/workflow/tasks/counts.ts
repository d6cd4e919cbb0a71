import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MESSAGES_KEY } from '../../oa/messages';
import { useSession } from '../../../lib/session';
import { taskApi, taskKeys } from '../task-api';

/** The counts are read again this often (and whenever the message centre is refreshed). */
export const COUNTS_INTERVAL_MS = 30_000;

/** GET /workflow-task/counts (upcoming, circulatedUnread, drafts), shared by the task centre's tabs and the menu badge. */
export function useWorkflowCounts() {
  const session = useSession();
  const qc = useQueryClient();
  const query = useQuery({
    queryKey: taskKeys.counts,
    queryFn: taskApi.counts,
    enabled: !!session,
    refetchInterval: COUNTS_INTERVAL_MS,
    staleTime: 5_000,
  });
  // A pushed message (new to-do, circulation) refreshes the message centre: the counts follow.
  useEffect(() => {
    if (!session) return;
    return qc.getQueryCache().subscribe((e) => {
      if (e.type === 'updated' && e.action.type === 'success' && e.query.queryKey[0] === MESSAGES_KEY[0]) {
        void qc.invalidateQueries({ queryKey: taskKeys.counts });
      }
    });
  }, [qc, session]);
  return query;
}

/** Menu badges by the menu entry's F_EnCode (NavMenu shows them): 我的任务 = to-dos + unread circulations. */
export function useMenuBadges(): Record<string, number> {
  const { data } = useWorkflowCounts();
  return { 'workflow.process': data ? data.upcoming + data.circulatedUnread : 0 };
}
