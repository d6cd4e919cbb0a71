import type { PermissionsOf } from './common/permissions.js';
import { z } from 'zod';
import { pageQuery } from './common/paging.js';

/** Permission keys: Data dictionaries. */
export const dictionaryPermissions = {
  dictionaryList: 'system.dictionary.list',
  dictionaryAdd: 'system.dictionary.add',
  dictionaryEdit: 'system.dictionary.edit',
  dictionaryDelete: 'system.dictionary.delete',
} as const;
declare module './common/permissions.js' {
  interface ModulePermissions extends PermissionsOf<typeof dictionaryPermissions> {}
}

/**
 * Data dictionary (administration.md Dictionaries): dictionary types (`/data-items`, a tree) and their
 * items (`/data-item-detail`, a tree when the type's F_IsTree is 1). Tenant-owned.
 */

const id = z.string().trim().min(1).max(64);
const flag = z.union([z.literal(0), z.literal(1)]);
const flagInput = z.coerce.number().int().min(0).max(1).pipe(flag);
const sort = z.coerce.number().int().min(0).max(1_000_000).optional().default(0);
const text = (max: number) => z.string().trim().max(max);

export const dictionaryIdParams = z.object({ id });
/** `{key}` of GET /data-items/{key}/detail, /detail/tree and /info: the type's id or its code (case-insensitive). */
export const dictionaryKeyParams = z.object({ key: id });

// ---------- types ----------

export const dictionaryType = z.object({
  F_ItemId: z.string(),
  F_ParentId: z.string(),
  F_ItemCode: z.string(),
  F_ItemName: z.string(),
  F_IsTree: flag,
  F_IsNav: flag,
  F_SortCode: z.number().int(),
  F_EnabledMark: flag,
  F_DeleteMark: flag,
  F_Description: z.string(),
  F_CreateDate: z.string(),
});
export type DictionaryType = z.infer<typeof dictionaryType>;

export type DictionaryTypeNode = DictionaryType & { children: DictionaryTypeNode[] };
export const dictionaryTypeNode: z.ZodType<DictionaryTypeNode> = dictionaryType.extend({
  get children() {
    return z.array(dictionaryTypeNode);
  },
});

/** GET /data-items: paged, `keyword` matches code or name, `parentId` limits to direct children. */
export const dictionaryTypeQuery = pageQuery.extend({ parentId: id.optional() });
export type DictionaryTypeQuery = z.input<typeof dictionaryTypeQuery>;

/** POST /data-items and PUT /data-items/{id}. F_ItemCode: letters, digits, '_', '-', '.'; unique per tenant ignoring case. */
export const dictionaryTypeBody = z.object({
  F_ParentId: id.default('0'),
  F_ItemCode: z
    .string()
    .trim()
    .min(1)
    .max(50)
    .regex(/^[A-Za-z][A-Za-z0-9_.-]*$/, 'letters, digits, _ . -'),
  F_ItemName: text(100).min(1),
  F_IsTree: flagInput.optional().default(0),
  F_IsNav: flagInput.optional().default(0),
  F_SortCode: sort,
  F_EnabledMark: flagInput.optional().default(1),
  F_Description: text(500).optional().default(''),
});
export type DictionaryTypeBody = z.input<typeof dictionaryTypeBody>;

// ---------- items ----------

export const dictionaryItem = z.object({
  F_ItemDetailId: z.string(),
  F_ItemId: z.string(),
  /** '0' for a root item. */
  F_ParentId: z.string(),
  /** Translated for the request's language when a translation exists, Chinese otherwise. */
  F_ItemName: z.string(),
  F_ItemValue: z.string(),
  F_ItemCode: z.string(),
  F_SortCode: z.number().int(),
  F_EnabledMark: flag,
  F_Description: z.string(),
});
export type DictionaryItem = z.infer<typeof dictionaryItem>;

export type DictionaryItemNode = DictionaryItem & { children: DictionaryItemNode[] };
export const dictionaryItemNode: z.ZodType<DictionaryItemNode> = dictionaryItem.extend({
  get children() {
    return z.array(dictionaryItemNode);
  },
});

/**
 * Query of GET /data-items/{key}/detail and /detail/tree. Without `all` only enabled items are answered (any signed-in
 * user); `all=1` includes disabled ones and needs the dictionary `list` button. `keyword` matches name or value.
 */
export const dictionaryItemQuery = z.object({
  keyword: z.string().trim().max(200).optional(),
  all: z.coerce.number().int().min(0).max(1).optional(),
});
export type DictionaryItemQuery = z.input<typeof dictionaryItemQuery>;

/** POST /data-item-detail and PUT /data-item-detail/{id} (F_ItemId cannot change on PUT). */
export const dictionaryItemBody = z.object({
  F_ItemId: id,
  F_ParentId: id.default('0'),
  F_ItemName: text(100).min(1),
  F_ItemValue: text(200).min(1),
  F_ItemCode: text(50).optional().default(''),
  F_SortCode: sort,
  F_EnabledMark: flagInput.optional().default(1),
  F_Description: text(500).optional().default(''),
});
export type DictionaryItemBody = z.input<typeof dictionaryItemBody>;
