import { useCallback, useEffect, useRef, useState } from 'react';
import { bridgeOf, type DesignerBridge, type DiagramElement } from './bridge';
import type { EventBus, ModelerLike } from './modeler';
import { wfModdleDescriptor } from './wf-config';

/**
 * The bpmn-js modeler of the page: created once in the canvas element, bpmn-js loaded on demand, destroyed with
 * the page. It follows the selection and marks every command as a change.
 * `setDirty` must keep its identity (a state setter): a new one would create the modeler again.
 */
export function useModeler(setDirty: (dirty: boolean) => void) {
  const containerRef = useRef<HTMLDivElement>(null);
  const modelerRef = useRef<ModelerLike | null>(null);
  const [bridge, setBridge] = useState<DesignerBridge | null>(null);
  const [selected, setSelected] = useState<DiagramElement | null>(null);
  // The diagram lives outside React: a command re-renders the page so the panel shows the new state.
  const [, setRev] = useState(0);
  const refresh = useCallback(() => setRev((r) => r + 1), []);

  useEffect(() => {
    let alive = true;
    let modeler: ModelerLike | null = null;
    void import('bpmn-js/lib/Modeler').then(({ default: Modeler }) => {
      if (!alive || !containerRef.current) return;
      modeler = new Modeler({ container: containerRef.current, moddleExtensions: { wf: wfModdleDescriptor } }) as unknown as ModelerLike;
      modelerRef.current = modeler;
      const bus = modeler.get<EventBus>('eventBus');
      bus.on('selection.changed', (e) => setSelected(e.newSelection?.length === 1 ? e.newSelection[0]! : null));
      bus.on('commandStack.changed', (e) => {
        setRev((r) => r + 1);
        // Opening a document clears the command stack: that is no change.
        if (e.trigger !== 'clear') setDirty(true);
      });
      setBridge(bridgeOf(modeler.get.bind(modeler)));
    });
    return () => {
      alive = false;
      modeler?.destroy();
      modelerRef.current = null;
    };
  }, [setDirty]);

  return { containerRef, modelerRef, bridge, selected, setSelected, refresh };
}
