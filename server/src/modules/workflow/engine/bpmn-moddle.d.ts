/**
 * bpmn-moddle ships types for the meta-model only, not for its entry point; this is the little we use.
 * Elements are read structurally (definition.ts, svg.ts), so they stay loosely typed here.
 */
declare module 'bpmn-moddle' {
  export interface ModdleElement {
    $type: string;
    id?: string;
    $instanceOf(type: string): boolean;
    [key: string]: unknown;
  }
  export interface ParseWarning {
    message: string;
    element?: ModdleElement;
  }
  export interface ParseResult {
    rootElement: ModdleElement;
    references: unknown[];
    warnings: ParseWarning[];
    elementsById: Record<string, ModdleElement>;
  }
  export class BpmnModdle {
    constructor(packages?: Record<string, unknown>, options?: Record<string, unknown>);
    fromXML(xml: string, typeName?: string): Promise<ParseResult>;
    fromXML(xml: string, typeName: string | undefined, options: Record<string, unknown>): Promise<ParseResult>;
  }
}
