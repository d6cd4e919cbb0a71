import type { DiagramElement } from './bridge';
import type { ModdleLike } from './wf-config';

/** The bpmn-js Modeler as the designer uses it (the module is loaded on demand, the type stays local). */
export interface ModelerLike {
  get<T>(name: string): T;
  importXML(xml: string): Promise<{ warnings: unknown[] }>;
  saveXML(options?: { format?: boolean }): Promise<{ xml?: string }>;
  /** The parsed document of the last import (bpmn-js moddle). */
  getDefinitions(): ModdleLike | undefined;
  destroy(): void;
}
export interface EventBus {
  on(event: string, fn: (e: { newSelection?: DiagramElement[]; trigger?: string }) => void): void;
}
export interface Overlays {
  add(id: string, type: string, overlay: { position: Record<string, number>; html: HTMLElement }): string;
  remove(filter: { type: string }): void;
}
export interface Canvas {
  addMarker(id: string, marker: string): void;
  removeMarker(id: string, marker: string): void;
  zoom(level: 'fit-viewport'): void;
  viewbox(): { x: number; y: number; width: number; height: number; scale: number; inner: { x: number; width: number } };
  viewbox(box: { x: number; y: number; width: number; height: number }): void;
  scrollToElement(el: DiagramElement): void;
  getRootElement(): DiagramElement;
}
export interface ElementRegistry {
  get(id: string): DiagramElement | undefined;
  getAll(): DiagramElement[];
}

/** Width of the bpmn-js palette over the canvas. */
const PALETTE_ROOM_PX = 130;

/** Selects an element on the canvas and scrolls it into view (an unknown id or none does nothing). */
export function selectElementIn(modeler: ModelerLike | null, elementId: string | null): void {
  if (!modeler || !elementId) return;
  const el = modeler.get<ElementRegistry>('elementRegistry').get(elementId);
  if (!el) return;
  modeler.get<{ select(el: DiagramElement): void }>('selection').select(el);
  try {
    modeler.get<Canvas>('canvas').scrollToElement(el);
  } catch {
    // the root (process) cannot be scrolled to
  }
}

/**
 * Fits the drawing into the view. The palette covers the canvas's left edge: the drawing is moved right of it (and
 * the view widened when the right edge would then be cut), so the first shapes and their labels stay visible.
 */
export function fitBesidePalette(canvas: Canvas): void {
  canvas.zoom('fit-viewport');
  const box = canvas.viewbox();
  const gap = (box.inner.x - box.x) * box.scale;
  if (gap < PALETTE_ROOM_PX) {
    const shift = (PALETTE_ROOM_PX - gap) / box.scale;
    const cut = box.inner.x + box.inner.width - (box.x + box.width) + shift;
    canvas.viewbox({ x: box.x - shift, y: box.y, width: box.width + Math.max(0, cut), height: box.height });
  }
}

/** The process of the canvas (before the first import diagram-js's implicit root has no business object: none). */
export function processRootOf(root: DiagramElement | undefined): DiagramElement | undefined {
  return root?.businessObject ? root : undefined;
}

/** The diagram as a formatted BPMN document. */
export async function currentXml(modeler: ModelerLike): Promise<string> {
  return (await modeler.saveXML({ format: true })).xml ?? '';
}
