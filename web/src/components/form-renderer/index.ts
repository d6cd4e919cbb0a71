export { FormRenderer } from './FormRenderer';
export { fieldRegistry } from './registry';
export type { FieldComponent, FieldProps, FieldRegistry, FormMode, FormRendererHandle, FormRendererProps, FormRuntime } from './types';
export { useDisplayText } from './display-text';
