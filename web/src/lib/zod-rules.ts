import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Rule } from 'antd/es/form';
import type { z } from 'zod';

/** What a field's zod schema asks of a text input, as far as a form can check it before sending. */
export interface FieldConstraints {
  required: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: RegExp;
  email?: boolean;
}

/** The parts of zod 4's internal definition read here (`_zod.def`, the documented hook for tools built on zod). */
interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  values?: unknown[];
  format?: string;
  pattern?: RegExp;
  checks?: { _zod: { def: CheckDef } }[];
}
interface CheckDef {
  check: string;
  minimum?: number;
  maximum?: number;
  format?: string;
  pattern?: RegExp;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** A union option that only admits the empty string (`.or(z.literal(''))`): it makes the field optional, nothing more. */
const isEmptyLiteral = (schema: z.ZodType) => {
  const def = defOf(schema);
  return def.type === 'literal' && (def.values ?? []).every((v) => v === '');
};

function collect(schema: z.ZodType, into: FieldConstraints) {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      if (def.innerType) collect(def.innerType, into);
      return;
    case 'pipe':
      if (def.in) collect(def.in, into);
      if (def.out) collect(def.out, into);
      return;
    case 'union': {
      // Only a union of one real shape and '' says something about the text; alternatives of several shapes do not.
      const shapes = (def.options ?? []).filter((o) => !isEmptyLiteral(o));
      if (shapes.length === 1) collect(shapes[0], into);
      return;
    }
    case 'string':
      format(def.format, def.pattern, into);
      for (const check of def.checks ?? []) {
        const c = check._zod.def;
        if (c.check === 'max_length' && c.maximum !== undefined) into.maxLength = Math.min(into.maxLength ?? Infinity, c.maximum);
        else if (c.check === 'min_length' && c.minimum !== undefined) into.minLength = Math.max(into.minLength ?? 0, c.minimum);
        else if (c.check === 'string_format') format(c.format, c.pattern, into);
      }
      return;
    default:
      return;
  }
}

function format(name: string | undefined, pattern: RegExp | undefined, into: FieldConstraints) {
  if (name === 'email') into.email = true;
  else if (name === 'regex' && pattern) into.pattern = pattern;
}

/**
 * Reads a field schema: required when it accepts neither absence, null nor the empty string (what an untouched
 * input gives); the length bounds, a regex and the email format from its string checks, through optional,
 * nullable, default, pipe and `.or(z.literal(''))`.
 */
export function fieldConstraints(schema: z.ZodType): FieldConstraints {
  const required = [undefined, null, ''].every((empty) => !schema.safeParse(empty).success);
  const into: FieldConstraints = { required };
  collect(schema, into);
  return into;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface FieldRuleOptions {
  /** Messages that replace the general ones for this field (e.g. a pattern explained in words). */
  messages?: { required?: string; pattern?: string; email?: string };
  /** Checks to leave to other rules, e.g. a password typed in clear whose schema checks its md5 hash. */
  skip?: ('length' | 'pattern' | 'email')[];
}

/** antd rules for one field schema, with the general messages of the common namespace. */
export function fieldRules(schema: z.ZodType, label: string, t: Translate, options: FieldRuleOptions = {}): Rule[] {
  const c = fieldConstraints(schema);
  const skip = new Set(options.skip);
  const messages = options.messages ?? {};
  const rules: Rule[] = [];
  if (c.required) rules.push({ required: true, message: messages.required ?? t('common:required', { label }) });
  if (!skip.has('length')) {
    if (c.minLength !== undefined && c.minLength > 1) rules.push({ min: c.minLength, message: t('common:minLength', { label, min: c.minLength }) });
    if (c.maxLength !== undefined) rules.push({ max: c.maxLength, message: t('common:maxLength', { label, max: c.maxLength }) });
  }
  if (c.pattern && !skip.has('pattern')) rules.push({ pattern: c.pattern, message: messages.pattern ?? t('common:invalidFormat', { label }) });
  if (c.email && !skip.has('email')) rules.push({ type: 'email', message: messages.email ?? t('common:invalidEmail', { label }) });
  return rules;
}

type ObjectSchema = z.ZodObject;

/**
 * The form's rules from the contract's body schema: `rules('F_FullName', t('role.name'))` gives the antd rules of
 * that field, so the form checks what the server will check, with the same messages everywhere.
 */
export function useZodRules<S extends ObjectSchema>(schema: S) {
  const { t } = useTranslation('common');
  return useMemo(() => {
    const shape = schema.shape as Record<string, z.ZodType>;
    return (field: keyof S['shape'] & string, label: string, options?: FieldRuleOptions) => fieldRules(shape[field], label, t as Translate, options);
  }, [schema, t]);
}
