import type { PermissionsOf } from './common/permissions.js';
import { z } from 'zod';
import { pageQuery } from './common/paging.js';

/** Permission keys: Companies, departments, posts, roles and users. */
export const organisationPermissions = {
  companyList: 'organisation.company.list',
  companyAdd: 'organisation.company.add',
  companyEdit: 'organisation.company.edit',
  companyDelete: 'organisation.company.delete',
  companySpecialPost: 'organisation.company.specialPost',
  departmentList: 'organisation.department.list',
  departmentAdd: 'organisation.department.add',
  departmentEdit: 'organisation.department.edit',
  departmentDelete: 'organisation.department.delete',
  departmentMaintainers: 'organisation.department.maintainers',
  departmentSpecialPost: 'organisation.department.specialPost',
  postList: 'organisation.post.list',
  postAdd: 'organisation.post.add',
  postEdit: 'organisation.post.edit',
  postDelete: 'organisation.post.delete',
  postUsers: 'organisation.post.users',
  roleList: 'organisation.role.list',
  roleAdd: 'organisation.role.add',
  roleEdit: 'organisation.role.edit',
  roleDelete: 'organisation.role.delete',
  roleUsers: 'organisation.role.users',
  roleAuthorize: 'organisation.role.authorize',
  roleDataAuthorize: 'organisation.role.dataAuthorize',
  userList: 'organisation.user.list',
  userAdd: 'organisation.user.add',
  userEdit: 'organisation.user.edit',
  userDelete: 'organisation.user.delete',
  userEnable: 'organisation.user.enable',
  userResetPassword: 'organisation.user.resetPassword',
  userPermission: 'organisation.user.permission',
  userAuthorize: 'organisation.user.authorize',
} as const;
declare module './common/permissions.js' {
  interface ModulePermissions extends PermissionsOf<typeof organisationPermissions> {}
}

/**
 * Organisation: companies, departments, posts, special posts, roles and users.
 * Shapes follow docs/organisation-design.md; field names are the spec's (administration.md 3).
 */

// ---------- building blocks ----------

const id = z.string().trim().min(1).max(64);
/** A parent id: '0' is the root. */
const parentId = id.default('0');
const idList = (max = 1000) => z.array(id).max(max);
const text = (max: number) => z.string().trim().max(max);
/** 1 enabled, 0 disabled. */
export const enabledMark = z.union([z.literal(0), z.literal(1)]);
export type EnabledMark = z.infer<typeof enabledMark>;
/** Query-string form of an enabled mark ('0' | '1'). */
const enabledQuery = z.coerce.number().int().min(0).max(1).pipe(enabledMark).optional();
/** Passwords travel as md5(password) in lowercase hex, never in clear. */
export const md5HexPassword = z
  .string()
  .regex(/^[0-9a-fA-F]{32}$/, 'md5 hex (32 characters)')
  .transform((s) => s.toLowerCase());

export const orgIdParams = z.object({ id });
/**
 * GET /users/multi/{ids}: ids comma-separated, at most 200. The server routes it as a wildcard (`*`) because
 * path parameters are limited to 100 characters.
 */
export const userMultiParams = z.object({
  '*': z
    .string()
    .trim()
    .min(1)
    .max(200 * 65),
});
export const USER_MULTI_MAX = 200;

// ---------- companies ----------

/** The columns a company's tree node and its detail share. */
const companyFields = z.object({
  F_CompanyId: z.string(),
  F_ParentId: z.string(),
  F_FullName: z.string(),
  /** The short name. */
  F_CompanyName: z.string(),
  F_EnCode: z.string(),
  F_Nature: z.string().nullable(),
  F_SortCode: z.number().int(),
  F_EnabledMark: enabledMark,
});

export type CompanyNode = z.infer<typeof companyFields> & { children: CompanyNode[] };
export const companyNode: z.ZodType<CompanyNode> = companyFields.extend({
  get children() {
    return z.array(companyNode);
  },
});

/** GET /companies/{id}. */
export const companyDetail = companyFields.extend({
  F_Description: z.string(),
  F_Phone: z.string(),
  F_Address: z.string(),
  F_CreateDate: z.string(),
});
export type CompanyDetail = z.infer<typeof companyDetail>;

/** POST /companies/ and PUT /companies/{id}. */
export const companyBody = z.object({
  F_ParentId: parentId,
  F_FullName: text(100).min(1),
  F_CompanyName: text(50).default(''),
  F_EnCode: text(50).default(''),
  F_Nature: text(50).nullable().optional(),
  F_SortCode: z.number().int().min(0).max(1_000_000).default(0),
  F_EnabledMark: enabledMark.default(1),
  F_Description: text(500).default(''),
  F_Phone: text(50).default(''),
  F_Address: text(200).default(''),
});
export type CompanyBody = z.input<typeof companyBody>;

/** Answer of POST /companies/, /departments/, /posts, /roles and /users: the new id. */
export const createdId = z.object({ id: z.string() });

// ---------- org tree (companies with departments, optionally users) ----------

/** UserBrief: what pickers show for a user. F_Gender 0 male, 1 female. */
export const userBrief = z.object({
  F_UserId: z.string(),
  F_Account: z.string(),
  F_RealName: z.string(),
  F_Gender: z.number().int(),
  F_HeadIcon: z.string().nullable(),
  F_EnabledMark: enabledMark,
  F_CompanyId: z.string().nullable(),
  /** The name of the user's first department ('' when none). */
  F_DepartmentName: z.string(),
});
export type UserBrief = z.infer<typeof userBrief>;

export type OrgNode = {
  /** The company or department id. */
  id: string;
  parentId: string;
  title: string;
  type: 'company' | 'department';
  companyId: string;
  /** Only in GET /companies/departments/users/tree, on department nodes. */
  users?: UserBrief[];
  children: OrgNode[];
};
export const orgNode: z.ZodType<OrgNode> = z.object({
  id: z.string(),
  parentId: z.string(),
  title: z.string(),
  type: z.enum(['company', 'department']),
  companyId: z.string(),
  users: z.array(userBrief).optional(),
  get children() {
    return z.array(orgNode);
  },
});

// ---------- departments ----------

/** The columns a department's tree node and its detail share. */
const departmentFields = z.object({
  F_DepartmentId: z.string(),
  F_CompanyId: z.string(),
  F_ParentId: z.string(),
  F_FullName: z.string(),
  F_EnCode: z.string(),
  F_Nature: z.string().nullable(),
  F_SortCode: z.number().int(),
  F_EnabledMark: enabledMark,
});

export type DepartmentNode = z.infer<typeof departmentFields> & { children: DepartmentNode[] };
export const departmentNode: z.ZodType<DepartmentNode> = departmentFields.extend({
  get children() {
    return z.array(departmentNode);
  },
});

/** GET /departments/{id}. */
export const departmentDetail = departmentFields.extend({
  F_Description: z.string(),
  F_Phone: z.string(),
  F_ManagerId: z.string().nullable(),
  F_CreateDate: z.string(),
});
export type DepartmentDetail = z.infer<typeof departmentDetail>;

/** POST /departments/ and PUT /departments/{id}. F_ParentId '0' = top level of the company. */
export const departmentBody = z.object({
  F_CompanyId: id,
  F_ParentId: parentId,
  F_FullName: text(100).min(1),
  F_EnCode: text(50).default(''),
  F_Nature: text(50).nullable().optional(),
  F_SortCode: z.number().int().min(0).max(1_000_000).default(0),
  F_EnabledMark: enabledMark.default(1),
  F_Description: text(500).default(''),
  F_Phone: text(50).default(''),
  F_ManagerId: id.nullable().optional(),
});
export type DepartmentBody = z.input<typeof departmentBody>;

/** POST /departments/users: the department's members become exactly these users. */
export const departmentUsersBody = z.object({ F_DepartmentId: id, userIds: idList() });
export type DepartmentUsersBody = z.infer<typeof departmentUsersBody>;

/** PUT /departments/{id}/maintenance-users: the department's maintainers become exactly these users. */
export const userIdsBody = z.object({ userIds: idList() });
export type UserIdsBody = z.infer<typeof userIdsBody>;

/** GET /departments/{id}/users and /companies/{id}/users: keyword is an exact account or real name. */
export const memberQuery = pageQuery;

// ---------- posts ----------

export type PostNode = {
  F_PostId: string;
  F_ParentId: string;
  F_Name: string;
  EnCode: string;
  F_CompanyId: string;
  F_DepartmentId: string | null;
  children: PostNode[];
};
export const postNode: z.ZodType<PostNode> = z.object({
  F_PostId: z.string(),
  F_ParentId: z.string(),
  F_Name: z.string(),
  EnCode: z.string(),
  F_CompanyId: z.string(),
  F_DepartmentId: z.string().nullable(),
  get children() {
    return z.array(postNode);
  },
});

/** GET /companies/{id}/posts/tree?Department_Id= */
export const postTreeQuery = z.object({ Department_Id: id.optional() });

/** A post of a special-post list. */
export const postBrief = z.object({
  F_PostId: z.string(),
  F_Name: z.string(),
  EnCode: z.string(),
  F_CompanyId: z.string(),
  F_DepartmentId: z.string().nullable(),
});
export type PostBrief = z.infer<typeof postBrief>;

/** A row of GET /posts/page. */
export const postRow = z.object({
  F_PostId: z.string(),
  F_ParentId: z.string(),
  F_Name: z.string(),
  EnCode: z.string(),
  F_CompanyId: z.string(),
  F_CompanyName: z.string(),
  F_DepartmentId: z.string().nullable(),
  F_DepartmentName: z.string().nullable(),
  F_SortCode: z.number().int(),
  F_Description: z.string(),
  F_CreateDate: z.string(),
});
export type PostRow = z.infer<typeof postRow>;

/** GET /posts/page: keyword is a prefix of the name or code. */
export const postPageQuery = pageQuery.extend({ companyId: id.optional(), departmentId: id.optional() });

/** POST /posts and PUT /posts/{id}. */
export const postBody = z.object({
  F_CompanyId: id,
  F_DepartmentId: id.nullable().optional(),
  F_ParentId: parentId,
  F_Name: text(100).min(1),
  EnCode: text(50).default(''),
  F_SortCode: z.number().int().min(0).max(1_000_000).default(0),
  F_Description: text(500).default(''),
});
export type PostBody = z.input<typeof postBody>;

/** POST /posts/users: the post's holders become exactly these users. */
export const postUsersBody = z.object({ F_PostId: id, userIds: idList() });
export type PostUsersBody = z.infer<typeof postUsersBody>;

// ---------- special posts ----------

/** 1 company, 2 department. */
export const specialPostType = z.union([z.literal(1), z.literal(2)]);
/** POST /special-post: the posts of F_ObjectId (a company or department) become exactly postList. */
export const specialPostBody = z.object({
  postList: idList(500),
  F_Type: z.coerce.number().int().pipe(specialPostType),
  F_ObjectId: id,
});
export type SpecialPostBody = z.input<typeof specialPostBody>;
/** GET /special-post?type=&objectId= */
export const specialPostQuery = z.object({ type: z.coerce.number().int().pipe(specialPostType), objectId: id });

// ---------- roles ----------

export const roleBrief = z.object({
  F_RoleId: z.string(),
  F_FullName: z.string(),
  F_EnCode: z.string(),
  F_EnabledMark: enabledMark,
});
export type RoleBrief = z.infer<typeof roleBrief>;

/** A row of GET /roles/page (also GET /roles/{id}). */
export const roleRow = roleBrief.extend({
  F_SortCode: z.number().int(),
  F_Description: z.string(),
  F_UserCount: z.number().int(),
  F_CreateDate: z.string(),
  F_ModifyDate: z.string(),
});
export type RoleRow = z.infer<typeof roleRow>;

/** GET /roles/page: keyword is a prefix of the name or code. */
export const rolePageQuery = pageQuery.extend({ enabled: enabledQuery });
/** GET /roles?keyword= : exact match on the name; empty lists all. */
export const roleListQuery = z.object({ keyword: text(100).optional() });

/** POST /roles and PUT /roles/{id}. */
export const roleBody = z.object({
  F_FullName: text(50).min(1),
  F_EnCode: text(50).min(1),
  F_EnabledMark: enabledMark.default(1),
  F_SortCode: z.number().int().min(0).max(1_000_000).default(0),
  F_Description: text(500).default(''),
});
export type RoleBody = z.input<typeof roleBody>;

/** POST /roles/users: the role's members become exactly these users. */
export const roleUsersBody = z.object({ F_RoleId: id, userIds: idList() });
export type RoleUsersBody = z.infer<typeof roleUsersBody>;

// ---------- effective permissions (GET /users/{id}/permission, GET /roles/{id}/permission) ----------

export const grantedItem = z.object({ F_Id: z.string(), F_EnCode: z.string(), F_FullName: z.string() });
export type GrantedItem = z.infer<typeof grantedItem>;

export type PermissionNode = {
  F_ModuleId: string;
  F_ParentId: string;
  F_EnCode: string;
  F_FullName: string;
  F_Icon: string;
  buttons: GrantedItem[];
  columns: GrantedItem[];
  forms: GrantedItem[];
  children: PermissionNode[];
};
export const permissionNode: z.ZodType<PermissionNode> = z.object({
  F_ModuleId: z.string(),
  F_ParentId: z.string(),
  F_EnCode: z.string(),
  F_FullName: z.string(),
  F_Icon: z.string(),
  buttons: z.array(grantedItem),
  columns: z.array(grantedItem),
  forms: z.array(grantedItem),
  get children() {
    return z.array(permissionNode);
  },
});
/** The granted menu tree with each entry's granted buttons, columns and forms. */
export const effectivePermission = z.object({ menus: z.array(permissionNode) });
export type EffectivePermission = z.infer<typeof effectivePermission>;

// ---------- users ----------

/** A row of GET /users/page; F_Mobile and F_Email are controlled columns (absent when not granted). */
export const userRow = userBrief.extend({
  F_Mobile: z.string().nullable().optional(),
  F_Email: z.string().nullable().optional(),
  F_Company: z.object({ F_CompanyId: z.string(), F_FullName: z.string() }).nullable(),
  F_Department: z.array(z.object({ F_DepartmentId: z.string(), F_FullName: z.string() })),
  F_Roles: z.array(z.object({ F_RoleId: z.string(), F_FullName: z.string() })),
  F_Posts: z.array(z.object({ F_PostId: z.string(), F_Name: z.string() })),
  F_Description: z.string(),
  F_CreateDate: z.string(),
});
export type UserRow = z.infer<typeof userRow>;
/** GET /users/{id}: the row shape (same column hiding). */
export const userDetail = userRow;
export type UserDetail = UserRow;

/**
 * GET /users/page: keyword is a prefix of the account or real name, or an exact mobile;
 * departmentId lists the department's members; enabled 1|0.
 */
export const userPageQuery = pageQuery.extend({ companyId: id.optional(), departmentId: id.optional(), enabled: enabledQuery });

/** A row of GET /users/maintenance_user: a user who maintains at least one department. */
export const maintenanceUserRow = userBrief.extend({
  F_MaintainedDepartments: z.array(z.object({ F_DepartmentId: z.string(), F_FullName: z.string() })),
});
export type MaintenanceUserRow = z.infer<typeof maintenanceUserRow>;

const userFields = {
  F_RealName: text(50).min(1),
  F_Gender: z.union([z.literal(0), z.literal(1)]).default(0),
  F_CompanyId: id.nullable().optional(),
  F_Description: text(500).default(''),
  F_EnabledMark: enabledMark.default(1),
  departmentIds: idList(50).default([]),
  roleIds: idList(50).default([]),
  postIds: idList(50).default([]),
};
const mobile = text(20)
  .regex(/^\+?[0-9-]{5,20}$/, 'mobile number')
  .or(z.literal(''))
  .nullable();
const email = text(100).pipe(z.email()).or(z.literal('')).nullable();

/** POST /users: F_Password is md5(password) in hex. Account: letters, digits, _ . @ - ; unique per tenant (case-insensitive). */
export const userCreateBody = z.object({
  F_Account: text(50)
    .min(1)
    .regex(/^[A-Za-z0-9_.@-]+$/, 'letters, digits, _ . @ -'),
  F_Password: md5HexPassword,
  F_Mobile: mobile.optional(),
  F_Email: email.optional(),
  ...userFields,
});
export type UserCreateBody = z.input<typeof userCreateBody>;

/**
 * PUT /users/{id}: the account cannot change. F_Mobile / F_Email absent = unchanged (callers who may not see
 * those columns do not send them); departmentIds / roleIds / postIds absent = unchanged.
 */
export const userUpdateBody = z.object({
  F_RealName: userFields.F_RealName,
  F_Gender: userFields.F_Gender,
  F_CompanyId: userFields.F_CompanyId,
  F_Description: userFields.F_Description,
  F_EnabledMark: enabledMark.optional(),
  F_Mobile: mobile.optional(),
  F_Email: email.optional(),
  departmentIds: idList(50).optional(),
  roleIds: idList(50).optional(),
  postIds: idList(50).optional(),
});
export type UserUpdateBody = z.input<typeof userUpdateBody>;

/** PATCH /users/{id}/enabled. Disabling signs the user out everywhere at once. */
export const userEnabledBody = z.object({ F_EnabledMark: enabledMark });
/** PATCH /users/{id}/password: an administrator sets a new password (md5 hex); the user's sessions end. */
export const userResetPasswordBody = z.object({ newPassword: md5HexPassword });
/** POST /users/forget-password: not supported (answers a message to contact the administrator). */
export const forgetPasswordBody = z.object({ account: text(50).optional() }).loose();
