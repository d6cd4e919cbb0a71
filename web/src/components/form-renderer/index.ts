export { FormRenderer } from './FormRenderer';
export type { FormMode, FormRendererHandle, FormRendererProps, FieldProps, FormRuntime } from './types';
