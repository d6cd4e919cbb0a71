import type { PermissionsOf } from './common/permissions.js';
import { z } from 'zod';
import { pageQuery } from './common/paging.js';

/** Permission keys: Leads left on the sign-in page. */
export const cluePermissions = {
  /** Leads left on the sign-in page (POST /login/add-clue). */
  clueList: 'system.clue.list',
  clueHandle: 'system.clue.handle',
  clueDelete: 'system.clue.delete',
} as const;
declare module './common/permissions.js' {
  interface ModulePermissions extends PermissionsOf<typeof cluePermissions> {}
}

/**
 * Leads left on the sign-in page (shell-approval-forms.md: POST /login/add-clue, public) and the administrators'
 * list of them (GET /clue, PUT /clue/{id}/handled, DELETE /clue/{id}). The rules are shared with the web form.
 */
export const CLUE_LIMITS = { name: 50, phone: 20, email: 100, company: 100, message: 1000 } as const;
/** A mobile or landline number: digits, optionally a leading +, spaces and dashes between; 6 to 20 characters. */
export const CLUE_PHONE = /^\+?\d[\d\s-]{4,18}\d$/;

const optionalText = (max: number, message: string) => z.string().trim().max(max, message).optional().default('');

/**
 * Issue messages are message keys (clue.*) the server's catalogues and the web's login namespace translate,
 * so a refused lead reads in the caller's language.
 */
export const clueBody = z
  .object({
    name: z.string('clue.badName').trim().min(1, 'clue.badName').max(CLUE_LIMITS.name, 'clue.badName'),
    phone: optionalText(CLUE_LIMITS.phone, 'clue.badPhone').refine((s) => s === '' || CLUE_PHONE.test(s), 'clue.badPhone'),
    email: optionalText(CLUE_LIMITS.email, 'clue.badEmail').refine((s) => s === '' || z.email().safeParse(s).success, 'clue.badEmail'),
    company: optionalText(CLUE_LIMITS.company, 'clue.badCompany'),
    message: optionalText(CLUE_LIMITS.message, 'clue.badMessage'),
    /** The sign-in page's tenant code; empty means the default tenant. */
    code: z.string().trim().max(64).optional().default(''),
  })
  .refine((b) => b.phone !== '' || b.email !== '', { message: 'clue.contactNeeded', path: ['phone'] });
export type ClueBody = z.input<typeof clueBody>;

/** GET /clue: keyword (name, phone, e-mail, company), handled (0 / 1), time range (yyyy-MM-dd or full time). */
export const clueQuery = pageQuery.extend({
  handled: z.coerce.number().int().min(0).max(1).optional(),
  startTime: z.string().trim().max(32).optional(),
  endTime: z.string().trim().max(32).optional(),
});
export type ClueQuery = z.infer<typeof clueQuery>;

export const clueRow = z.object({
  F_Id: z.string(),
  F_Name: z.string(),
  F_Phone: z.string(),
  F_Email: z.string(),
  F_Company: z.string(),
  F_Message: z.string(),
  F_IPAddress: z.string().nullable(),
  /** 1 handled, 0 new. */
  F_Handled: z.number().int(),
  F_HandledUserName: z.string().nullable(),
  F_HandledDate: z.string().nullable(),
  F_CreateDate: z.string(),
});
export type ClueRow = z.infer<typeof clueRow>;

export const clueIdParams = z.object({ id: z.string().trim().min(1).max(64) });
