import { App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { InstanceRow } from '@app/contracts';
import type { RowAction } from '../../../components/RowActions';
import { openProgress } from '../overlays';
import { taskKeys } from '../task-api';

/** What the task lists share: refreshing every list and the counts, a confirmed action, and the common row actions. */
export function useTaskActions() {
  const { t } = useTranslation('wfTask');
  const { modal, message } = App.useApp();
  const qc = useQueryClient();

  const refresh = async () => {
    await qc.invalidateQueries({ queryKey: taskKeys.all });
    await qc.invalidateQueries({ queryKey: ['list'], predicate: (q) => String(q.queryKey[1]).startsWith('wfTask-') });
  };
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
  const lookActions = (key: string, onView: () => void, processInstanceId: string): RowAction[] => [
    { key: 'view', label: t('view'), testId: `wf-task-view-${key}`, onClick: onView },
    { key: 'progress', label: t('progress'), testId: `wf-task-progress-${key}`, onClick: () => openProgress(processInstanceId) },
  ];
  /** A confirmed action on one of the caller's instances (recall, reinitiate, recycle, restore). */
  const instanceAction = (
    r: InstanceRow,
    kind: 'recall' | 'reinitiate' | 'recycle' | 'restore',
    run: () => Promise<unknown>,
    doneKey: string,
    labelKey: string,
    danger?: boolean,
    hidden?: boolean,
  ): RowAction => ({
    key: kind,
    label: t(labelKey),
    danger,
    hidden,
    testId: `wf-task-${kind}-${r.processInstanceId}`,
    onClick: () => confirm(t(`${kind}Confirm`, { name: link(r.processName) }), `wf-task-${kind}`, run, t(doneKey)),
  });
  return { refresh, confirm, link, lookActions, instanceAction };
}
