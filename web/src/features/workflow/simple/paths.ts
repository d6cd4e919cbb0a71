import type { SimpleProcess, WfSchemeForm } from '@app/contracts';
import type { SchemeFields } from '../designer/useSchemeFields';

/** Route of the simple designer; 'new' opens an empty (or template) scheme. */
export const simplePath = (id: string) => `/workflow/scheme/simple/${encodeURIComponent(id)}`;

/**
 * Route of the BPMN designer: the address of scheme/SchemePage's `designerPath`, repeated here so that this page
 * does not load the scheme list (and its texts) with it.
 */
export const bpmnDesignerPath = (id: string) => `/workflow/scheme/design/${encodeURIComponent(id)}`;

/**
 * What the scheme list hands a new simple design: the scheme's fields, and a template's chain with its form bound
 * (`navigate(simplePath('new'), { state })`). Nothing is stored before the first save.
 */
export interface SimpleOpenState {
  scheme?: Partial<SchemeFields>;
  model?: SimpleProcess;
  forms?: WfSchemeForm[];
}
