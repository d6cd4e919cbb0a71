import type { DesignerBridge, DiagramElement } from './bridge';
import type { DesignField } from './wf-config';

/** A form bound to the scheme, with its value fields (for conditions) and what field authority can name. */
export interface BoundForm {
  formId: string;
  name: string;
  fields: DesignField[];
  /** Value fields and sub-table columns (absent: the value fields). */
  authorityFields?: DesignField[];
}

/** What every section of the properties panel edits: the element, through the bridge (every write can be undone). */
export type SectionProps = { bridge: DesignerBridge; element: DiagramElement };

/** Exclusive and inclusive gateways choose among their flows (one may be the default). */
export function isChoiceGateway(el: DiagramElement | undefined): boolean {
  const type = el?.businessObject.$type;
  return type === 'bpmn:ExclusiveGateway' || type === 'bpmn:InclusiveGateway';
}
