import { memo, useEffect, useLayoutEffect, useMemo, useRef, type RefObject } from 'react';
import { Workbook, type WorkbookInstance } from '@fortune-sheet/react';
import '@fortune-sheet/react/dist/index.css';
import { DEFAULT_COL_WIDTH, DEFAULT_ROW_HEIGHT } from '@app/contracts';
import { fieldRanges, matrixOf, needsQuote, rowColChangeOf, type GridCell, type GridRange, type GridSheet, type RowColChange } from './convert';
import type { GridEvents, GridHandle, GridMarks } from './grid-types';

/**
 * The spreadsheet grid of the designer: Fortune-sheet (MIT), loaded with the designer's chunk only. It owns the
 * cells while the user edits; the designer reads them through the GridHandle when it saves, previews or checks.
 * Nothing of ours runs while a user types in a cell: the grid's hooks fire on commit, selection and operations.
 */

/**
 * Field cells show in blue, as the grid's own conditional format (never part of the saved style) over exactly the
 * field cells (fieldRanges): the grid checks a rule over its whole range at every redraw, and each keystroke in a
 * cell redraws, so a rule over the whole sheet cost a big template a pass over every cell per key (half the time
 * of opening a cell's editor and of committing it on a 500 × 30 sheet). The ranges follow the cells after every
 * operation of the grid (refreshFieldRules).
 */
const FIELD_TEXT_COLOR = '#1677ff';
const fieldRules = (ranges: GridRange[]) =>
  ranges.length
    ? [
        {
          type: 'default',
          cellrange: ranges,
          format: { textColor: FIELD_TEXT_COLOR, cellColor: null },
          // Every cell of the ranges is a field (#{…} or ${…}): the rule only has to hold for all of them.
          conditionName: 'textContains',
          conditionRange: [],
          conditionValue: ['{'],
        },
      ]
    : [];

const KIND_MARK: Record<string, string> = { image: '#13c2c2', qrcode: '#722ed1', barcode: '#eb2f96' };
const FLAG_MARK = { header: '#1677ff', footer: '#52c41a', pageBreak: '#ff4d4f' };

const TOOLBAR = [
  'undo',
  'redo',
  'format-painter',
  'clear-format',
  '|',
  'currency-format',
  'percentage-format',
  'number-decrease',
  'number-increase',
  'format',
  '|',
  'font',
  '|',
  'font-size',
  '|',
  'bold',
  'italic',
  'strike-through',
  'underline',
  '|',
  'font-color',
  'background',
  'border',
  'merge-cell',
  '|',
  'horizontal-align',
  'vertical-align',
  'text-wrap',
  '|',
  'freeze',
];
const CONTEXT_MENU = [
  'copy',
  'paste',
  '|',
  'insert-row',
  'insert-column',
  'delete-row',
  'delete-column',
  '|',
  'set-row-height',
  'set-column-width',
  '|',
  'clear',
];

/** The sheet as the grid takes it at mount: celldata (a sheet read back from the grid has a matrix instead). */
function initialData(sheet: GridSheet) {
  const rules = fieldRules(fieldRanges(matrixOf(sheet)));
  let { celldata, row, column } = sheet;
  if (sheet.data) {
    celldata = [];
    sheet.data.forEach((cells, r) => cells?.forEach((v, c) => v && celldata!.push({ r, c, v })));
    row = sheet.data.length;
    column = sheet.data[0]?.length ?? column;
  }
  return [
    {
      name: sheet.name,
      id: sheet.id ?? 'report',
      row,
      column,
      celldata,
      config: sheet.config ?? {},
      ...(sheet.frozen ? { frozen: sheet.frozen } : {}),
      defaultRowHeight: sheet.defaultRowHeight ?? DEFAULT_ROW_HEIGHT,
      defaultColWidth: sheet.defaultColWidth ?? DEFAULT_COL_WIDTH,
      luckysheet_conditionformat_save: rules,
      status: 1,
      order: 0,
    },
  ];
}

type Sheet = { data?: (GridCell | null)[][]; config?: GridSheet['config']; frozen?: GridSheet['frozen']; name: string; id?: string };

export interface ReportGridProps {
  /** The sheet the grid opens with (read at mount only: remount with a key to open another). */
  initial: GridSheet;
  lang: string;
  /** The designer's callbacks (a ref: the grid's settings must not change after mount). */
  events: RefObject<GridEvents | null>;
  marks: RefObject<GridMarks>;
  onReady: (handle: GridHandle | null) => void;
  /** Called as the grid goes away (another tab shown), with the sheet as it was. */
  onLeave?: (sheet: GridSheet) => void;
  readOnly?: boolean;
}

function ReportGridImpl({ initial, lang, events, marks, onReady, onLeave, readOnly }: ReportGridProps) {
  const wbRef = useRef<WorkbookInstance>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const handleRef = useRef<GridHandle | null>(null);
  // Grid hooks run inside the grid's state updates (twice under StrictMode): what they report is sent once, after.
  const pending = useRef(new Map<string, () => void>());
  const later = (key: string, fn: () => void) => {
    if (pending.current.has(key)) return;
    pending.current.set(key, fn);
    queueMicrotask(() => {
      pending.current.delete(key);
      fn();
    });
  };

  const data = useMemo(() => initialData(initial), [initial]);

  const sheet = (): Sheet | undefined => wbRef.current?.getAllSheets()[0] as Sheet | undefined;
  /** The field cells' rule as the grid has it; set anew (outside the undo history) when the field cells changed. */
  const appliedRules = useRef(JSON.stringify(data[0]!.luckysheet_conditionformat_save));
  const refreshFieldRules = () => {
    const wb = wbRef.current;
    const s = sheet();
    if (!wb || !s?.data) return;
    const rules = fieldRules(fieldRanges(s.data));
    const key = JSON.stringify(rules);
    if (key === appliedRules.current) return;
    appliedRules.current = key;
    wb.applyOp([{ op: 'replace', id: s.id, path: ['luckysheet_conditionformat_save'], value: rules }] as never);
  };
  /**
   * After an operation: the grid reports it while its state is being updated, and the sheet it answers is the one
   * before until the update is committed (a new cell matrix), so the rule is set once the matrix has changed (or
   * after a few turns, for an operation that leaves the cells as they were).
   */
  const refreshFieldRulesSoon = (before: unknown, turns = 3) =>
    setTimeout(() => {
      if (sheet()?.data === before && turns > 0) refreshFieldRulesSoon(before, turns - 1);
      else refreshFieldRules();
    }, 0);
  const sizes = () => {
    const s = sheet();
    const cfg = s?.config ?? {};
    const w = (c: number) => (Number(cfg.columnlen?.[c]) || DEFAULT_COL_WIDTH) + 1;
    const h = (r: number) => (Number(cfg.rowlen?.[r]) || DEFAULT_ROW_HEIGHT) + 1;
    return { w, h, rows: s?.data?.length ?? 0, cols: s?.data?.[0]?.length ?? 0 };
  };

  const handle = useMemo<GridHandle>(
    () => ({
      snapshot: () => {
        const s = sheet();
        return { name: s?.name ?? 'Sheet1', id: s?.id, data: s?.data ?? [], config: s?.config ?? {}, frozen: s?.frozen };
      },
      cell: (r, c) => sheet()?.data?.[r]?.[c] ?? null,
      writeCell: (r, c, patch) => {
        const wb = wbRef.current;
        if (!wb) return;
        const cur = sheet()?.data?.[r]?.[c] ?? null;
        const next: Record<string, unknown> = {};
        if (patch.text !== undefined) {
          next.v = patch.text;
          next.m = patch.text;
          next.qp = 0;
          // Keep the number format the user gave the cell; rich text becomes plain.
          next.ct = cur?.ct && cur.ct.t !== 'inlineStr' ? cur.ct : undefined;
        } else {
          next.v = cur?.v;
          next.m = cur?.m;
          next.ct = cur?.ct;
        }
        if ('meta' in patch) next.rd = patch.meta;
        wb.setCellValue(r, c, next);
      },
      select: (r, c) => {
        const wb = wbRef.current;
        if (!wb) return;
        wb.setSelection([{ row: [r, r], column: [c, c] }]);
        wb.scroll({ targetRow: r, targetColumn: c });
      },
      undo: () => wbRef.current?.handleUndo(),
      redo: () => wbRef.current?.handleRedo(),
      cellAt: (clientX, clientY) => {
        const area = boxRef.current?.querySelector<HTMLElement>('.fortune-cell-area');
        if (!area) return null;
        const rect = area.getBoundingClientRect();
        if (clientX < rect.left || clientY < rect.top || clientX > rect.right || clientY > rect.bottom) return null;
        const x = clientX - rect.left + area.scrollLeft;
        const y = clientY - rect.top + area.scrollTop;
        const { w, h, rows, cols } = sizes();
        let c = 0;
        for (let at = 0; c < cols; c++) if ((at += w(c)) > x) break;
        let r = 0;
        for (let at = 0; r < rows; r++) if ((at += h(r)) > y) break;
        return r < rows && c < cols ? { r, c } : null;
      },
      refresh: () => {
        const wb = wbRef.current;
        const sel = wb?.getSelection();
        if (wb && sel?.length) wb.setSelection(sel);
      },
      rangeRect: ({ r, c, rs, cs }) => {
        const { w, h } = sizes();
        let left = 0;
        for (let i = 0; i < c; i++) left += w(i);
        let top = 0;
        for (let i = 0; i < r; i++) top += h(i);
        let width = 0;
        for (let i = c; i < c + cs; i++) width += w(i);
        let height = 0;
        for (let i = r; i < r + rs; i++) height += h(i);
        return { left, top, width: width - 1, height: height - 1 };
      },
      overlayRoot: () => boxRef.current?.querySelector<HTMLElement>('.fortune-cell-area') ?? null,
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reads the grid through its ref only
    [],
  );
  handleRef.current = handle;

  useEffect(() => {
    onReady(handle);
    // The grid's first selection can lack its end on a large sheet (its name box then reads "A1:NaN"): start at A1.
    const frame = requestAnimationFrame(() => wbRef.current?.setSelection([{ row: [0, 0], column: [0, 0] }]));
    return () => {
      cancelAnimationFrame(frame);
      onReady(null);
    };
  }, [handle, onReady]);
  // Before the grid leaves the page: its last state, for when it comes back.
  const leaveRef = useRef(onLeave);
  leaveRef.current = onLeave;
  useLayoutEffect(() => () => leaveRef.current?.(handle.snapshot()), [handle]);

  const hooks = useMemo(
    () => ({
      beforeUpdateCell: (r: number, c: number, value: unknown) => {
        // A field shorthand or a formula: written by us, as text (the grid would evaluate `=…` as its own formula
        // and reset the cell's number format), in one step after the grid's.
        if (typeof value !== 'string' || !needsQuote(value.trim())) return true;
        const text = value.trim();
        later(`write ${r} ${c} ${text}`, () => handleRef.current?.writeCell(r, c, { text }));
        return false;
      },
      afterUpdateCell: (r: number, c: number) => events.current?.onCellChange(r, c),
      afterSelectionChange: (_id: string, sel: { row?: number[]; column?: number[]; row_focus?: number; column_focus?: number }) => {
        if (!sel?.row || !sel.column) return;
        const [r1 = 0, r2 = r1] = sel.row;
        const [c1 = 0, c2 = c1] = sel.column;
        events.current?.onSelect({ r1, r2, c1, c2, r: sel.row_focus ?? r1, c: sel.column_focus ?? c1 });
      },
      afterRenderCell: (cell: GridCell | null, info: { startX: number; startY: number; endX: number }, ctx: CanvasRenderingContext2D) => {
        const kind = cell?.rd?.kind;
        if (!kind) return;
        ctx.save();
        ctx.beginPath();
        ctx.moveTo(info.endX - 8, info.startY);
        ctx.lineTo(info.endX, info.startY);
        ctx.lineTo(info.endX, info.startY + 8);
        ctx.closePath();
        ctx.fillStyle = KIND_MARK[kind] ?? '#722ed1';
        ctx.fill();
        ctx.restore();
      },
      afterRenderRowHeaderCell: (_n: string, rowIndex: number, top: number, _width: number, height: number, ctx: CanvasRenderingContext2D) => {
        const f = marks.current?.rowFlags.get(rowIndex);
        if (!f) return;
        ctx.save();
        if (f.header || f.footer) {
          ctx.fillStyle = f.header ? FLAG_MARK.header : FLAG_MARK.footer;
          ctx.fillRect(0, top, 4, height);
        }
        if (f.pageBreakAfter) {
          ctx.strokeStyle = FLAG_MARK.pageBreak;
          ctx.setLineDash([4, 2]);
          ctx.lineWidth = 2;
          ctx.beginPath();
          ctx.moveTo(0, top + height - 1);
          ctx.lineTo(_width, top + height - 1);
          ctx.stroke();
        }
        ctx.restore();
      },
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the grid reads its settings once
    [],
  );

  const onOp = useMemo(
    () => (ops: { op: string; value?: unknown }[]) => {
      const changes: RowColChange[] = [];
      for (const op of ops) {
        const ch = rowColChangeOf(op);
        if (ch) changes.push(ch);
      }
      later(`op ${JSON.stringify(changes)} ${ops.length}`, () => {
        refreshFieldRulesSoon(sheet()?.data);
        for (const ch of changes) events.current?.onRowCol(ch);
        events.current?.onChange();
      });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- stable for the grid's settings
    [],
  );

  return (
    <div ref={boxRef} className="rd-grid" data-testid="rd-grid">
      <Workbook
        ref={wbRef}
        data={data as never}
        lang={lang}
        allowEdit={!readOnly}
        showToolbar={!readOnly}
        showSheetTabs={false}
        toolbarItems={TOOLBAR}
        cellContextMenu={CONTEXT_MENU}
        headerContextMenu={CONTEXT_MENU}
        defaultRowHeight={DEFAULT_ROW_HEIGHT}
        defaultColWidth={DEFAULT_COL_WIDTH}
        hooks={hooks as never}
        onOp={onOp as never}
      />
    </div>
  );
}

/** Memoised: the designer re-renders often (panels, selection), the grid only when it is opened anew. */
const ReportGrid = memo(ReportGridImpl);
export default ReportGrid;
