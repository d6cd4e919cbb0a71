import { forwardRef, useEffect, useId, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { Alert, Form, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { parseScheme, type FieldError, type FormSchemeContent, type FormValues } from '@app/contracts';
import { FormContext, type FormContextValue } from './context';
import { CascadeProvider } from './data-relations';
import { formCss, GridRow } from './frame';
import { FieldList } from './Layout';
import { buildModel, hiddenKeys } from './model';
import { withShownPlaceholders } from './placeholder';
import { FormStore } from './store';
import type { FormRendererHandle, FormRendererProps, FormRuntime } from './types';
import { validateAll, visibleValues } from './validation';

const SIZES = { small: 'small', medium: 'middle', large: 'large' } as const;
const DEFAULT_LABEL_WIDTH = 120;
const DEFAULT_GUTTER = 15;

/** The scheme when parseScheme accepts it and it has fields; null means "show the configuration alert". */
function checkScheme(scheme: unknown): FormSchemeContent | null {
  try {
    const result = parseScheme(scheme);
    return result.ok && result.scheme.data.length > 0 ? result.scheme : null;
  } catch {
    return null;
  }
}

function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  try {
    return JSON.stringify(a) === JSON.stringify(b);
  } catch {
    return false;
  }
}

/**
 * Keeps the previous reference while the content is the same: callers often pass `authority={[...]}` or
 * `initialValues={{...}}` inline, which must neither re-render every field nor reset the form on each parent render.
 */
function useStable<T>(value: T): T {
  const [stable, setStable] = useState(value);
  if (stable !== value && !sameJson(stable, value)) {
    setStable(value);
    return value;
  }
  return stable;
}

/**
 * The one form renderer (docs/forms-design.md "Renderer"). Values live in a FormStore outside React; fields
 * subscribe to their own key, so typing re-renders one field. Layout is plain elements and one stylesheet
 * (frame.tsx); antd Form only gives the controls their size.
 */
export const FormRenderer = forwardRef<FormRendererHandle, FormRendererProps>(function FormRenderer(props, ref) {
  const { scheme, mode, editFlag, onValuesChange } = props;
  const { t } = useTranslation('formRenderer');
  const { token } = theme.useToken();
  // The form's stylesheet is scoped to this instance (two forms on a page may differ in gutter).
  const scope = `fr-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const authority = useStable(props.authority);
  const initialValues = useStable(props.initialValues);
  const checked = useMemo(() => checkScheme(scheme), [scheme]);
  // A generic prompt naming the component type ('请输入单行文本') names the field's label (placeholder.ts).
  const model = useMemo(() => buildModel(withShownPlaceholders(checked?.data ?? [])), [checked]);
  const hidden = useMemo(() => hiddenKeys(model.data, authority), [model, authority]);
  const readOnly = mode === 'look' || editFlag === 2;

  // A new scheme gets a new store, filled at once so the first paint shows the values; later initial values
  // (a record loaded after the form) replace the values of the same store.
  const latestInitial = useRef(initialValues);
  latestInitial.current = initialValues;
  const store = useMemo(() => new FormStore(model).init(latestInitial.current), [model]);
  const appliedInitial = useRef(initialValues);
  useEffect(() => {
    if (appliedInitial.current === initialValues) return;
    appliedInitial.current = initialValues;
    store.init(initialValues);
  }, [store, initialValues]);

  const schemeId = props.source?.schemeId;
  const versionId = props.source?.versionId;
  const runtime = useMemo<FormRuntime>(
    () => ({
      mode,
      scheme: checked ?? scheme,
      source: schemeId ? { schemeId, versionId } : undefined,
      getValue: (vModel) => store.get(vModel),
      getValueByFormId: (formId) => store.valueOfFormId(formId),
      setByFormId: (values) => store.setByFormId(values),
      subscribe: (listener) => store.subscribeAny(listener),
    }),
    [mode, checked, scheme, schemeId, versionId, store],
  );

  const formConf = checked?.formConf;
  const context = useMemo<FormContextValue>(
    () => ({
      store,
      runtime,
      readOnly,
      authority,
      labelWidth: formConf?.labelWidth ?? DEFAULT_LABEL_WIDTH,
      labelTop: formConf?.labelPosition === 'top',
      t,
    }),
    [store, runtime, readOnly, authority, formConf, t],
  );

  // onValuesChange hears every change (the latest callback, without re-subscribing when the caller re-renders).
  const onValuesChangeRef = useRef(onValuesChange);
  useEffect(() => {
    onValuesChangeRef.current = onValuesChange;
  });
  useEffect(() => store.subscribeAny(() => onValuesChangeRef.current?.(visibleValues(store.getAll(), hidden))), [store, hidden]);

  useImperativeHandle(
    ref,
    () => ({
      validate: async () => {
        // A broken scheme cannot be filled in: refuse like an invalid form (no field errors to show).
        if (!checked) throw [] as FieldError[];
        // Read-only forms (look, edit flag 2) cannot be corrected, so they are not checked.
        if (!readOnly) {
          const errors = validateAll(store, authority, hidden);
          if (errors.length > 0) throw errors;
        }
        return visibleValues(store.getAll(), hidden);
      },
      getValues: () => visibleValues(store.getAll(), hidden),
      setValues: (values: FormValues) => store.setMany(values),
      reset: () => store.init(initialValues),
    }),
    [checked, readOnly, store, authority, hidden, initialValues],
  );

  const gutter = formConf?.gutter ?? DEFAULT_GUTTER;
  const css = useMemo(() => formCss(scope, token, gutter), [scope, token, gutter]);

  if (!checked) return <Alert type="error" showIcon title={t('schemeInvalid')} />;
  return (
    <FormContext.Provider value={context}>
      {/* antd Form only for its size and look; values and errors live in the store. */}
      <Form
        component="div"
        className={`form-renderer ${scope}${formConf?.labelPosition === 'left' ? ' fr-labels-left' : ''}`}
        size={SIZES[formConf?.size ?? 'medium']}
      >
        <style>{css}</style>
        {/* A stored form's data relations (option cascades); only the target fields read them. */}
        <CascadeProvider schemeId={schemeId} store={store} readOnly={readOnly}>
          <GridRow>
            <FieldList fields={model.data} />
          </GridRow>
        </CascadeProvider>
      </Form>
    </FormContext.Provider>
  );
});
