import type { CellMeta, GridCell, GridSheet, RowColChange } from './convert';

/** The selected range (inclusive) and its focused cell. */
export interface GridSelection {
  r1: number;
  c1: number;
  r2: number;
  c2: number;
  /** The focused cell (where typing goes). */
  r: number;
  c: number;
}

/** What the designer asks of the spreadsheet grid (ReportGrid implements it over Fortune-sheet). */
export interface GridHandle {
  /** The sheet as it is now: cells (with our `rd` properties), sizes, merges, borders, frozen panes. */
  snapshot(): GridSheet;
  cell(r: number, c: number): GridCell | null;
  /** Writes one cell's text and / or our properties, as one step the grid can undo. */
  writeCell(r: number, c: number, patch: { text?: string; meta?: CellMeta | undefined }): void;
  /** Selects a cell (and scrolls to it). */
  select(r: number, c: number): void;
  undo(): void;
  redo(): void;
  /** The cell under a point of the screen (a drop), or null outside the cells. */
  cellAt(clientX: number, clientY: number): { r: number; c: number } | null;
  /** Redraws (our marks changed: row flags). */
  refresh(): void;
  /** Where a range is drawn, in the coordinates of overlayRoot (which scrolls with the cells). */
  rangeRect(range: { r: number; c: number; rs: number; cs: number }): { left: number; top: number; width: number; height: number };
  /** The element our overlays (chart placeholders) go into, or null before the grid is drawn. */
  overlayRoot(): HTMLElement | null;
}

/** What the grid tells the designer. Called outside the grid's own rendering. */
export interface GridEvents {
  onSelect(sel: GridSelection): void;
  /** A cell's content was committed (typed, pasted, written). */
  onCellChange(r: number, c: number): void;
  /** Rows or columns were inserted or deleted (also by undo and redo). */
  onRowCol(change: RowColChange): void;
  /** Anything changed the sheet. */
  onChange(): void;
}

/** Marks the grid draws for us over its headers. */
export interface GridMarks {
  /** Row index → its flags. */
  rowFlags: ReadonlyMap<number, { header?: boolean; footer?: boolean; pageBreakAfter?: boolean }>;
}
