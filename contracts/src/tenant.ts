import type { PermissionsOf } from './common/permissions.js';
import { z } from 'zod';
import { pageQuery } from './common/paging.js';
import { md5Hex } from './auth.js';

/** Permission keys: Tenants. */
export const tenantPermissions = {
  tenantList: 'system.tenant.list',
  tenantAdd: 'system.tenant.add',
  tenantEdit: 'system.tenant.edit',
  tenantDelete: 'system.tenant.delete',
  tenantStatus: 'system.tenant.status',
  tenantUsers: 'system.tenant.users',
} as const;
declare module './common/permissions.js' {
  interface ModulePermissions extends PermissionsOf<typeof tenantPermissions> {}
}

/**
 * Tenants (administration spec 7, Tenants; docs/organisation-design.md "Tenants"). Only users of the default
 * (platform) tenant with the system.tenant.* buttons manage tenants.
 */

const flag = z.union([z.literal(0), z.literal(1)]);
const code = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, _ and -');

export const tenantRow = z.object({
  F_TenantId: z.string(),
  /** The code users type at sign-in (POST /login `code`). */
  F_EnCode: z.string(),
  F_FullName: z.string(),
  F_EnabledMark: flag,
  F_IsDefault: flag,
  F_Contact: z.string(),
  F_Phone: z.string(),
  F_Description: z.string(),
  /** yyyy-MM-dd HH:mm:ss or null (never expires) */
  F_ExpireDate: z.string().nullable(),
  F_CreateDate: z.string(),
  F_UserCount: z.number().int(),
});
export type TenantRow = z.infer<typeof tenantRow>;

/** GET /tenant?limit&size&keyword (prefix of code or name)&enabled */
export const tenantQuery = pageQuery.extend({ enabled: z.coerce.number().int().pipe(flag).optional() });

const tenantFields = {
  F_EnCode: code,
  F_FullName: z.string().trim().min(1).max(100),
  F_Contact: z.string().trim().max(50).optional().default(''),
  F_Phone: z.string().trim().max(30).optional().default(''),
  F_Description: z.string().trim().max(500).optional().default(''),
  /** yyyy-MM-dd or yyyy-MM-dd HH:mm:ss; null or absent: never expires */
  F_ExpireDate: z
    .string()
    .trim()
    .max(19)
    .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/)
    .nullable()
    .optional()
    .default(null),
  /** Menu entries the tenant has (tenant_modules); parents are added automatically. Ignored for the default tenant. */
  moduleIds: z.array(z.string().trim().min(1).max(128)).max(5000).optional().default([]),
};

/** POST /tenant: the tenant, its root company, an `admin` role with the tenant's entries and the administrator account. */
export const tenantCreateBody = z.object({
  ...tenantFields,
  F_EnabledMark: flag.optional().default(1),
  adminAccount: z.string().trim().min(1).max(50).optional().default('admin'),
  adminRealName: z.string().trim().min(1).max(50).optional().default('管理员'),
  /** md5 hex of the administrator's password */
  adminPassword: md5Hex,
});
export type TenantCreateBody = z.input<typeof tenantCreateBody>;

/** PUT /tenant/{id}: the menu list replaces the tenant's entries (and removes grants of entries it loses). */
export const tenantUpdateBody = z.object(tenantFields);
export type TenantUpdateBody = z.input<typeof tenantUpdateBody>;

export const tenantIdParams = z.object({ id: z.string().trim().min(1).max(128) });
export const tenantStatusParams = z.object({ id: z.string().trim().min(1).max(128), status: z.coerce.number().int().pipe(flag) });

/** POST /tenant/user-isexit: does the account exist in the tenant (absent: the default tenant)? Answers a boolean. */
export const tenantUserExistsBody = z.object({
  F_TenantId: z.string().trim().max(128).optional(),
  account: z.string().trim().min(1).max(50),
});

export const tenantUserRow = z.object({
  F_UserId: z.string(),
  F_TenantId: z.string(),
  F_Account: z.string(),
  F_RealName: z.string(),
  F_Mobile: z.string().nullable(),
  F_EnabledMark: flag,
  /** holds the tenant's `admin` role */
  F_IsAdmin: flag,
  F_CreateDate: z.string(),
});
export type TenantUserRow = z.infer<typeof tenantUserRow>;

/** GET /tenant/{id}/users?limit&size&keyword (prefix of account or name) */
export const tenantUsersQuery = pageQuery;

/** POST /tenant/user: add an account to a tenant (placed in its root company; isAdmin: given the `admin` role). */
export const tenantUserCreateBody = z.object({
  F_TenantId: z.string().trim().min(1).max(128),
  F_Account: z.string().trim().min(1).max(50),
  F_RealName: z.string().trim().min(1).max(50),
  F_Password: md5Hex,
  F_Mobile: z.string().trim().max(30).nullable().optional().default(null),
  isAdmin: z.boolean().optional().default(false),
});
export type TenantUserCreateBody = z.input<typeof tenantUserCreateBody>;

export const tenantUserIdParams = z.object({ id: z.string().trim().min(1).max(128) });
/** PATCH /tenant/user/{id}: enable (1) or disable (0); disabling revokes the user's sessions at once. */
export const tenantUserStatusBody = z.object({ F_EnabledMark: flag });
