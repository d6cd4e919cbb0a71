import { LIST_SYSTEM_FIELDS, type FormField, type FormRelationSetting } from '@app/contracts';
import { AppError } from '../../core/errors.js';
import type { LoadedForm } from '../form-scheme/form-scheme.service.js';
import { planStorage } from '../form-scheme/form-tables.js';

/** Shown names of the system columns a published list may use. */
export const SYSTEM_FIELD_LABELS: Record<(typeof LIST_SYSTEM_FIELDS)[number], string> = { F_CreateDate: '创建时间', F_ModifyDate: '修改时间' };

/**
 * The fields a published list may name (docs/form-publishing-design.md "Form relations"): main-form fields (rows and
 * tabs included) bound to the main table of the form's version, by `__vModel__`, and LIST_SYSTEM_FIELDS (null field).
 * A form without tables has none: 400 formRelation.formNoTables.
 */
export function listableFields(loaded: LoadedForm): Map<string, FormField | null> {
  if (loaded.tableInfo.length === 0) throw new AppError('formRelation.formNoTables', { name: loaded.form.F_Name });
  const fields = new Map<string, FormField | null>();
  for (const binding of planStorage(loaded.scheme, loaded.tableInfo).main.bindings) {
    if (binding.field.__vModel__) fields.set(binding.field.__vModel__, binding.field);
  }
  for (const name of LIST_SYSTEM_FIELDS) fields.set(name, null);
  return fields;
}

/** The shown name of a listable field: its label, a system column's name, or the name itself. */
export function fieldLabelOf(fields: Map<string, FormField | null>, name: string): string {
  const field = fields.get(name);
  if (field) return field.__config__.label || name;
  return SYSTEM_FIELD_LABELS[name as keyof typeof SYSTEM_FIELD_LABELS] ?? name;
}

/** Every field a data condition names must be listable. */
export function checkConditionFields(fields: Map<string, FormField | null>, conditions: FormRelationSetting['conditions']): void {
  for (const c of conditions) if (!fields.has(c.field)) throw new AppError('formRelation.unknownField', { field: c.field });
}

/**
 * Checks every field the setting names (query fields, columns, default sort, conditions) against the form's version;
 * a column or query field named twice is refused too (each column is a module column of its own). Answers the
 * listable fields.
 */
export function checkSettingFields(loaded: LoadedForm, setting: FormRelationSetting): Map<string, FormField | null> {
  const fields = listableFields(loaded);
  const known = (field: string) => {
    if (!fields.has(field)) throw new AppError('formRelation.unknownField', { field });
  };
  const once = (names: string[], key: 'formRelation.duplicateColumn' | 'formRelation.duplicateQuery') => {
    const seen = new Set<string>();
    for (const name of names) {
      known(name);
      if (seen.has(name)) throw new AppError(key, { field: name });
      seen.add(name);
    }
  };
  once(
    setting.queryFields.map((q) => q.field),
    'formRelation.duplicateQuery',
  );
  once(
    setting.columns.map((c) => c.field),
    'formRelation.duplicateColumn',
  );
  if (setting.sort) known(setting.sort.field);
  checkConditionFields(fields, setting.conditions);
  return fields;
}
