import { createRef } from 'react';
import { fireEvent } from '@testing-library/react';
import type { FieldAuthority, FormField, FormSchemeContent, FormValues } from '@app/contracts';
import { renderWithApp } from '../../test/helpers';
import { FormRenderer } from './FormRenderer';
import type { FormMode, FormRendererHandle } from './types';

/** Test helpers: scheme builders and a rendered form with its handle and the last onValuesChange values. */

let nextFormId = 1000;

/** A field of the given type; keys beside __config__ in `over`, config keys in `config` (label defaults to vModel). */
export function fld(
  avueType: FormField['__config__']['avueType'],
  vModel: string | undefined,
  over: Record<string, unknown> = {},
  config: Record<string, unknown> = {},
): FormField {
  return {
    ...(vModel ? { __vModel__: vModel } : {}),
    ...over,
    __config__: { formId: nextFormId++, avueType, label: vModel ?? avueType, ...config },
  } as unknown as FormField;
}

export const schemeOf = (data: FormField[], formConf: Record<string, unknown> = {}): FormSchemeContent =>
  ({ data, formConf: { labelWidth: 120, labelPosition: 'right', gutter: 15, size: 'medium', ...formConf } }) as FormSchemeContent;

export function renderForm(
  scheme: FormSchemeContent,
  opts: { mode?: FormMode; editFlag?: number; authority?: FieldAuthority[]; initialValues?: FormValues } = {},
) {
  const ref = createRef<FormRendererHandle>();
  const changes: FormValues[] = [];
  const view = renderWithApp(
    <FormRenderer
      ref={ref}
      scheme={scheme}
      mode={opts.mode ?? 'add'}
      editFlag={opts.editFlag}
      authority={opts.authority}
      initialValues={opts.initialValues}
      onValuesChange={(v) => changes.push(v)}
    />,
  );
  const handle = () => {
    if (!ref.current) throw new Error('FormRenderer handle not set');
    return ref.current;
  };
  return { ...view, handle, changes };
}

/** The element of a main-form field (its grid column) by __vModel__. */
export function fieldEl(container: HTMLElement, vModel: string): HTMLElement {
  const el = container.querySelector<HTMLElement>(`[data-field="${vModel}"]`);
  if (!el) throw new Error(`no field ${vModel}`);
  return el;
}

export function inputOf(container: HTMLElement, vModel: string): HTMLInputElement {
  const el = fieldEl(container, vModel).querySelector<HTMLInputElement>('input, textarea');
  if (!el) throw new Error(`no input in ${vModel}`);
  return el;
}

/** Turns a plain field or cell (liteCell.tsx) into its real control, as a pointer entering it does. */
export function realize(el: HTMLElement): void {
  for (const plain of el.querySelectorAll<HTMLInputElement>('input.fr-lite-cell')) fireEvent.mouseEnter(plain);
}
