import { Alert, Flex, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formSchemeApi } from '../forms/api';
import type { FormMode } from '../../components/form-renderer';
import { FORM_MODES, FormParser, fillMode, type ParserTarget } from './FormParser';

export const systemFormsKey = ['form-scheme-systemform'] as const;

/** GET /form-scheme/systemform: the tenant's enabled system (1) and address-based (2) forms. */
export const fetchSystemForms = () => formSchemeApi.systemForms();

/** The address of a system form's route segment: `<address>Form` (spec 2.1); without the suffix it is taken as it is. */
export function addressOfRoute(segment: string): string {
  return segment.endsWith('Form') ? segment.slice(0, -'Form'.length) : segment;
}

/**
 * /system-form/<address>Form?keyValue&mode: the tenant's system or address-based form with that address (found in
 * GET /form-scheme/systemform), shown by the form parser with Save. After an add the address carries the new key.
 */
export default function SystemFormPage() {
  const { t } = useTranslation('formParser');
  // The router gives the segment decoded.
  const address = addressOfRoute(useParams()['*'] ?? '');
  const [params, setParams] = useSearchParams();
  const keyValue = params.get('keyValue');
  const asked = params.get('mode');
  const mode = fillMode(keyValue, FORM_MODES.includes(asked as FormMode) ? asked : null);
  const forms = useQuery({ queryKey: systemFormsKey, queryFn: fetchSystemForms });
  const form = forms.data?.find((f) => f.F_Url.toLowerCase() === address.toLowerCase());

  const go = (next: ParserTarget) => {
    const q = new URLSearchParams();
    if (next.keyValue) q.set('keyValue', next.keyValue);
    if (next.mode) q.set('mode', next.mode);
    setParams(q, { replace: true });
  };

  if (forms.error) return <Alert type="error" showIcon title={forms.error.message} data-testid="system-form-error" />;
  if (!forms.data)
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin />
      </Flex>
    );
  if (!form) return <Alert type="warning" showIcon title={t('notRegistered', { address })} data-testid="system-form-unknown" />;
  return <FormParser formId={form.F_Id} keyValue={keyValue} mode={mode} onNavigate={go} />;
}
