import { useCallback, useEffect, useMemo, useRef, useState, type Dispatch } from 'react';
import type { FieldType } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import type { DesignerCtx, DragPayload } from './context';
import { newField } from './palette';
import { canDrop, findField, type ListRef } from './scheme-ops';
import type { DesignerAction, DesignerState } from './state';

/** Adding fields from the palette and dragging fields onto the canvas; the context object the canvas reads. */
export function useDesignerDrag(state: DesignerState, dispatch: Dispatch<DesignerAction>) {
  const { t } = useTranslation('formDesigner');
  // Handlers given to memoised children read the latest state here, so the context object never changes.
  const latest = useRef({ state, t });
  useEffect(() => {
    latest.current = { state, t };
  });
  const drag = useRef<DragPayload | null>(null);
  const [activeTabs] = useState(() => new Map<number, string>());

  const addField = useCallback(
    (type: FieldType, at?: { list: ListRef; index: number }) =>
      dispatch({
        type: 'add',
        fieldType: type,
        at,
        make: (formId, vModel) => newField(type, formId, vModel, latest.current.t),
        activeTab: (formId) => activeTabs.get(formId),
      }),
    [activeTabs, dispatch],
  );

  const dropAllowed = useCallback((p: DragPayload | null, list: ListRef) => {
    if (!p) return false;
    const data = latest.current.state.present.data;
    if (p.kind === 'new') return canDrop(data, list, p.type);
    const moving = findField(data, p.formId);
    return !!moving && canDrop(data, list, moving.field.__config__.avueType, p.formId);
  }, []);
  const ctx = useMemo<DesignerCtx>(
    () => ({
      dispatch,
      activeTabs,
      startDrag: (p) => (drag.current = p),
      endDrag: () => (drag.current = null),
      canDropHere: (list) => dropAllowed(drag.current, list),
      drop: (list, index) => {
        const p = drag.current;
        drag.current = null;
        // A drop event may come even where dragover refused it (or from outside the page).
        if (!p || !dropAllowed(p, list)) return;
        if (p.kind === 'new') addField(p.type, { list, index });
        else dispatch({ type: 'move', formId: p.formId, list, index });
      },
    }),
    [activeTabs, addField, dropAllowed, dispatch],
  );
  return { ctx, addField };
}
