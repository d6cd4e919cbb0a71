import type { DataRelationRow, FieldOptionsResult, FormField } from '@app/contracts';
import { api } from '../../lib/api';

/** A server-sourced field's options (data source, SQL); silent: the field shows no options on failure. */
export const fieldOptionsApi = {
  /** A stored form's field (by the scheme and the field's formId). */
  stored: (schemeId: string, formId: string | number, q: { keyword: string; versionId?: string; parentValue?: string }) =>
    api.get<FieldOptionsResult>(`/form-scheme/${encodeURIComponent(schemeId)}/field-options/${formId}`, q, { silent: true }),
  /** An unsaved field (the designer's preview). */
  preview: (field: FormField, keyword: string) => api.post<FieldOptionsResult>('/form-scheme/field-options', { field, keyword }, { silent: true }),
};

/** The data relations (cascades) a stored form applies; silent: the form still renders without them. */
export const dataRelationsApi = {
  forForm: (schemeId: string) => api.get<DataRelationRow[]>(`/data-relation/form/${encodeURIComponent(schemeId)}`, undefined, { silent: true }),
};
