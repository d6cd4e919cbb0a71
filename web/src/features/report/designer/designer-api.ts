import type { DictionaryTypeNode } from '@app/contracts';
import { api } from '../../../lib/api';

/**
 * Calls of the designer that reportApi does not have (see api-needs.md): the dictionaries a field or a parameter
 * may show. Silent: a user without the dictionary screens still types a code by hand.
 */
export const designerApi = {
  dictionaryTypes: () => api.get<DictionaryTypeNode[]>('/data-items/tree', undefined, { silent: true }),
};
