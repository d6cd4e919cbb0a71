/**
 * Permission keys are `<module code>.<button code>`. A route names the key it needs; the server checks it against
 * the caller's granted buttons and the web hides what is not granted. Each module declares its keys in its own
 * contract file (`export const memoPermissions = { list: 'oa.memo.list' } as const;`) and adds them to
 * `PermissionKey` by declaration merging, so adding a module edits no shared file:
 * `declare module './common/permissions.js' { interface ModulePermissions extends PermissionsOf<typeof memoPermissions> {} }`.
 */

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ModulePermissions {}

/** The keys of a module's permission object, as `ModulePermissions` members. */
export type PermissionsOf<T extends Record<string, string>> = Record<T[keyof T], true>;

export type PermissionKey = keyof ModulePermissions & string;
