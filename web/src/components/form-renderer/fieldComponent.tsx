import { useTranslation } from 'react-i18next';
import { isComputed, type FormField } from '@app/contracts';
import { typeOf } from './model';
import { fieldRegistry } from './registry';
import type { FieldComponent, FieldProps } from './types';

/** The parsed scheme fills labelWidth with 120 when a field has none: only another width is the field's own choice. */
const SCHEME_DEFAULT_LABEL_WIDTH = 120;

export function labelWidthOf(field: FormField, formWidth: number): number {
  const own = field.__config__.labelWidth;
  return own !== undefined && own !== SCHEME_DEFAULT_LABEL_WIDTH ? own : formWidth;
}

/** A field type nobody registered: a small note instead of a crash (schemes from the original may carry extras). */
export function UnsupportedField({ field }: FieldProps) {
  const { t } = useTranslation('formRenderer');
  return <span className="fr-unsupported">{t('unsupported', { type: typeOf(field) })}</span>;
}

export function componentOf(field: FormField): FieldComponent {
  // A number with a formula is shown like a computation: read-only, the value comes from the formula.
  const type = isComputed(field) ? 'computation' : typeOf(field);
  return fieldRegistry[type as keyof typeof fieldRegistry] ?? UnsupportedField;
}
