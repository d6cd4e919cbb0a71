import type { DictionaryItem } from '@app/contracts';
import { api } from '../lib/api';

/** Dictionary items (shared by dictionary selects and the form renderer's display text). */
export const dictionaryApi = {
  /** Enabled, sorted, named in the request's language; silent: a failed look-up yields no items (spec 8). */
  items: (code: string) => api.get<DictionaryItem[] | null>(`/data-items/${encodeURIComponent(code)}/detail`, undefined, { silent: true }).then((d) => d ?? []),
};
