import { useMemo } from 'react';
import { useQueries } from '@tanstack/react-query';
import { flattenFields, isContainer, type FormField, type WfSchemeForm } from '@app/contracts';
import { formSchemeApi } from '../../forms/api';
import type { BoundForm } from '../designer/panel-section';
import { authorityFieldsOf, designFieldsOf } from '../designer/wf-config';

/** How a condition compares a field, and how its value is typed in. */
export type FieldKind = 'number' | 'text' | 'options' | 'dictionary' | 'date' | 'user' | 'department';

/** A value field of the bound forms a condition (or the preview) may name. */
export interface ConditionField {
  vModel: string;
  label: string;
  formName: string;
  kind: FieldKind;
  /** options: the field's own options. */
  options?: { value: string; label: string }[];
  /** dictionary: its code. */
  dictionary?: string;
}

const NUMBER_TYPES = new Set(['number', 'slider', 'rate', 'computation']);
const CHOICE_TYPES = new Set(['select', 'radio', 'checkbox']);

export function fieldKind(field: FormField): Pick<ConditionField, 'kind' | 'options' | 'dictionary'> {
  const c = field.__config__;
  if (NUMBER_TYPES.has(c.avueType)) return { kind: 'number' };
  if (c.avueType === 'date' || c.avueType === 'time') return { kind: 'date' };
  if (c.avueType === 'user') return { kind: 'user' };
  if (c.avueType === 'department') return { kind: 'department' };
  if (CHOICE_TYPES.has(c.avueType)) {
    if (c.dataType === 'dataItem' && c.dataItem) return { kind: 'dictionary', dictionary: c.dataItem };
    const options = (field.__slot__?.options ?? []).map((o) => ({ value: String(o.value), label: o.label }));
    if (options.length > 0) return { kind: 'options', options };
  }
  return { kind: 'text' };
}

/** The value fields of one form's content (containers and sub-tables skipped: a condition compares one value). */
export function conditionFieldsOf(formName: string, data: FormField[] | undefined): ConditionField[] {
  if (!data) return [];
  return flattenFields(data)
    .filter((p) => !p.table && !isContainer(p.field) && !!p.field.__vModel__)
    .map((p) => ({ vModel: p.field.__vModel__!, label: p.field.__config__.label || p.field.__vModel__!, formName, ...fieldKind(p.field) }));
}

/**
 * The bound designed forms with their fields, read as the BPMN designer reads them (same query, shared cache):
 * the condition fields (with their kinds), the authority rows, and whether every form has been read.
 */
export function useSimpleFields(forms: WfSchemeForm[]) {
  const designed = forms.filter((f) => f.F_Type === 0);
  const details = useQueries({
    queries: designed.map((f) => ({
      queryKey: ['form-relation-form-info', f.F_FormId],
      queryFn: () => formSchemeApi.info(f.F_FormId),
      staleTime: 60_000,
    })),
  });
  const key = designed.map((f) => f.F_FormId).join(',');
  const datas = details.map((d) => d.data);
  const loaded = details.every((d) => !d.isLoading);
  return useMemo(() => {
    const name = (i: number) => designed[i]?.F_Name || datas[i]?.F_Name || designed[i]?.F_FormId || '';
    const conditionFields = datas.flatMap((d, i) => conditionFieldsOf(name(i), d?.F_Scheme.data));
    const boundForms: BoundForm[] = designed.map((f, i) => ({
      formId: f.F_FormId,
      name: name(i),
      fields: designFieldsOf(datas[i]?.F_Scheme.data),
      authorityFields: authorityFieldsOf(datas[i]?.F_Scheme.data),
    }));
    // Fields are checked only once every form is read (a failed read leaves them unchecked).
    const known = loaded && details.every((d) => !!d.data) ? new Map(conditionFields.map((f) => [f.vModel, f.label])) : null;
    return { conditionFields, boundForms, known };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the forms' ids and the data identities decide
  }, [key, loaded, ...datas]);
}
