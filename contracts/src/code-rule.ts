import type { PermissionsOf } from './common/permissions.js';
import { z } from 'zod';
import { pageQuery } from './common/paging.js';

/** Permission keys: Code rules. */
export const codeRulePermissions = {
  codeRuleList: 'system.codeRule.list',
  codeRuleAdd: 'system.codeRule.add',
  codeRuleEdit: 'system.codeRule.edit',
  codeRuleDelete: 'system.codeRule.delete',
} as const;
declare module './common/permissions.js' {
  interface ModulePermissions extends PermissionsOf<typeof codeRulePermissions> {}
}

/**
 * Code rules (auto-coding): a rule is a list of parts joined without separator. GET /code-rules/{id}/gen
 * answers the next number; numbers are never duplicated (one counter row per rule and period). Periods use
 * Asia/Shanghai time.
 */

const id = z.string().trim().min(1).max(64);
const flag = z.union([z.literal(0), z.literal(1)]);
const flagInput = z.coerce.number().int().min(0).max(1).pipe(flag);

export const codeRuleIdParams = z.object({ id });

export const codeRuleDateFormats = ['yyyyMMdd', 'yyyyMM', 'yyyy', 'yyMMdd', 'yyMM', 'yy', 'yyyy-MM-dd', 'yyyy-MM', 'MMdd'] as const;
export const codeRuleResets = ['never', 'day', 'month', 'year'] as const;

export const codeRulePart = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), value: z.string().max(50) }),
  z.object({ type: z.literal('date'), format: z.enum(codeRuleDateFormats) }),
  z.object({
    type: z.literal('sequence'),
    width: z.coerce.number().int().min(1).max(18),
    start: z.coerce.number().int().min(0).max(1_000_000_000).optional().default(1),
    step: z.coerce.number().int().min(1).max(1_000_000).optional().default(1),
    reset: z.enum(codeRuleResets).optional().default('never'),
  }),
  /** The caller's company code (F_EnCode). */
  z.object({ type: z.literal('company') }),
  /** The caller's first department code (F_EnCode). */
  z.object({ type: z.literal('department') }),
]);
export type CodeRulePart = z.infer<typeof codeRulePart>;
export type CodeRulePartInput = z.input<typeof codeRulePart>;

export const codeRule = z.object({
  F_Id: z.string(),
  F_EnCode: z.string(),
  F_FullName: z.string(),
  F_Description: z.string(),
  F_EnabledMark: flag,
  parts: z.array(codeRulePart),
  /** An example of what the rule produces now (sequence at its start value). */
  example: z.string(),
  F_CreateDate: z.string(),
});
export type CodeRule = z.infer<typeof codeRule>;

/** GET /code-rules/list: enabled rules for pickers. */
export const codeRuleOption = z.object({ F_Id: z.string(), F_EnCode: z.string(), F_FullName: z.string() });
export type CodeRuleOption = z.infer<typeof codeRuleOption>;

/** GET /code-rules: paged; `keyword` matches code or name. */
export const codeRuleQuery = pageQuery;

/** POST /code-rules and PUT /code-rules/{id}. At most one sequence part; F_EnCode unique per tenant ignoring case. */
export const codeRuleBody = z.object({
  F_EnCode: z
    .string()
    .trim()
    .min(1)
    .max(50)
    .regex(/^[A-Za-z][A-Za-z0-9_.-]*$/, 'letters, digits, _ . -'),
  F_FullName: z.string().trim().min(1).max(100),
  F_Description: z.string().trim().max(500).optional().default(''),
  F_EnabledMark: flagInput.optional().default(1),
  parts: z
    .array(codeRulePart)
    .min(1)
    .max(10)
    .refine((parts) => parts.filter((p) => p.type === 'sequence').length <= 1, 'at most one sequence part'),
});
export type CodeRuleBody = z.input<typeof codeRuleBody>;

/** GET /code-rules/{id}/gen answers the next number as a string. */
export const codeRuleGenResult = z.string();
