import { useMemo } from 'react';
import { useQueries } from '@tanstack/react-query';
import type { WfSchemeForm } from '@app/contracts';
import { formSchemeApi } from '../../forms/api';
import type { BoundForm } from './panel-section';
import { authorityFieldsOf, designFieldsOf } from './wf-config';

/** The designed forms bound to the scheme with their fields (for conditions and field authority). */
export function useBoundForms(forms: WfSchemeForm[]) {
  const designedForms = forms.filter((f) => f.F_Type === 0);
  const details = useQueries({
    queries: designedForms.map((f) => ({
      queryKey: ['form-relation-form-info', f.F_FormId],
      queryFn: () => formSchemeApi.info(f.F_FormId),
      staleTime: 60_000,
    })),
  });
  const boundForms: BoundForm[] = useMemo(
    () =>
      designedForms.map((f, i) => ({
        formId: f.F_FormId,
        name: f.F_Name || details[i]?.data?.F_Name || f.F_FormId,
        fields: designFieldsOf(details[i]?.data?.F_Scheme.data),
        authorityFields: authorityFieldsOf(details[i]?.data?.F_Scheme.data),
      })),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- details is a new array each render; its data identities matter
    [designedForms.map((f) => f.F_FormId).join(','), ...details.map((d) => d.data)],
  );
  return { designedForms, boundForms };
}
