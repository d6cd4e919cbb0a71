import type { PermissionsOf } from './common/permissions.js';
import { z } from 'zod';

/** Permission keys: Menu administration. */
export const menuPermissions = {
  moduleList: 'system.module.list',
  moduleAdd: 'system.module.add',
  moduleEdit: 'system.module.edit',
  moduleDelete: 'system.module.delete',
} as const;
declare module './common/permissions.js' {
  interface ModulePermissions extends PermissionsOf<typeof menuPermissions> {}
}

/**
 * Menus (modules) administration, authorisation grants, data permissions and app functions
 * (administration spec 6 and 7: Modules, Authorisation; docs/organisation-design.md "Authorisation").
 */

const flag = z.union([z.literal(0), z.literal(1)]);
const id = z.string().trim().min(1).max(128);
const ids = z.array(id).max(5000).default([]);

/** A button, column or form of a module (granted like buttons: `<module code>.<code>`). */
export const moduleItem = z.object({
  F_Id: z.string(),
  F_ModuleId: z.string(),
  F_EnCode: z.string(),
  F_FullName: z.string(),
  F_SortCode: z.number().int(),
});
export type ModuleItem = z.infer<typeof moduleItem>;

/** A menu entry's or an item's code: part of the permission keys `<module code>.<item code>`. */
const enCode = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_.-]+$/, 'letters, digits, _ . -');

/** A button / column / form as saved with its module. F_Id keeps an existing item (and its grants); omit it for a new one. */
export const moduleItemInput = z.object({
  F_Id: id.optional(),
  F_EnCode: enCode,
  F_FullName: z.string().trim().min(1).max(100),
  F_SortCode: z.coerce.number().int().min(0).max(1_000_000).optional(),
});
export type ModuleItemInput = z.infer<typeof moduleItemInput>;

/** One menu entry as the menu administration shows it. */
export const moduleRow = z.object({
  F_ModuleId: z.string(),
  F_ParentId: z.string(),
  F_SystemId: z.string(),
  F_EnCode: z.string(),
  F_FullName: z.string(),
  F_Icon: z.string(),
  F_UrlAddress: z.string(),
  /** '' page, 'open' new window, 'expand' group */
  F_Target: z.string(),
  F_IsMenu: flag,
  F_IsCommon: flag,
  F_KeepAlive: flag,
  F_EnabledMark: flag,
  F_SortCode: z.number().int(),
  F_I18nKey: z.string().nullable(),
  F_Description: z.string(),
  F_CreateDate: z.string(),
});
export type ModuleRow = z.infer<typeof moduleRow>;

export type ModuleNode = ModuleRow & { children: ModuleNode[] };
export const moduleNode: z.ZodType<ModuleNode> = moduleRow.extend({
  get children() {
    return z.array(moduleNode);
  },
});

/** GET /modules/{id}: the entry with its buttons, columns and forms. */
export const moduleDetail = moduleRow.extend({
  buttons: z.array(moduleItem),
  columns: z.array(moduleItem),
  forms: z.array(moduleItem),
});
export type ModuleDetail = z.infer<typeof moduleDetail>;

/** GET /modules?systemId=&keyword= : the tree (keyword: entries whose name or code contains it, with their parents). */
export const moduleTreeQuery = z.object({
  systemId: z.string().trim().max(64).optional(),
  keyword: z.string().trim().max(200).optional(),
});

/** POST /modules and PUT /modules/{id}. The arrays replace the module's buttons / columns / forms. */
export const moduleInput = z.object({
  F_ParentId: z.string().trim().min(1).max(128).optional().default('0'),
  F_SystemId: z.string().trim().min(1).max(64).optional().default('0'),
  F_EnCode: enCode,
  F_FullName: z.string().trim().min(1).max(100),
  F_Icon: z.string().trim().max(100).optional().default(''),
  F_UrlAddress: z.string().trim().max(500).optional().default(''),
  F_Target: z.enum(['', 'open', 'expand']).optional().default(''),
  F_IsMenu: flag.optional().default(1),
  F_IsCommon: flag.optional().default(0),
  F_KeepAlive: flag.optional().default(1),
  F_EnabledMark: flag.optional().default(1),
  F_SortCode: z.coerce.number().int().min(0).max(1_000_000).optional().default(0),
  F_I18nKey: z.string().trim().max(100).nullable().optional().default(null),
  F_Description: z.string().trim().max(500).optional().default(''),
  buttons: z.array(moduleItemInput).max(200).optional().default([]),
  columns: z.array(moduleItemInput).max(200).optional().default([]),
  forms: z.array(moduleItemInput).max(200).optional().default([]),
});
export type ModuleInput = z.input<typeof moduleInput>;

export const moduleIdParams = z.object({ id });
/** GET /modules/{name}/validate-url?id= : name is the URL (URI-encoded); id excludes the entry being edited. */
export const moduleUrlParams = z.object({ name: z.string().trim().min(1).max(500) });
export const moduleUrlQuery = z.object({ id: z.string().trim().max(128).optional() });
/** true when no other entry uses the URL. */
export const moduleUrlFree = z.boolean();

/** GET /modules/{id}/system: the system the entry belongs to ('0' main system). */
export const moduleSystem = z.object({ F_Id: z.string(), F_Name: z.string() });

/** GET /modules/all and /modules/all/{tenantId}: the tree with everything grantable per entry. */
export type ModuleGrantNode = {
  F_ModuleId: string;
  F_ParentId: string;
  F_SystemId: string;
  F_EnCode: string;
  F_FullName: string;
  F_Icon: string;
  buttons: ModuleItem[];
  columns: ModuleItem[];
  forms: ModuleItem[];
  children: ModuleGrantNode[];
};
export const moduleGrantNode: z.ZodType<ModuleGrantNode> = z.object({
  F_ModuleId: z.string(),
  F_ParentId: z.string(),
  F_SystemId: z.string(),
  F_EnCode: z.string(),
  F_FullName: z.string(),
  F_Icon: z.string(),
  buttons: z.array(moduleItem),
  columns: z.array(moduleItem),
  forms: z.array(moduleItem),
  get children() {
    return z.array(moduleGrantNode);
  },
});
export const modulesOfTenantParams = z.object({ tenantId: id });

/** 1 role, 2 user. Paths carry it as text. */
export const authorizeObjectType = z.coerce
  .number()
  .int()
  .pipe(z.union([z.literal(1), z.literal(2)]));
export const authorizeObjectParams = z.object({ objectType: authorizeObjectType, objectId: id });

/** The grants of one role or user (GET /authorizes/{objectType}/{objectId}, GET /modules/current/authorized). */
export const grantSet = z.object({
  moduleIds: z.array(z.string()),
  buttonIds: z.array(z.string()),
  columnIds: z.array(z.string()),
  formIds: z.array(z.string()),
  appFunctionIds: z.array(z.string()),
});
export type GrantSet = z.infer<typeof grantSet>;

/** itemJson may be the object or the same object as a JSON string. */
const jsonOrObject = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }, schema);

export const menuGrantItems = z.object({ moduleIds: ids, buttonIds: ids, columnIds: ids, formIds: ids });
export type MenuGrantItems = z.infer<typeof menuGrantItems>;

/** POST /authorizes: replaces the menu, button, column and form grants of the object. */
export const authorizeBody = z.object({
  objectId: id,
  objectType: authorizeObjectType,
  itemJson: jsonOrObject(menuGrantItems),
});
export type AuthorizeBody = z.input<typeof authorizeBody>;

/** POST /authorizes/app: replaces the app-function grants; itemJson is `{ appFunctionIds }` or the id array (or either as JSON text). */
export const authorizeAppBody = z.object({
  objectId: id,
  objectType: authorizeObjectType,
  itemJson: jsonOrObject(z.union([z.array(id).max(5000), z.object({ appFunctionIds: ids }).transform((v) => v.appFunctionIds)])),
});
export type AuthorizeAppBody = z.input<typeof authorizeAppBody>;

export const appFunction = z.object({
  F_Id: z.string(),
  F_EnCode: z.string(),
  F_FullName: z.string(),
  F_Icon: z.string(),
  F_UrlAddress: z.string(),
  F_SortCode: z.number().int(),
  F_EnabledMark: flag,
});
export type AppFunction = z.infer<typeof appFunction>;
export const appFunctionQuery = z.object({ keyword: z.string().trim().max(200).optional() });
export const appFunctionIdParams = z.object({ id });

/** 1 own, 2 own department, 3 department and below, 4 own company, 5 all, 6 custom departments. */
export const dataScope = z.coerce.number().int().min(1).max(6);

/** GET /data-authorize/{objectType}/{objectId}/menu: one row per menu entry; scope null = not set (all rows). */
export const dataAuthorizeRow = z.object({
  F_ModuleId: z.string(),
  F_ParentId: z.string(),
  F_EnCode: z.string(),
  F_FullName: z.string(),
  scope: z.number().int().nullable(),
  departmentIds: z.array(z.string()),
});
export type DataAuthorizeRow = z.infer<typeof dataAuthorizeRow>;

/** PUT /data-authorize/: replaces every data permission of the object. departmentIds only matter for scope 6. */
export const dataAuthorizeBody = z.object({
  objectId: id,
  objectType: authorizeObjectType,
  items: z.array(z.object({ moduleId: id, scope: dataScope, departmentIds: z.array(id).max(1000).optional().default([]) })).max(2000),
});
export type DataAuthorizeBody = z.input<typeof dataAuthorizeBody>;
