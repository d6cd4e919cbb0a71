import type { PermissionsOf } from './common/permissions.js';
import { z } from 'zod';
import { pageQuery } from './common/paging.js';

/** Permission keys: Languages and translations. */
export const languagePermissions = {
  languageList: 'system.language.list',
  languageAdd: 'system.language.add',
  languageEdit: 'system.language.edit',
  languageDelete: 'system.language.delete',
} as const;
declare module './common/permissions.js' {
  interface ModulePermissions extends PermissionsOf<typeof languagePermissions> {}
}

/**
 * Multi-language: language types (`/lg-type`) and mapping objects (`/lp-map`), one per translatable object
 * (a dictionary item or a menu entry) with its translations per language code. Chinese is the main language; a
 * missing translation falls back to it.
 */

const id = z.string().trim().min(1).max(64);
const flag = z.union([z.literal(0), z.literal(1)]);
const flagInput = z.coerce.number().int().min(0).max(1).pipe(flag);
/** BCP 47 style: 'zh-CN', 'en', 'en-US', 'ja'. */
export const languageCode = z
  .string()
  .trim()
  .min(2)
  .max(20)
  .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, "language code like 'en' or 'zh-CN'");

export const languageIdParams = z.object({ id });

export const languageType = z.object({
  F_Id: z.string(),
  F_Code: z.string(),
  F_Name: z.string(),
  /** 1 for the main language (Chinese), exactly one. */
  F_IsMain: flag,
  F_SortCode: z.number().int(),
  F_EnabledMark: flag,
  F_CreateDate: z.string(),
});
export type LanguageType = z.infer<typeof languageType>;

/** POST /lg-type and PUT /lg-type/{id}. The code of the main language cannot change. */
export const languageTypeBody = z.object({
  F_Code: languageCode,
  F_Name: z.string().trim().min(1).max(50),
  F_SortCode: z.coerce.number().int().min(0).max(1_000_000).optional().default(0),
  F_EnabledMark: flagInput.optional().default(1),
});
export type LanguageTypeBody = z.input<typeof languageTypeBody>;

/** PATCH /lg-type/{id}: sets the enabled mark, or toggles it when the body is empty. The main language stays enabled. */
export const languageTypePatchBody = z.object({ F_EnabledMark: flagInput.optional() }).nullish();
export type LanguageTypePatchBody = z.input<typeof languageTypePatchBody>;

// ---------- mapping objects ----------

export const lpObjectType = z.enum(['dataItem', 'module']);
export type LpObjectType = z.infer<typeof lpObjectType>;

/** Translations by language code; an empty string in a PATCH removes that translation. */
export const translations = z.record(languageCode, z.string().trim().max(500));
export type Translations = z.infer<typeof translations>;

export const lpMapObject = z.object({
  F_Id: z.string(),
  F_ObjectType: lpObjectType,
  /** A dictionary item's F_ItemDetailId or a menu entry's F_ModuleId. */
  F_ObjectId: z.string(),
  /** Readable key, e.g. 'CompanyNature.1' or the menu entry's code. */
  F_Code: z.string(),
  /** The Chinese (main language) text. */
  F_Name: z.string(),
  translations,
  F_CreateDate: z.string(),
});
export type LpMapObject = z.infer<typeof lpMapObject>;

/** GET /lp-map/page: `keyword` matches code, Chinese name or any translation. */
export const lpMapQuery = pageQuery.extend({ objectType: lpObjectType.optional(), objectId: id.optional() });
export type LpMapQuery = z.input<typeof lpMapQuery>;

/**
 * POST /lp-map/object creates or replaces (upsert by type and object id); PATCH /lp-map/object merges the given
 * translations into the object's row (created when missing). F_Code and F_Name default to the object's own code and
 * Chinese text. Translation keys must be existing language types.
 */
export const lpMapObjectBody = z.object({
  F_ObjectType: lpObjectType,
  F_ObjectId: id,
  F_Code: z.string().trim().max(100).optional(),
  F_Name: z.string().trim().max(200).optional(),
  translations: translations.optional().default({}),
});
export type LpMapObjectBody = z.input<typeof lpMapObjectBody>;

/** PATCH /lp-map/object/{id}: merges translations ('' removes one); F_Code / F_Name when given. */
export const lpMapPatchBody = z.object({
  F_Code: z.string().trim().min(1).max(100).optional(),
  F_Name: z.string().trim().min(1).max(200).optional(),
  translations: translations.optional().default({}),
});
export type LpMapPatchBody = z.input<typeof lpMapPatchBody>;
