import type { SimpleProcess, WfSchemeForm } from '@app/contracts';
import type { SchemeFields } from '../designer/useSchemeFields';

/** Route of the simple designer; 'new' opens an empty (or template) scheme. */
export const simplePath = (id: string) => `/workflow/scheme/simple/${encodeURIComponent(id)}`;

/**
 * Route of the BPMN designer; 'new' opens an empty (or imported) scheme. It lives here, not in the scheme list, so
 * that the simple designer does not load the list (and its texts) to link to it.
 */
export const designerPath = (id: string) => `/workflow/scheme/design/${encodeURIComponent(id)}`;

/**
 * What the scheme list hands a new simple design: the scheme's fields, and a template's chain with its form bound
 * (`navigate(simplePath('new'), { state })`). Nothing is stored before the first save.
 */
export interface SimpleOpenState {
  scheme?: Partial<SchemeFields>;
  model?: SimpleProcess;
  forms?: WfSchemeForm[];
}
