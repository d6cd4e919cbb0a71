import { forwardRef } from 'react';
import type { FormRendererHandle, FormRendererProps } from './types';

/** The one form renderer (docs/forms-design.md "Renderer"). */
export const FormRenderer = forwardRef<FormRendererHandle, FormRendererProps>(function FormRenderer(_props, _ref) {
  return null;
});
