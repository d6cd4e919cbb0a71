import type { FieldRegistry } from './types';
import { basicFields } from './fields/basic';
import { richFields } from './fields/rich';

/** Every field type the renderer knows (containers row / tabs / table are laid out by FormRenderer itself). */
export const fieldRegistry: FieldRegistry = { ...basicFields, ...richFields };
