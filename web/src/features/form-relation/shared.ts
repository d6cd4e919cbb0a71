import { useQuery } from '@tanstack/react-query';
import { flattenFields, isContainer, LIST_SYSTEM_FIELDS, type FieldType, type FormField, type FormSchemeDetail } from '@app/contracts';
import { formSchemeApi } from '../forms/api';

/** ListPage key of the form relation list. */
export const RELATION_LIST_KEY = 'form-relations';

/** Designed forms (F_Type 0) for the pickers; enabled ones only (a disabled form cannot be rendered by its page). */
export function useDesignedForms() {
  return useQuery({ queryKey: ['form-relation-forms'], queryFn: () => formSchemeApi.options(0) });
}

/**
 * Which designed forms store data in tables (only those can be published). Asked silently: the form list needs
 * forms.scheme.list, without it every form is offered and the server's answer decides.
 */
export function useFormsWithTables() {
  return useQuery({
    queryKey: ['form-relation-forms-tables'],
    queryFn: () => formSchemeApi.listSilent({ F_Type: 0, limit: 1, size: 500 }),
    retry: false,
    select: (page) => new Set(page.Rows.filter((r) => r.F_HasTables).map((r) => r.F_Id)),
  });
}

/** The current scheme of a form (what a published page and a cascade work on). */
export function useFormInfo(formId: string | undefined) {
  return useQuery({
    queryKey: ['form-relation-form-info', formId],
    queryFn: () => formSchemeApi.info(formId!),
    enabled: !!formId,
  });
}

export interface ListField {
  /** __vModel__ (or a system column). */
  field: string;
  formId: number;
  label: string;
  type: FieldType | 'system';
  config?: FormField;
}

/**
 * Fields a published list may show, query, sort and filter on: main-form value fields (rows and tabs opened;
 * not containers, not sub-table columns), then the system columns.
 */
export function listFieldsOf(detail: FormSchemeDetail | undefined, systemLabel: (field: string) => string): ListField[] {
  if (!detail) return [];
  const own = flattenFields(detail.F_Scheme.data)
    .filter((p) => !p.table && !isContainer(p.field) && !!p.field.__vModel__)
    .map((p) => ({
      field: p.field.__vModel__!,
      formId: p.field.__config__.formId,
      label: p.field.__config__.label || p.field.__vModel__!,
      type: p.field.__config__.avueType,
      config: p.field,
    }));
  return [...own, ...LIST_SYSTEM_FIELDS.map((f) => ({ field: f, formId: 0, label: systemLabel(f), type: 'system' as const }))];
}

/** Option fields a cascade may target (docs/form-publishing-design.md "Data relations"). */
export const OPTION_FIELD_TYPES: ReadonlySet<string> = new Set(['select', 'radio', 'checkbox', 'asso-select', 'cascader']);

/** Columns of a target's option rows a relation may filter on, as suggestions (the user may type any). */
export function filterFieldSuggestions(field: FormField | undefined): string[] {
  if (!field) return [];
  const c = field.__config__;
  if (c.dataType === 'dataItem') return ['F_ParentId', 'F_ItemCode', 'F_ItemValue'];
  if (c.dataType === 'dataSource' || c.dataType === 'dataSql') return [...new Set([c.showField, c.saveField].filter((s): s is string => !!s))];
  const slot = field.__slot__?.options;
  const own = (field as { options?: unknown }).options;
  const list: unknown = slot && slot.length > 0 ? slot : own;
  const keys = new Set<string>();
  const walk = (options: unknown) => {
    if (!Array.isArray(options)) return;
    for (const o of options) {
      if (typeof o !== 'object' || o === null) continue;
      for (const k of Object.keys(o)) if (k !== 'children') keys.add(k);
      walk((o as { children?: unknown }).children);
    }
  };
  walk(list);
  return [...keys];
}
