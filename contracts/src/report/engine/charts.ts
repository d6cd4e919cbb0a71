import type { ReportChart } from '../model.js';
import { aggregateValues } from './formula.js';
import { compareForOrder, exportValue, groupKey, toText, type Scalar } from './values.js';

/**
 * A chart's echarts option, built from its data set's rows: one category per distinct value of `category` (ordered
 * as a group cell orders its values; `none`: in the order they first appear), each series the aggregate of its field over the category's rows. Plain JSON only (no
 * functions, no formatters), so the option crosses the wire and prints as it is shown.
 */
export function chartOption(chart: ReportChart, rowCount: number, read: (row: number, field: string) => Scalar): Record<string, unknown> {
  const categories: { name: string; value: Scalar; rows: number[] }[] = [];
  const byKey = new Map<string, { name: string; value: Scalar; rows: number[] }>();
  for (let i = 0; i < rowCount; i += 1) {
    const v = read(i, chart.category);
    const key = groupKey(v);
    let group = byKey.get(key);
    if (!group) {
      group = { name: toText(v), value: v, rows: [] };
      byKey.set(key, group);
      categories.push(group);
    }
    group.rows.push(i);
  }
  if (chart.order !== 'none') {
    const sign = chart.order === 'desc' ? -1 : 1;
    categories.sort((x, y) => (x.value === null ? 1 : y.value === null ? -1 : sign * compareForOrder(x.value, y.value)));
  }
  const seriesValues = chart.series.map((s) => ({
    name: s.name || s.field,
    data: categories.map((c) => {
      const v =
        s.aggregate === 'none'
          ? c.rows.length
            ? read(c.rows[0]!, s.field)
            : null
          : aggregateValues(
              s.aggregate,
              c.rows.map((r) => read(r, s.field)),
            );
      const out = exportValue(v);
      return typeof out === 'number' ? out : out === null ? null : Number(out) || 0;
    }),
  }));
  const title = chart.title ? { text: chart.title, left: 'center' } : undefined;
  const base = { animation: false, ...(title ? { title } : {}) };

  if (chart.type === 'pie' || chart.type === 'ring') {
    const first = seriesValues[0]!;
    return {
      ...base,
      tooltip: { trigger: 'item' },
      legend: { type: 'scroll', orient: 'vertical', left: 'left', top: title ? 40 : 0 },
      series: [
        {
          name: first.name,
          type: 'pie',
          radius: chart.type === 'ring' ? ['40%', '70%'] : '60%',
          data: categories.map((c, i) => ({ name: c.name, value: first.data[i] })),
        },
      ],
    };
  }
  const seriesType = chart.type === 'area' ? 'line' : chart.type;
  return {
    ...base,
    tooltip: { trigger: chart.type === 'scatter' ? 'item' : 'axis' },
    // The legend under the plot: above it, a title's second line or a wide font ran into it.
    legend: { type: 'scroll', bottom: 0, data: seriesValues.map((s) => s.name) },
    grid: { left: 48, right: 24, top: title ? 48 : 16, bottom: 40, containLabel: true },
    xAxis: { type: 'category', data: categories.map((c) => c.name) },
    yAxis: { type: 'value' },
    series: seriesValues.map((s) => ({
      name: s.name,
      type: seriesType,
      data: s.data,
      ...(chart.type === 'area' ? { areaStyle: {} } : {}),
    })),
  };
}
