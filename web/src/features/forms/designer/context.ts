import { createContext, useContext, type Dispatch } from 'react';
import type { FieldType } from '@app/contracts';
import type { ListRef } from './scheme-ops';
import type { DesignerAction } from './state';

/** What is being dragged: a palette type or a canvas field. dragover cannot read dataTransfer, so it is kept here. */
export type DragPayload = { kind: 'new'; type: FieldType } | { kind: 'move'; formId: number };

/** Stable for the page's life (functions read the latest state through refs), so memoised canvas items never re-render because of it. */
export interface DesignerCtx {
  dispatch: Dispatch<DesignerAction>;
  startDrag(payload: DragPayload): void;
  endDrag(): void;
  /** Whether the current drag may drop into the list. */
  canDropHere(list: ListRef): boolean;
  drop(list: ListRef, index: number): void;
  /** The tab shown per tabs container (click-add into a selected tabs container goes there). */
  activeTabs: Map<number, string>;
}

export const DesignerContext = createContext<DesignerCtx | null>(null);

export function useDesigner(): DesignerCtx {
  const ctx = useContext(DesignerContext);
  if (!ctx) throw new Error('useDesigner outside the form designer');
  return ctx;
}
