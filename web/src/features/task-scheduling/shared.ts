import { useCallback, useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PageResult } from '@app/contracts';
import { taskApi } from './api';

/** The two screens' addresses (the menu entries' urls with the /index every leaf entry gets). */
export const TASK_PATH = '/system/task-scheduling/index';
export const TASK_LOG_PATH = '/system/task-scheduling-log/index';

/** Query keys shared by the screens. */
export const TASK_TYPES_KEY = 'task-scheduling-types';
export const TASK_OPTIONS_KEY = 'task-options';

/** How often a list showing a queued or running run reads itself again. */
export const AUTO_REFRESH_MS = 5000;

/**
 * A ListPage that reads itself again every 5 s while a row on the page is not finished (queued, running).
 * `watch` wraps the list's fetch result; `refresh` reads the list again now.
 */
export function useAutoRefresh<T>(listKey: string, active: (row: T) => boolean) {
  const qc = useQueryClient();
  const [pending, setPending] = useState(false);
  const refresh = useCallback(() => qc.invalidateQueries({ queryKey: ['list', listKey] }), [qc, listKey]);
  useEffect(() => {
    if (!pending) return;
    const id = setInterval(() => void refresh(), AUTO_REFRESH_MS);
    return () => clearInterval(id);
  }, [pending, refresh]);
  const watch = (page: PageResult<T>) => {
    setPending(page.Rows.some(active));
    return page;
  };
  return { watch, refresh };
}

/**
 * The platform's time zone (a task saved without a zone runs in it, and the server stores it by name): the zone the
 * preview reads an empty zone as. undefined while asked, null when the server would not say.
 */
export function usePlatformZone(): string | null | undefined {
  const q = useQuery({
    queryKey: ['task-platform-zone'],
    queryFn: () => taskApi.preview({ F_ScheduleType: 'interval', F_Cron: '', F_IntervalSeconds: 3600, F_RunAt: null, F_TimeZone: '' }),
    staleTime: Infinity,
    retry: false,
  });
  return q.isError ? null : q.data?.timeZone;
}
