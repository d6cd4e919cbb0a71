import { useState } from 'react';
import { Alert, Button, Space, Spin, Tooltip } from 'antd';
import { ColumnWidthOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { taskApi, taskKeys } from '../task-api';

/** The colours of the server's SVG (server/src/modules/workflow/engine/svg.ts COLOURS): the legend repeats them. */
export const CHART_COLOURS = {
  done: { stroke: '#52c41a', fill: '#f6ffed' },
  current: { stroke: '#fa8c16', fill: '#fff7e6' },
  pending: { stroke: '#8c8c8c', fill: '#ffffff' },
} as const;

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];
const FIT = 2; // index of 1 = the container's width

export const diagramKey = (processInstanceId: string) => [...taskKeys.all, 'diagram', processInstanceId] as const;

/**
 * The instance's diagram (GET view-process-url → a signed SVG address) as an image: done nodes green, current
 * orange, the rest grey (coloured by the server), a legend, zoom in / out / fit; scrolls when zoomed past the width.
 */
export function FlowChart({ processInstanceId }: { processInstanceId: string }) {
  const { t } = useTranslation('wfShared');
  const [zoom, setZoom] = useState(FIT);
  const url = useQuery({
    queryKey: diagramKey(processInstanceId),
    queryFn: () => taskApi.diagramUrl(processInstanceId),
    enabled: !!processInstanceId,
    retry: false,
    staleTime: 0,
  });
  const scale = ZOOMS[zoom];
  return (
    <div data-testid="wf-flow-chart" data-id={processInstanceId}>
      <Space wrap style={{ marginBottom: 8, width: '100%', justifyContent: 'space-between' }}>
        <Space size="middle" wrap data-testid="wf-flow-legend">
          {(['done', 'current', 'pending'] as const).map((k) => (
            <Space key={k} size={4}>
              <span
                style={{
                  display: 'inline-block',
                  width: 14,
                  height: 14,
                  borderRadius: 3,
                  border: `2px solid ${CHART_COLOURS[k].stroke}`,
                  background: CHART_COLOURS[k].fill,
                }}
              />
              <span>{t(`chart.${k}`)}</span>
            </Space>
          ))}
        </Space>
        <Space size={4}>
          <Tooltip title={t('chart.zoomOut')}>
            <Button
              size="small"
              icon={<ZoomOutOutlined />}
              disabled={zoom === 0}
              onClick={() => setZoom((z) => Math.max(0, z - 1))}
              aria-label={t('chart.zoomOut')}
              data-testid="wf-flow-zoom-out"
            />
          </Tooltip>
          <Tooltip title={t('chart.fit')}>
            <Button size="small" icon={<ColumnWidthOutlined />} onClick={() => setZoom(FIT)} aria-label={t('chart.fit')} data-testid="wf-flow-zoom-fit" />
          </Tooltip>
          <Tooltip title={t('chart.zoomIn')}>
            <Button
              size="small"
              icon={<ZoomInOutlined />}
              disabled={zoom === ZOOMS.length - 1}
              onClick={() => setZoom((z) => Math.min(ZOOMS.length - 1, z + 1))}
              aria-label={t('chart.zoomIn')}
              data-testid="wf-flow-zoom-in"
            />
          </Tooltip>
          <span style={{ minWidth: 40, textAlign: 'right' }} data-testid="wf-flow-zoom">
            {Math.round(scale * 100)}%
          </span>
        </Space>
      </Space>
      <div
        style={{ overflow: 'auto', maxHeight: '70vh', border: '1px solid #f0f0f0', borderRadius: 4, background: '#fff', padding: 8, textAlign: 'center' }}
        data-testid="wf-flow-scroll"
      >
        {url.isPending && url.fetchStatus !== 'idle' && <Spin />}
        {url.isError && <Alert type="warning" showIcon title={url.error instanceof Error ? url.error.message : t('chart.empty')} />}
        {url.data?.url && (
          <img
            src={url.data.url}
            alt={t('chart.alt')}
            style={{ width: `${scale * 100}%`, maxWidth: 'none', height: 'auto', display: 'inline-block' }}
            data-testid="wf-flow-image"
          />
        )}
      </div>
    </div>
  );
}
