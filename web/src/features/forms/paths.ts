import type { FormMode } from '../../components/form-renderer';

/** Addresses of the form screens (routes in ./index.ts); one place so the list, fill page and bench agree. */
export const FORM_LIST_PATH = '/quick-development/form-design/index';
export const FORM_DESIGNER_PATH = '/quick-development/form-design/designer';
export const FORM_FILL_PATH = '/quick-development/form-design/fill';

export const designerPath = (id?: string) => (id ? `${FORM_DESIGNER_PATH}?id=${encodeURIComponent(id)}` : FORM_DESIGNER_PATH);

export function fillPath(id: string, keyValue?: string, mode?: FormMode): string {
  const q = new URLSearchParams({ id });
  if (keyValue) q.set('keyValue', keyValue);
  if (mode) q.set('mode', mode);
  return `${FORM_FILL_PATH}?${q.toString()}`;
}
