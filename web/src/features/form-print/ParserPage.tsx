import { useSearchParams } from 'react-router';
import type { FormMode } from '../../components/form-renderer';
import { FORM_MODES, FormParser, fillMode, type ParserTarget } from './FormParser';
import { parserPath } from './paths';

/**
 * /parser?formId&versionId&keyValue&mode: the form parser (spec 2.1). A designed form rendered and stored through
 * the Form engine, or a system / address-based form through its registered component; add, edit or look.
 */
export default function ParserPage() {
  const [params, setParams] = useSearchParams();
  const formId = params.get('formId') ?? '';
  const versionId = params.get('versionId') || undefined;
  const keyValue = params.get('keyValue');
  const asked = params.get('mode');
  const mode = fillMode(keyValue, FORM_MODES.includes(asked as FormMode) ? asked : null);

  const go = (next: ParserTarget) => {
    const target = new URL(parserPath({ formId, versionId, ...next }), 'http://x');
    // replace: another mode or the new key is the same screen, Back should leave the form.
    setParams(target.searchParams, { replace: true });
  };

  return <FormParser formId={formId} versionId={versionId} keyValue={keyValue} mode={mode} onNavigate={go} />;
}
