/** Scheme pieces for the form-scheme tests: loose objects, because the server's own checks are what they exercise. */
export type Loose = Record<string, unknown>;

export const field = (formId: number, vModel: string, avueType: string, extra: Loose = {}, config: Loose = {}): Loose => ({
  __vModel__: vModel,
  ...extra,
  __config__: { formId, avueType, label: vModel, ...config },
});
