import { flattenFields, isContainer, LIST_SYSTEM_FIELDS, type FormField } from '@app/contracts';

/**
 * The fields a published list's setting names (docs/form-publishing-design.md "Form relations"): main-form fields
 * by `__vModel__` (rows and tabs opened, sub-table columns and containers left out) and the system columns
 * F_CreateDate / F_ModifyDate, which have no field of their own: they are given one (a date-time shown as stored,
 * filtered by date), so every setting entry is looked up and displayed the same way.
 */
export type SystemFieldName = (typeof LIST_SYSTEM_FIELDS)[number];

/** formIds of the stand-in fields, below any real one (those are positive). */
const SYSTEM_FORM_IDS: Record<SystemFieldName, number> = { F_CreateDate: -1, F_ModifyDate: -2 };

export function isSystemField(name: string): name is SystemFieldName {
  return (LIST_SYSTEM_FIELDS as readonly string[]).includes(name);
}

function systemField(name: SystemFieldName, label: string): FormField {
  return {
    __vModel__: name,
    type: 'daterange',
    'value-format': 'yyyy-MM-dd',
    __config__: {
      formId: SYSTEM_FORM_IDS[name],
      avueType: 'date',
      label,
      tag: '',
      showLabel: true,
      labelWidth: 120,
      span: 24,
      layout: 'colFormItem',
      required: false,
      view: true,
      edit: false,
      regList: [],
    },
  } as FormField;
}

/** Main-form value fields by `__vModel__`, plus the system columns labelled in the caller's language. */
export function listFields(data: FormField[], systemLabel: (name: SystemFieldName) => string): Map<string, FormField> {
  const byName = new Map<string, FormField>();
  for (const place of flattenFields(data)) {
    const f = place.field;
    if (place.table || isContainer(f) || !f.__vModel__) continue;
    byName.set(f.__vModel__, f);
  }
  for (const name of LIST_SYSTEM_FIELDS) byName.set(name, systemField(name, systemLabel(name)));
  return byName;
}
