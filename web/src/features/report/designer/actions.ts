import { bindingLabel, newBinding, type CellMeta } from './convert';
import type { GridHandle } from './grid-types';

/** Binds a data set field to a cell as a list does: expanding down, one instance per distinct value (group). */
export function bindField(handle: GridHandle | null, r: number, c: number, dataSet: string, field: string): void {
  if (!handle) return;
  const meta: CellMeta = { ...(handle.cell(r, c)?.rd ?? {}), binding: newBinding(dataSet, field, 'down') };
  handle.writeCell(r, c, { text: bindingLabel(meta.binding!), meta });
}

/** The drag payload of a field dragged from the data sets panel. */
export const FIELD_DRAG_TYPE = 'application/x-report-field';
