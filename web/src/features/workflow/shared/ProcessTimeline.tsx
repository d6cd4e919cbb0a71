import { Alert, Empty, Space, Spin, Tag, Timeline, Typography, theme } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TimelineRecord } from '@app/contracts';
import { taskApi, taskKeys } from '../task-api';

/** Finished (green), being approved (blue), start / end events (green / grey). */
export function recordColour(r: TimelineRecord): 'green' | 'blue' | 'gray' {
  if (r.activityType === 'endEvent') return 'gray';
  return r.endTime === null && r.activityType !== 'startEvent' ? 'blue' : 'green';
}

/** The record is an open node (no end time): 'being approved' with its candidates. */
const isCurrent = (r: TimelineRecord) => r.endTime === null && r.activityType !== 'startEvent' && r.activityType !== 'endEvent';

function Record({ r, index }: { r: TimelineRecord; index: number }) {
  const { t } = useTranslation('wfShared');
  const { token } = theme.useToken();
  const current = isCurrent(r);
  const box = { background: token.colorFillQuaternary, padding: '4px 8px', marginTop: 4, borderRadius: 4, wordBreak: 'break-word' as const };
  const people = r.manualinfos.length ? r.manualinfos.map((m) => (m.departmentName ? `${m.realName}（${m.departmentName}）` : m.realName)) : r.candidate;
  return (
    <div data-testid={`wf-timeline-record-${index}`} data-state={current ? 'current' : 'finished'} style={{ minWidth: 0 }}>
      <Space size={6} wrap>
        <Typography.Text strong>{r.activityName}</Typography.Text>
        {r.multiInstance && r.activityType === 'userTask' && (
          <Tag color="purple" data-testid="wf-timeline-countersign">
            {t('timeline.countersign')}
          </Tag>
        )}
        {current && (
          <Tag color="processing" data-testid="wf-timeline-approving">
            {t('timeline.approving')}
          </Tag>
        )}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {r.endTime ?? r.time}
        </Typography.Text>
      </Space>
      <div style={{ wordBreak: 'break-word' }}>{r.text}</div>
      {current && people.length > 0 && (
        <div data-testid="wf-timeline-candidates">
          <Typography.Text type="secondary">{t('timeline.candidates')}：</Typography.Text>
          {people.map((p, i) => (
            <Tag key={`${p}-${i}`} style={{ marginBottom: 4 }}>
              {p}
            </Tag>
          ))}
        </div>
      )}
      {r.message && (
        <div data-testid="wf-timeline-comment" style={{ ...box, whiteSpace: 'pre-wrap' }}>
          <Typography.Text type="secondary">{t('timeline.comment')}：</Typography.Text>
          {r.message}
        </div>
      )}
      {r.fieldChanges.length > 0 && (
        <div data-testid="wf-timeline-changes" style={box}>
          <Typography.Text type="warning">{t('timeline.changes')}：</Typography.Text>
          {r.fieldChanges.map((c) => (
            <div key={c.field} data-testid="wf-timeline-change" data-field={c.field}>
              {c.label}：
              <Typography.Text delete type="secondary">
                {c.old || t('timeline.changeEmpty')}
              </Typography.Text>{' '}
              → <Typography.Text strong>{c.new || t('timeline.changeEmpty')}</Typography.Text>
            </div>
          ))}
        </div>
      )}
      {r.esignature && <img src={r.esignature} alt="" style={{ maxHeight: 50, maxWidth: 120, marginTop: 4 }} data-testid="wf-timeline-stamp" />}
    </div>
  );
}

/**
 * The circulation / roam timeline (GET history-taskList, or `records` when the caller has them): one item per
 * record with its node, the server's sentence (already in the caller's language and with the countersign label),
 * the time, the comment and stamp; open nodes are blue with 'being approved' and their candidates.
 */
export function ProcessTimeline({ processInstanceId, records }: { processInstanceId: string; records?: TimelineRecord[] }) {
  const { t } = useTranslation('wfShared');
  const loaded = useQuery({
    queryKey: taskKeys.timeline(processInstanceId),
    queryFn: () => taskApi.timeline(processInstanceId),
    enabled: !records && !!processInstanceId,
    retry: false,
  });
  const list = records ?? loaded.data;
  return (
    <div data-testid="wf-timeline" data-id={processInstanceId} data-count={list?.length ?? 0}>
      {!records && loaded.isPending && loaded.fetchStatus !== 'idle' && <Spin />}
      {!records && loaded.isError && <Alert type="warning" showIcon title={loaded.error instanceof Error ? loaded.error.message : ''} />}
      {list && list.length === 0 && <Empty description={t('timeline.empty')} />}
      {list && list.length > 0 && (
        <Timeline
          style={{ paddingTop: 8 }}
          items={list.map((r, i) => ({ key: `${r.activityId}-${i}`, color: recordColour(r), content: <Record r={r} index={i} /> }))}
        />
      )}
    </div>
  );
}
