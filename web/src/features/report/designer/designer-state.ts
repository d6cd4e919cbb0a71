import { createContext, useCallback, useContext, useMemo, useRef, useState, type RefObject } from 'react';
import type { ReportDesign } from '@app/contracts';
import { createStore, useStore, type Store } from '../../../lib/store';
import { designToGrid, gridToDesign, shiftSide, sideOf, type DesignSide, type GridSheet, type RowColChange } from './convert';
import type { GridEvents, GridHandle, GridMarks, GridSelection } from './grid-types';

/** The selection, and a tick that moves whenever the selected cell may have changed (the panel reads it anew). */
export interface SelectionState {
  sel: GridSelection | null;
  tick: number;
}

/** Waiting for a cell to be clicked: the row or column parent of `target`. */
export interface ParentPick {
  target: { r: number; c: number };
  axis: 'rowParent' | 'colParent';
}

/**
 * One open design: our state beside the grid (data sets, parameters, charts, print setup, row flags), the grid's
 * handle, the selection, unsaved changes. The grid keeps the cells; toDesign() reads them when the design is saved,
 * previewed or checked, never per keystroke.
 */
export function useDesignerState() {
  const [side, setSideState] = useState<DesignSide>(() => sideOf(emptyDesign()));
  const sideRef = useRef(side);
  sideRef.current = side;
  const [dirty, setDirty] = useState(false);
  const dirtyRef = useRef(false);
  /** Opening another design remounts the grid. */
  const [gridKey, setGridKey] = useState(0);
  const initialRef = useRef<GridSheet>(designToGrid(emptyDesign()));
  const handleRef = useRef<GridHandle | null>(null);
  const [gridReady, setGridReady] = useState(false);
  const marksRef = useRef<GridMarks>({ rowFlags: new Map() });
  const selection = useMemo(() => createStore<SelectionState>({ sel: null, tick: 0 }), []);
  const pickRef = useRef<ParentPick | null>(null);
  const [picking, setPicking] = useState<ParentPick | null>(null);
  const pickDone = useRef<((cell: { r: number; c: number }) => void) | null>(null);

  const markDirty = useCallback(() => {
    if (dirtyRef.current) return;
    dirtyRef.current = true;
    setDirty(true);
  }, []);
  const markSaved = useCallback(() => {
    dirtyRef.current = false;
    setDirty(false);
  }, []);

  const setSide = useCallback(
    (next: DesignSide | ((prev: DesignSide) => DesignSide)) => {
      setSideState((prev) => {
        const value = typeof next === 'function' ? next(prev) : next;
        marksRef.current = { rowFlags: new Map(value.rowFlags.map((f) => [f.r, f])) };
        return value;
      });
      markDirty();
    },
    [markDirty],
  );

  /** Opens a design (loaded, restored): the grid starts anew with it. */
  const open = useCallback(
    (design: ReportDesign) => {
      const s = sideOf(design);
      sideRef.current = s;
      setSideState(s);
      marksRef.current = { rowFlags: new Map(s.rowFlags.map((f) => [f.r, f])) };
      initialRef.current = designToGrid(design);
      setGridKey((k) => k + 1);
      dirtyRef.current = false;
      setDirty(false);
      selection.set({ sel: null, tick: 0 });
    },
    [selection],
  );

  /** The design as it is now: the grid's cells and our state. */
  const toDesign = useCallback((): ReportDesign => {
    const sheet = handleRef.current?.snapshot() ?? initialRef.current;
    return gridToDesign(sheet, sideRef.current);
  }, []);

  const onReady = useCallback((h: GridHandle | null) => {
    handleRef.current = h;
    setGridReady(!!h);
  }, []);
  /** The grid leaves (another tab): it comes back as it was, undo history aside. */
  const onLeave = useCallback((sheet: GridSheet) => {
    initialRef.current = sheet;
  }, []);

  const bump = useCallback(() => selection.set((s) => ({ ...s, tick: s.tick + 1 })), [selection]);

  const eventsRef = useRef<GridEvents | null>(null);
  eventsRef.current = {
    onSelect: (sel) => {
      const pick = pickRef.current;
      if (pick && (sel.r !== pick.target.r || sel.c !== pick.target.c)) {
        pickRef.current = null;
        setPicking(null);
        pickDone.current?.({ r: sel.r, c: sel.c });
        handleRef.current?.select(pick.target.r, pick.target.c);
        return;
      }
      selection.set((s) => ({ sel, tick: s.tick + 1 }));
    },
    onCellChange: () => bump(),
    onRowCol: (change: RowColChange) => {
      setSideState((prev) => {
        const value = shiftSide(prev, change);
        marksRef.current = { rowFlags: new Map(value.rowFlags.map((f) => [f.r, f])) };
        return value;
      });
    },
    onChange: () => {
      markDirty();
      bump();
    },
  };

  /** The next cell clicked in the grid becomes `axis` of the target cell. */
  const pickParent = useCallback((pick: ParentPick | null, done?: (cell: { r: number; c: number }) => void) => {
    pickRef.current = pick;
    pickDone.current = done ?? null;
    setPicking(pick);
  }, []);

  return {
    side,
    setSide,
    dirty,
    markDirty,
    markSaved,
    gridKey,
    initialRef,
    handleRef,
    gridReady,
    marksRef,
    eventsRef,
    selection,
    open,
    toDesign,
    onReady,
    onLeave,
    bump,
    picking,
    pickParent,
  };
}

function emptyDesign(): ReportDesign {
  return {
    version: 1,
    sheet: { rows: 20, cols: 8, colWidths: [], rowHeights: [], cells: [], merges: [], rowFlags: [] },
    dataSets: [],
    params: [],
    charts: [],
    print: defaultPrint(),
  };
}

export function defaultPrint(): ReportDesign['print'] {
  return { paper: 'A4', orientation: 'portrait', margins: { top: 15, right: 10, bottom: 15, left: 10 }, fitWidth: true, pageNumbers: true };
}

export type DesignerState = ReturnType<typeof useDesignerState>;

export const DesignerContext = createContext<DesignerState | null>(null);

export function useDesigner(): DesignerState {
  const state = useContext(DesignerContext);
  if (!state) throw new Error('useDesigner outside the designer');
  return state;
}

export function useSelection(store: Store<SelectionState>): SelectionState {
  return useStore(store);
}

export type HandleRef = RefObject<GridHandle | null>;
