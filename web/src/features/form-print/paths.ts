import type { FormMode } from '../../components/form-renderer';

export const PRINT_PATH = '/form-print/index';
export const FORM_DETAIL_PATH = '/form-detail/index';
export const PARSER_PATH = '/parser';
export const SYSTEM_FORM_PREFIX = '/system-form/';

/** Where the print view of a published record is (a bare page: no shell). Overrides of the relation's print setting are optional. */
export function printPath(p: { relationId: string; keyValue: string; style?: number; type?: number; underline?: number; auto?: boolean }): string {
  const q = new URLSearchParams({ relationId: p.relationId, keyValue: p.keyValue });
  if (p.style !== undefined) q.set('style', String(p.style));
  if (p.type !== undefined) q.set('type', String(p.type));
  if (p.underline !== undefined) q.set('underline', String(p.underline));
  if (p.auto) q.set('auto', '1');
  return `${PRINT_PATH}?${q.toString()}`;
}

/** A stored record read-only: of a published page (relationId) or of a designed form (formId, forms.scheme.data). */
export function formDetailPath(p: { keyValue: string; relationId?: string; formId?: string }): string {
  const q = new URLSearchParams({ keyValue: p.keyValue });
  if (p.relationId) q.set('relationId', p.relationId);
  if (p.formId) q.set('formId', p.formId);
  return `${FORM_DETAIL_PATH}?${q.toString()}`;
}

/** The form parser: a designed or system form rendered and filled (add / edit / look). */
export function parserPath(p: { formId: string; keyValue?: string; mode?: FormMode; versionId?: string }): string {
  const q = new URLSearchParams({ formId: p.formId });
  if (p.keyValue) q.set('keyValue', p.keyValue);
  if (p.mode) q.set('mode', p.mode);
  if (p.versionId) q.set('versionId', p.versionId);
  return `${PARSER_PATH}?${q.toString()}`;
}

/** A system form's route: its address plus 'Form' (spec 2.1). */
export const systemFormPath = (address: string) => `${SYSTEM_FORM_PREFIX}${address}Form`;
