import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useZodRules } from '../../lib/zod-rules';

// Its own file: shared.ts is also used by the workflow designer, which must not fetch this feature's texts for it.
/** The contract's rules for a field of this feature's forms, asking for a missing value in its words ("请填写名称"). */
export function useRelationRules<S extends z.ZodObject>(schema: S) {
  const { t } = useTranslation('formRelation');
  const rules = useZodRules(schema);
  return useCallback(
    (field: keyof S['shape'] & string, label: string) => rules(field, label, { messages: { required: t('requiredField', { label }) } }),
    [rules, t],
  );
}
