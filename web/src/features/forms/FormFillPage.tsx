import { useSearchParams } from 'react-router';
import type { FormMode } from '../../components/form-renderer';
import { FORM_MODES, FormParser, fillMode, type ParserTarget } from '../form-print/FormParser';

export { fillMode };

/**
 * 填写表单: one form in add / edit / look mode (`?id=<formId>&keyValue=<primaryKey>&mode=add|edit|look`), shown by
 * the form parser (the same component as /parser). After an add the address carries the new key, so a reload or a
 * copied link reopens the stored record.
 */
export default function FormFillPage() {
  const [params, setParams] = useSearchParams();
  const id = params.get('id') ?? '';
  const keyValue = params.get('keyValue');
  const asked = params.get('mode');
  const mode = fillMode(keyValue, FORM_MODES.includes(asked as FormMode) ? asked : null);

  const go = (next: ParserTarget) => {
    const q = new URLSearchParams({ id });
    if (next.keyValue) q.set('keyValue', next.keyValue);
    if (next.mode) q.set('mode', next.mode);
    // replace: switching mode or getting a key is the same screen, Back should leave the form.
    setParams(q, { replace: true });
  };

  return <FormParser formId={id} keyValue={keyValue} mode={mode} onNavigate={go} />;
}
