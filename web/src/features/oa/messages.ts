import { useQuery } from '@tanstack/react-query';
import type { Message as OaMessage, MessageCentre } from '@app/contracts';
import { messageApi } from './api';
import { useSession } from '../../lib/session';

export type { MessageCentre, OaMessage };

/** Query key of the message centre (the push reader invalidates it). */
export const MESSAGES_KEY = ['oa-messages'] as const;

/** Tabs of the notice pop-over: group of GET /oa/xjr-oa-message, read-all type code, 'view more' route (null: not built yet). */
export const NOTICE_TABS = [
  { key: 'news', group: 'news', type: 10, more: '/office-automation/news/index' },
  { key: 'notice', group: 'notice', type: 11, more: '/office-automation/notice/index' },
  { key: 'schedule', group: 'schedule', type: 12, more: '/office-automation/schedule/index' },
  { key: 'workflow', group: 'workflowApproval', type: 13, more: '/workflow/process/index' },
] as const satisfies readonly { key: string; group: keyof MessageCentre; type: number; more: string | null }[];

export const fetchMessages = messageApi.list;

export function useMessages(enabled = true) {
  const session = useSession();
  return useQuery({ queryKey: [...MESSAGES_KEY, session?.userInfo.F_UserId ?? ''], queryFn: fetchMessages, enabled: enabled && !!session, staleTime: 10_000 });
}

/** Unread total over the five groups. */
export function unreadTotal(c: MessageCentre | undefined): number {
  if (!c) return 0;
  return (['news', 'notice', 'schedule', 'workflowApproval', 'workflowCirculated'] as const).reduce((n, k) => n + (c[k]?.unread ?? 0), 0);
}

export const readMessage = messageApi.read;
export const readAllMessages = messageApi.readAll;
