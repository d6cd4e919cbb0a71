import { memo, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportOutChart, ReportOutCell, ReportPage, ReportPages } from '@app/contracts';
import { chartPosition, layoutPage, paperOf, styleCss, type LaidCell } from './layout';
import { useReadyTracker } from './ready';

/** A QR code or barcode drawn by bwip-js (loaded with the first code) as SVG, fitted into its cell. */
function CodeCell({ kind, text, format, width, height }: { kind: 'qrcode' | 'barcode'; text: string; format?: string; width: number; height: number }) {
  const tracker = useReadyTracker();
  const [svg, setSvg] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!text) return;
    const done = tracker?.begin();
    let live = true;
    import('./codes')
      .then(({ codeSvg }) => {
        if (!live) return;
        try {
          setSvg(codeSvg(kind, text, format));
          setFailed(false);
        } catch {
          setFailed(true);
        }
      })
      .catch(() => live && setFailed(true))
      .finally(() => done?.());
    return () => {
      live = false;
      done?.();
    };
  }, [kind, text, format, tracker]);
  const box: CSSProperties = { width: Math.max(0, width - 6), height: Math.max(0, height - 2) };
  if (failed) return <span className="rv-code-bad">{text}</span>;
  // bwip-js's own markup (paths only; the text is drawn as glyph paths, never inserted as markup).
  return <div className="rv-code" style={box} data-code={kind} dangerouslySetInnerHTML={svg ? { __html: svg } : undefined} />;
}

/** An echarts chart (echarts loads with the first chart) over the cells it covers, drawn as SVG. */
function ChartBox({ chart, left, top, animate }: { chart: ReportOutChart; left: number; top: number; animate: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const tracker = useReadyTracker();
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const done = tracker?.begin();
    let live = true;
    let dispose: (() => void) | undefined;
    import('./echarts')
      .then(({ echarts }) => {
        if (!live) return;
        const instance = echarts.init(el, null, { renderer: 'svg', width: chart.width, height: chart.height });
        instance.setOption(animate ? chart.option : { ...chart.option, animation: false });
        dispose = () => instance.dispose();
      })
      .catch(() => undefined)
      .finally(() => done?.());
    return () => {
      live = false;
      dispose?.();
      done?.();
    };
  }, [chart, animate, tracker]);
  return <div ref={ref} className="rv-chart" style={{ left, top, width: chart.width, height: chart.height }} data-testid={`report-chart-${chart.id}`} />;
}

function CellContent({ cell, width, height }: { cell: ReportOutCell; width: number; height: number }) {
  if (cell.kind === 'image') return cell.t ? <img className="rv-img" src={cell.t} alt="" style={{ maxHeight: Math.max(0, height - 2) }} /> : null;
  if (cell.kind === 'qrcode' || cell.kind === 'barcode')
    return <CodeCell kind={cell.kind} text={cell.t} format={cell.barcodeFormat} width={width} height={height} />;
  return <>{cell.t}</>;
}

function Td({ laid, css }: { laid: Extract<LaidCell, { kind: 'cell' }>; css: CSSProperties }) {
  const { cell } = laid;
  // Numbers stand to the right unless the style says otherwise, as in a spreadsheet.
  const align: CSSProperties = css.textAlign || typeof cell.v !== 'number' ? css : { ...css, textAlign: 'right' };
  return (
    <td rowSpan={laid.rs > 1 ? laid.rs : undefined} colSpan={laid.cs > 1 ? laid.cs : undefined} style={align}>
      <div className="rv-cell" style={{ maxHeight: laid.height }}>
        <CellContent cell={cell} width={laid.width} height={laid.height} />
      </div>
    </td>
  );
}

/** One page's rows over its columns: a fixed-layout table (exact widths and heights, spans), charts above it. */
export const ReportSheet = memo(function ReportSheet({ data, page, animate = true }: { data: ReportPages; page: ReportPage; animate?: boolean }) {
  const layout = useMemo(() => layoutPage(page, data.colWidths), [page, data.colWidths]);
  const css = useMemo(() => data.styles.map(styleCss), [data.styles]);
  const scale = data.scale > 0 && data.scale !== 1 ? data.scale : undefined;
  return (
    <div className="rv-sheet" style={{ width: layout.width, zoom: scale }} data-testid="report-sheet">
      <table className="rv-table" style={{ width: layout.width }}>
        <colgroup>
          {layout.colWidths.map((w, i) => (
            <col key={i} style={{ width: w }} />
          ))}
        </colgroup>
        <tbody>
          {layout.rows.map((row, ri) => (
            <tr key={`${row.i}-${ri}`} style={{ height: row.h }} data-row={row.i}>
              {row.cells.map((laid) =>
                laid.kind === 'empty' ? (
                  <td key={`e${laid.col}`} colSpan={laid.cs > 1 ? laid.cs : undefined} />
                ) : (
                  <Td key={laid.col} laid={laid} css={css[laid.cell.s] ?? {}} />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {page.charts.map((chart) => {
        const at = chartPosition(layout, page, chart);
        return at ? <ChartBox key={chart.id} chart={chart} left={at.left} top={at.top} animate={animate} /> : null;
      })}
    </div>
  );
});

/**
 * A page on its paper: the print setup's size and margins, white with the report's own colours (also in the dark
 * theme: a report is a document), and "第 N 页 / 共 M 页" on the line the pagination keeps free at the bottom of
 * the printable area when the setup asks for page numbers.
 */
export function PaperPage({ data, page, printing = false }: { data: ReportPages; page: ReportPage; printing?: boolean }) {
  const { t } = useTranslation('report');
  const paper = paperOf(data.print);
  const m = paper.margins;
  // On screen the sheet of paper with its margins; printed, the page box (@page gives size and margins).
  const style: CSSProperties = printing
    ? { width: `${paper.contentWidth}mm`, height: `${paper.contentHeight - 0.5}mm` }
    : { width: `${paper.width}mm`, minHeight: `${paper.height}mm`, padding: `${m.top}mm ${m.right}mm ${m.bottom}mm ${m.left}mm` };
  return (
    <div className={printing ? 'rv-paper rv-print-page' : 'rv-paper'} style={style} data-testid="report-page" data-page={page.index}>
      <ReportSheet data={data} page={page} animate={!printing} />
      {data.print.pageNumbers && (
        <div className="rv-page-number" style={{ bottom: printing ? 0 : `${m.bottom}mm` }} data-testid="report-page-number">
          {t('viewer.pageNumber', { page: page.index + 1, total: data.pageCount })}
        </div>
      )}
    </div>
  );
}
