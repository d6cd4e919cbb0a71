import { flattenFields, isComputed, isShown, type FieldAuthority, type FormField } from '@app/contracts';

/**
 * What the renderer needs to know about a scheme, worked out once per scheme: where every value field sits, which
 * fields are computed and what they read. Lookups by formId serve the runtime (bound select, formulas).
 */
export interface FormModel {
  data: FormField[];
  /** Main-form value fields (rows and tabs opened; sub-table containers included, their columns not) by formId. */
  mainByFormId: Map<number, FormField>;
  /** Main-form value fields by __vModel__. */
  mainByVModel: Map<string, FormField>;
  /** Sub-table container __vModel__ → its columns. */
  columns: Map<string, FormField[]>;
  /** Sub-table container __vModel__ → the container. */
  tables: Map<string, FormField>;
  /** Sub-table column formId → its container's __vModel__. */
  tableOfColumn: Map<number, string>;
  /** Computed main-form fields in display order. */
  computedMain: FormField[];
  /** Sub-table container __vModel__ → its computed columns in display order. */
  computedColumns: Map<string, FormField[]>;
}

export const vModelOf = (field: FormField): string => field.__vModel__ ?? '';
export const typeOf = (field: FormField): string => field.__config__.avueType;

export function buildModel(data: FormField[]): FormModel {
  const model: FormModel = {
    data,
    mainByFormId: new Map(),
    mainByVModel: new Map(),
    columns: new Map(),
    tables: new Map(),
    tableOfColumn: new Map(),
    computedMain: [],
    computedColumns: new Map(),
  };
  for (const { field, table } of flattenFields(data)) {
    const type = typeOf(field);
    if (type === 'row' || type === 'tabs') continue;
    if (table) {
      const key = vModelOf(table);
      model.columns.set(key, [...(model.columns.get(key) ?? []), field]);
      model.tableOfColumn.set(field.__config__.formId, key);
      if (isComputed(field)) model.computedColumns.set(key, [...(model.computedColumns.get(key) ?? []), field]);
      continue;
    }
    if (!field.__vModel__) continue;
    model.mainByFormId.set(field.__config__.formId, field);
    model.mainByVModel.set(field.__vModel__, field);
    if (type === 'table') {
      model.tables.set(field.__vModel__, field);
      if (!model.columns.has(field.__vModel__)) model.columns.set(field.__vModel__, []);
    } else if (isComputed(field)) model.computedMain.push(field);
  }
  return model;
}

/**
 * The keys hidden by authority (no view), main form and per sub-table: a field is hidden when it or a container
 * around it has no view authority. Hidden fields are neither validated nor part of the values (spec 4).
 */
export interface Hidden {
  main: Set<string>;
  columns: Map<string, Set<string>>;
}

export function hiddenKeys(data: FormField[], authority: FieldAuthority[] | undefined): Hidden {
  const hidden: Hidden = { main: new Set(), columns: new Map() };
  for (const place of flattenFields(data)) {
    const key = place.field.__vModel__;
    if (!key || isShown(place, authority)) continue;
    const table = place.table?.__vModel__;
    if (!table) hidden.main.add(key);
    else hidden.columns.set(table, (hidden.columns.get(table) ?? new Set<string>()).add(key));
  }
  return hidden;
}
