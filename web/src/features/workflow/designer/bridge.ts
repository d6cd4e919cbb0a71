import { extensionWithConfig, type CreateModdle, type ModdleLike } from './wf-config';

/** A diagram-js element (shape, connection or the root). */
export interface DiagramElement {
  id: string;
  type: string;
  businessObject: ModdleLike;
  source?: DiagramElement;
  target?: DiagramElement;
  outgoing?: DiagramElement[];
  incoming?: DiagramElement[];
}

interface Modeling {
  updateProperties(element: DiagramElement, props: Record<string, unknown>): void;
  updateModdleProperties(element: DiagramElement, moddleElement: ModdleLike, props: Record<string, unknown>): void;
}
interface Moddle {
  create(type: string, attrs?: Record<string, unknown>): ModdleLike;
}
interface ElementRegistry {
  get(id: string): DiagramElement | undefined;
  getAll(): DiagramElement[];
}

/** What the properties panel needs of the modeler: every write is a modeling command (undo works). */
export interface DesignerBridge {
  create: CreateModdle;
  update(element: DiagramElement, props: Record<string, unknown>): void;
  updateModdle(element: DiagramElement, moddleElement: ModdleLike, props: Record<string, unknown>): void;
  /** Replaces the element's wf:config JSON (other extension elements kept). */
  writeConfig(element: DiagramElement, config: Record<string, unknown>): void;
  get(id: string): DiagramElement | undefined;
  /** Business objects of the flow nodes (for reject targets). */
  nodes(): ModdleLike[];
  root(): DiagramElement;
  /** Every diagram element (shapes, connections, root, labels). */
  all(): DiagramElement[];
}

/** The bridge over a bpmn-js Modeler (`get` is Modeler.get). */
export function bridgeOf(get: <T>(name: string) => T): DesignerBridge {
  const modeling = get<Modeling>('modeling');
  const moddle = get<Moddle>('moddle');
  const registry = get<ElementRegistry>('elementRegistry');
  const canvas = get<{ getRootElement(): DiagramElement }>('canvas');
  const create: CreateModdle = (type, attrs) => moddle.create(type, attrs);
  return {
    create,
    update: (element, props) => modeling.updateProperties(element, props),
    updateModdle: (element, el, props) => modeling.updateModdleProperties(element, el, props),
    writeConfig: (element, config) => modeling.updateProperties(element, { extensionElements: extensionWithConfig(element.businessObject, config, create) }),
    get: (id) => registry.get(id),
    nodes: () =>
      registry
        .getAll()
        .filter((e) => e.type !== 'label' && e.type !== 'bpmn:SequenceFlow')
        .map((e) => e.businessObject),
    root: () => canvas.getRootElement(),
    all: () => registry.getAll(),
  };
}
