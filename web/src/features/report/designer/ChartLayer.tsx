import { useDeferredValue, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { BarChartOutlined } from '@ant-design/icons';
import type { ReportChart } from '@app/contracts';
import type { GridHandle } from './grid-types';
import { useDesigner, useSelection } from './designer-state';

/**
 * The charts drawn over the grid as placeholder boxes on the cells they cover (the viewer draws the real chart).
 * They sit in the grid's cell area, which scrolls with the cells; clicks go through to the cells but the title,
 * which opens the chart's dialog.
 */
export function ChartLayer({ handle, charts, onEdit }: { handle: GridHandle | null; charts: ReportChart[]; onEdit: (chart: ReportChart) => void }) {
  const { t } = useTranslation('reportDesigner');
  // Sizes change with the sheet (a column dragged wider, a row inserted): drawn anew with every change.
  const { tick } = useDeferredValue(useSelection(useDesigner().selection));
  const [root, setRoot] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (!handle) return setRoot(null);
    // The cell area appears once the grid has drawn.
    let frame = 0;
    const find = () => {
      const el = handle.overlayRoot();
      if (el) setRoot(el);
      else frame = requestAnimationFrame(find);
    };
    find();
    return () => cancelAnimationFrame(frame);
  }, [handle]);
  if (!root || !handle || !charts.length) return null;
  void tick;
  return createPortal(
    <>
      {charts.map((ch) => {
        const rect = handle.rangeRect(ch.anchor);
        return (
          <div key={ch.id} className="rd-chart-box" style={rect} data-testid={`rd-chart-box-${ch.id}`}>
            <button type="button" className="rd-chart-title" onClick={() => onEdit(ch)} onMouseDown={(e) => e.stopPropagation()}>
              <BarChartOutlined /> {ch.title || t(`chart.types.${ch.type}`)} · {t(`chart.types.${ch.type}`)}
            </button>
          </div>
        );
      })}
    </>,
    root,
  );
}
