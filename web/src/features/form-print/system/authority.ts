import type { Rule } from 'antd/es/form';
import type { FieldAuthority } from '@app/contracts';
import i18n from '../../../lib/i18n';
import type { FormMode } from '../../../components/form-renderer';

export interface FieldRights {
  /** Shown (a hidden field keeps its value). */
  view: boolean;
  /** Changeable: not in look mode and not refused by the authority. */
  edit: boolean;
  /** The required rule when the authority asks for one. */
  rules: Rule[];
}

/**
 * A system form field's rights from a workflow node's authority list (matched by formId), as the form renderer
 * reads them: without an entry the field is shown, editable and optional.
 */
export function fieldRights(authority: readonly FieldAuthority[] | undefined, formId: number, mode: FormMode, label: string): FieldRights {
  const entry = authority?.find((a) => String(a.formId) === String(formId));
  const view = entry?.view ?? true;
  const edit = mode !== 'look' && (entry?.edit ?? true);
  const required = view && edit && (entry?.required ?? false);
  return { view, edit, rules: required ? [{ required: true, message: i18n.t('common:required', { label }) }] : [] };
}
