import { type RefObject, useCallback, useState } from 'react';
import type { WfValidateResult } from '@app/contracts';
import { schemeApi } from '../scheme/scheme-api';
import { selectElementIn, type Canvas, type ElementRegistry, type ModelerLike, type Overlays } from './modeler';
import { diagramMarks, type DiagramMark } from './wf-config';

const MARK_TYPE = 'wf-mark';
/** The canvas marker (designer.css) of each kind of mark: red errors, orange parts that change the run, calm warnings. */
const MARKER: Record<DiagramMark['kind'], string> = { issue: 'wf-issue', unsupported: 'wf-unsupported', warning: 'wf-warning' };

/** Puts the marks of a validation on the diagram (errors red, unsupported orange, warnings calm; tool metadata none). */
function applyMarks(modeler: ModelerLike, result: WfValidateResult | null, onSelect: (elementId: string) => void): void {
  const canvas = modeler.get<Canvas>('canvas');
  const overlays = modeler.get<Overlays>('overlays');
  const registry = modeler.get<ElementRegistry>('elementRegistry');
  overlays.remove({ type: MARK_TYPE });
  for (const el of registry.getAll()) for (const marker of Object.values(MARKER)) canvas.removeMarker(el.id, marker);
  if (!result) return;
  for (const mark of diagramMarks(result.issues, result.unsupported, (eid) => !!registry.get(eid))) {
    canvas.addMarker(mark.elementId, MARKER[mark.kind]);
    const badge = document.createElement('div');
    badge.className = `wf-badge wf-badge-${mark.kind}`;
    badge.textContent = String(mark.messages.length);
    badge.title = mark.messages.join('\n');
    badge.dataset.testid = `wfd-mark-${mark.elementId}`;
    badge.dataset.kind = mark.kind;
    badge.onclick = () => onSelect(mark.elementId);
    overlays.add(mark.elementId, MARK_TYPE, { position: { top: -10, right: 10 }, html: badge });
  }
}

/**
 * The last validation of the diagram: shown in the issue list and as marks on the canvas. `validateXml` asks the
 * server and shows its answer, `show(null)` clears it.
 */
export function useDiagramCheck(modelerRef: RefObject<ModelerLike | null>) {
  const [check, setCheck] = useState<WfValidateResult | null>(null);

  const selectElement = useCallback((elementId: string | null) => selectElementIn(modelerRef.current, elementId), [modelerRef]);

  const show = useCallback(
    (result: WfValidateResult | null) => {
      setCheck(result);
      const modeler = modelerRef.current;
      if (modeler) applyMarks(modeler, result, selectElement);
    },
    [modelerRef, selectElement],
  );

  const validateXml = useCallback(
    async (xml: string) => {
      const result = await schemeApi.validate(xml);
      show(result);
      return result;
    },
    [show],
  );

  return { check, show, validateXml, selectElement };
}
