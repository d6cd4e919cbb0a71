import type { FormSchemeContent } from '../forms.js';

export type SchemeCheck = { ok: true; scheme: FormSchemeContent } | { ok: false; reason: string };

/** Parses a stored or posted F_Scheme (object or JSON string) and checks it: schema, unique formIds and __vModel__s per table, containers well formed. */
export function parseScheme(_input: unknown): SchemeCheck {
  throw new Error('form-logic: parseScheme not implemented');
}
