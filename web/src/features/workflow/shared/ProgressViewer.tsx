import { useEffect, useRef } from 'react';
import { App, Modal, Tabs } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { taskApi, taskKeys } from '../task-api';
import { diagramKey, FlowChart } from './FlowChart';
import { ProcessTimeline } from './ProcessTimeline';
import { useNarrow, wideModal } from './common';

/**
 * The workflow progress viewer (spec 2.9): 80% wide (full screen on phones), the flow chart and the timeline as
 * tabs. When the instance cannot be read (diagram or timeline refused) the server's message is shown in an alert
 * titled '消息' and the viewer closes on acknowledging (administration.md "Workflow view failure").
 */
export function ProgressViewer({ open, processInstanceId, onClose }: { open: boolean; processInstanceId: string | null; onClose: () => void }) {
  const { t } = useTranslation('wfShared');
  const { modal } = App.useApp();
  const narrow = useNarrow();
  const id = processInstanceId ?? '';
  const enabled = open && !!processInstanceId;
  // The same queries as the chart and the timeline (shared by key): the viewer watches them for a failure.
  const diagram = useQuery({ queryKey: diagramKey(id), queryFn: () => taskApi.diagramUrl(id), enabled, retry: false, staleTime: 0 });
  const timeline = useQuery({ queryKey: taskKeys.timeline(id), queryFn: () => taskApi.timeline(id), enabled, retry: false });
  const failure = diagram.error ?? timeline.error;
  const alerted = useRef<string | null>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    if (!enabled || !failure || alerted.current === id) return;
    alerted.current = id;
    modal.warning({
      title: t('progress.messageTitle'),
      content: failure instanceof Error ? failure.message : String(failure),
      okButtonProps: { 'data-testid': 'wf-progress-alert-ok' } as Record<string, string>,
      onOk: () => close.current(),
    });
  }, [enabled, failure, id, modal, t]);
  useEffect(() => {
    if (!open) alerted.current = null;
  }, [open]);

  if (!open || !processInstanceId) return null;
  return (
    <Modal open={!failure} title={t('progress.title')} footer={null} onCancel={onClose} destroyOnHidden {...wideModal(narrow, '80%')}>
      <div data-testid="wf-progress-viewer">
        <Tabs
          items={[
            {
              key: 'chart',
              label: <span data-testid="wf-progress-tab-chart">{t('chart.title')}</span>,
              children: <FlowChart processInstanceId={processInstanceId} />,
            },
            {
              key: 'timeline',
              label: <span data-testid="wf-progress-tab-timeline">{t('timeline.title')}</span>,
              children: <ProcessTimeline processInstanceId={processInstanceId} />,
            },
          ]}
        />
      </div>
    </Modal>
  );
}
