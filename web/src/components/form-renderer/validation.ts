import { ownValue, validateFieldValue, validateFormValues, type FieldAuthority, type FieldError, type FormValues } from '@app/contracts';
import type { TFunction } from 'i18next';
import { type Hidden } from './model';
import { cellPath, type FormStore, type ShownError } from './store';

/**
 * Validation with the shared form-logic rules (the server runs the same ones), results kept in the store so each
 * field shows its own message. Messages are translated when shown, so a language switch re-words them.
 */

const shown = (error: Omit<FieldError, 'vModel' | 'formId'> | null): ShownError | null =>
  error ? { key: error.key, params: error.params, message: error.message } : null;

export function validateMain(store: FormStore, key: string, authority: FieldAuthority[] | undefined): void {
  const field = store.model.mainByVModel.get(key);
  if (field) store.setError(key, shown(validateFieldValue(field, store.get(key), authority)));
}

export function validateCell(store: FormStore, table: string, index: number, column: string, authority: FieldAuthority[] | undefined): void {
  const field = store.model.columns.get(table)?.find((c) => c.__vModel__ === column);
  const row = store.rows(table)[index];
  if (field && row) store.setError(cellPath(table, store.rowKey(row), column), shown(validateFieldValue(field, ownValue(row, column), authority)));
}

/** Every visible field (sub-table rows included): shows every error and answers them. */
export function validateAll(store: FormStore, authority: FieldAuthority[] | undefined, hidden: Hidden): FieldError[] {
  const errors = validateFormValues(store.model.data, store.getAll(), authority).filter((e) => {
    const table = e.row === undefined ? undefined : store.model.tableOfColumn.get(e.formId);
    return table ? !hidden.main.has(table) && !hidden.columns.get(table)?.has(e.vModel) : !hidden.main.has(e.vModel);
  });
  const paths = new Map<string, ShownError>();
  for (const e of errors) {
    const table = e.row === undefined ? undefined : store.model.tableOfColumn.get(e.formId);
    const row = table === undefined || e.row === undefined ? undefined : store.rows(table)[e.row];
    const path = table && row ? cellPath(table, store.rowKey(row), e.vModel) : e.vModel;
    if (!paths.has(path)) paths.set(path, { key: e.key, params: e.params, message: e.message });
  }
  store.setErrors(paths);
  return errors;
}

/** The values a caller gets: hidden fields (no view authority) are left out, sub-table rows without hidden columns. */
export function visibleValues(values: FormValues, hidden: Hidden): FormValues {
  const visible = Object.entries(values)
    .filter(([key]) => !hidden.main.has(key))
    .map(([key, value]) => {
      const columns = hidden.columns.get(key);
      const shownValue =
        columns && Array.isArray(value)
          ? value.map((row: Record<string, unknown>) => Object.fromEntries(Object.entries(row).filter(([column]) => !columns.has(column))))
          : value;
      return [key, shownValue];
    });
  // fromEntries defines own properties, also for a field named __proto__ (a plain assignment would set the prototype).
  return Object.fromEntries(visible) as FormValues;
}

/** The text of an error: the literal message configured in the scheme, else the translated key (forms.rule.x → rule.x). */
export function errorText(t: TFunction, error: ShownError | undefined): string | undefined {
  if (!error) return undefined;
  if (error.message) return error.message;
  const key = error.key.replace(/^forms\./, '');
  return t(key, { ...error.params, defaultValue: error.key });
}
