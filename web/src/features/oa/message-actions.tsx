import { useEffect } from 'react';
import { App, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MESSAGES_KEY, readAllMessages, readMessage, type OaMessage } from './messages';
import { startMessagePush } from './message-stream';
import { getToken, useSession } from '../../lib/session';
import { openApproval, openProgress } from '../workflow/overlays';

/** Spec 2.7 row click and 'set all read' behaviour, shared by the bell and the dashboard panel. */
export function useMessageActions(onNavigate?: () => void) {
  const { t } = useTranslation('oa');
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const refresh = () => qc.invalidateQueries({ queryKey: MESSAGES_KEY });

  const open = async (m: OaMessage) => {
    if (m.isRead) {
      void message.info(t('msg.alreadyRead'));
      return;
    }
    const wf = m.workflowInfoVo;
    if (m.F_Type === 10 && m.objectId) {
      onNavigate?.();
      navigate(`/office-automation/news/detail/${encodeURIComponent(m.objectId)}`);
    } else if ((m.F_Type === 13 || m.F_Type === 14) && wf && (wf.processInstanceId || wf.taskId)) {
      // Spec 2.7: taskStatus '1' opens the progress viewer, any other value the approval screen (full screen).
      onNavigate?.();
      if (wf.taskStatus === '1' && wf.processInstanceId) openProgress(wf.processInstanceId);
      else openApproval({ taskId: wf.taskId || null, processInstanceId: wf.processInstanceId || null, fullScreen: true });
    } else {
      modal.info({
        title: m.title,
        width: 560,
        okText: t('common:ok'),
        content: (
          <div data-testid="notice-message-detail">
            <Typography.Text type="secondary">{m.F_SendTime || m.createTime}</Typography.Text>
            <div style={{ marginTop: 8, whiteSpace: 'pre-wrap' }}>{m.F_Content}</div>
          </div>
        ),
      });
    }
    try {
      await readMessage(m.F_Id);
    } catch {
      void message.error(t('msg.readFailed'));
    }
    await refresh();
  };

  const readAll = async (type: number, unread: number) => {
    if (unread <= 0) {
      void message.info(t('msg.nothingUnread'));
      return;
    }
    try {
      await readAllMessages(type);
    } catch {
      void message.error(t('msg.readAllFailed'));
    }
    await refresh();
  };

  return { open, readAll };
}

/** The push reader starts this long after sign-in / page load (the message list itself is fetched at once). */
export const PUSH_START_DELAY_MS = 2000;

/** Keeps the push reader running while a user is signed in; each event refreshes the message centre. */
export function useMessagePush(enabled: boolean) {
  const qc = useQueryClient();
  const userId = useSession()?.userInfo.F_UserId;
  useEffect(() => {
    if (!enabled || !userId) return;
    const refresh = () => void qc.invalidateQueries({ queryKey: MESSAGES_KEY });
    return startMessagePush({
      token: getToken,
      // The first connection waits for the page to settle; every connection refreshes what may have been missed.
      initialDelay: PUSH_START_DELAY_MS,
      onOpen: refresh,
      onEvent: (e) => {
        if (e.event === 'message') refresh();
      },
    });
  }, [enabled, userId, qc]);
}
