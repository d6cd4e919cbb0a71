import { forwardRef, useImperativeHandle, useState } from 'react';
import type { FormValues } from '@app/contracts';
import type { FormRendererHandle, FormRendererProps } from '../../components/form-renderer';

/** Props of every FormRenderer the page under test mounted, latest last. */
export const rendered: FormRendererProps[] = [];

/**
 * Stand-in for the shared FormRenderer in the list / fill page tests: those screens are tested on what they pass
 * to the renderer and do with its handle; the renderer has its own tests. One text box per main-form field,
 * read-only in look mode; validate() refuses an empty required field like the real one.
 */
export const FakeRenderer = forwardRef<FormRendererHandle, FormRendererProps>(function FakeRenderer(props, ref) {
  rendered.push(props);
  const fields = props.scheme.data.filter((f) => f.__vModel__);
  const [values, setValues] = useState<FormValues>(() => ({ ...props.initialValues }));
  const [errors, setErrors] = useState<string[]>([]);
  useImperativeHandle(ref, () => ({
    validate: async () => {
      const missing = fields.filter((f) => f.__config__.required && !values[f.__vModel__!]).map((f) => `${f.__config__.label}不能为空`);
      setErrors(missing);
      if (missing.length) throw new Error(missing.join());
      return values;
    },
    getValues: () => values,
    setValues: (v) => setValues((old) => ({ ...old, ...v })),
    reset: () => setValues({ ...props.initialValues }),
  }));
  return (
    <div data-testid="renderer" data-mode={props.mode}>
      {fields.map((f) => (
        <input
          key={f.__vModel__}
          aria-label={f.__config__.label}
          disabled={props.mode === 'look'}
          value={String(values[f.__vModel__!] ?? '')}
          onChange={(e) => setValues((old) => ({ ...old, [f.__vModel__!]: e.target.value }))}
        />
      ))}
      {errors.map((e) => (
        <div key={e}>{e}</div>
      ))}
    </div>
  );
});
