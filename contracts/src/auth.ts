import { z } from 'zod';

/** The web client sends the password as the lowercase hex MD5 of what the user typed (spec section 7). */
export const md5Hex = z.string().regex(/^[0-9a-f]{32}$/, 'must be a 32-character lowercase hex MD5');

export const loginBody = z.object({
  account: z.string().trim().min(1).max(64),
  password: md5Hex,
  /** Tenant code; empty means the default tenant. */
  code: z.string().trim().max(64).optional().default(''),
});
export type LoginBody = z.infer<typeof loginBody>;

export const phoneLoginBody = z.object({
  account: z
    .string()
    .trim()
    .regex(/^1\d{10}$/, 'must be an 11-digit mobile number'),
  /** The SMS code. */
  password: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'must be the 6-digit code'),
  code: z.string().trim().max(64).optional().default(''),
});
export type PhoneLoginBody = z.infer<typeof phoneLoginBody>;

export const phoneParams = z.object({ phone: z.string().regex(/^1\d{10}$/, 'must be an 11-digit mobile number') });

export const tenantCodeParams = z.object({ id: z.string().trim().min(1).max(64) });
export const tenantCheck = z.object({ F_TenantId: z.string(), F_Code: z.string(), F_Name: z.string() });

export const userInfo = z.object({
  F_UserId: z.string(),
  F_Account: z.string(),
  F_RealName: z.string(),
  F_Mobile: z.string().nullable(),
  F_Email: z.string().nullable(),
  F_Gender: z.number().int(),
  F_HeadIcon: z.string().nullable(),
  F_TenantId: z.string(),
  F_TenantName: z.string(),
  F_Company: z.object({ F_CompanyId: z.string(), F_FullName: z.string() }).nullable(),
  F_Department: z.array(z.object({ F_DepartmentId: z.string(), F_FullName: z.string() })),
  roles: z.array(z.object({ F_RoleId: z.string(), F_FullName: z.string(), F_EnCode: z.string() })),
  /** Granted permission keys (`<module>.<button>`); the web hides what is not in this list. */
  permissions: z.array(z.string()),
  /** Seconds after which the client asks for a new token (spec 4, token refresh). */
  tokenTime: z.number().int(),
});
export type UserInfo = z.infer<typeof userInfo>;

export const loginResult = z.object({
  Token: z.string(),
  RefreshToken: z.string(),
  /** The original client sends this one to a separate workflow service; ours is the same token. */
  FlowableToken: z.string(),
  UserInfo: userInfo,
});
export type LoginResult = z.infer<typeof loginResult>;

export const refreshBody = z.object({ refreshToken: z.string().min(1).max(4096).optional() }).nullish();

export const refreshResult = z.object({ Token: z.string(), RefreshToken: z.string(), FlowableToken: z.string() });

export const idParams = z.object({ id: z.string().trim().min(1).max(64) });

export const updatePasswordBody = z.object({
  oldPassword: md5Hex,
  newPassword: md5Hex,
});
export type UpdatePasswordBody = z.infer<typeof updatePasswordBody>;

/** Head icons are small images kept as data URLs until the Files feature lands. */
export const headIconBody = z.object({
  F_HeadIcon: z
    .string()
    .max(300_000, 'image too large (max 200 KB)')
    .regex(/^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=]+$/, 'must be a PNG, JPEG, GIF or WebP data URL'),
});

export const profileBody = z.object({
  F_RealName: z.string().trim().min(1).max(50),
  F_Mobile: z
    .string()
    .trim()
    .regex(/^(1\d{10})?$/, 'must be an 11-digit mobile number')
    .optional(),
  F_Email: z.string().trim().email().or(z.literal('')).optional(),
  F_Gender: z.union([z.literal(0), z.literal(1)]),
});
export type ProfileBody = z.infer<typeof profileBody>;
