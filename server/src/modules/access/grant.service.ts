import {
  type AppFunction,
  type DataAuthorizeRow,
  type GrantSet,
  type MenuGrantItems,
  type PermissionKey,
  type dataAuthorizeBody,
  organisationPermissions,
} from '@app/contracts';
import type { z } from 'zod';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import { AppError, forbidden, notFound } from '../../core/errors.js';
import { tenantModuleIds } from '../tenant/platform.js';
import { GrantRepository } from './grant.repository.js';

type ObjectType = 1 | 2;
const emptyGrantSet = (): GrantSet => ({ moduleIds: [], buttonIds: [], columnIds: [], formIds: [], appFunctionIds: [] });
const keyOfType: Record<number, keyof GrantSet> = { 1: 'moduleIds', 2: 'buttonIds', 3: 'columnIds', 4: 'formIds', 5: 'appFunctionIds' };

/** Menu / button / column / form / app-function grants and data permissions of roles (1) and users (2). */
export class GrantAdminService {
  private readonly repo: GrantRepository;

  constructor(private readonly deps: AppDeps) {
    this.repo = new GrantRepository(deps.db);
  }

  /** Role grants need the role's button, user grants the user's (a route can name only one key). */
  private async requireButton(auth: AuthContext, permission: PermissionKey): Promise<void> {
    const grants = await this.deps.grants.of(auth.tenantId, auth.userId);
    if (!grants.permissions.has(permission)) throw forbidden(permission);
  }

  /** The role or user must belong to the caller's tenant; otherwise 404. */
  private async requireObject(auth: AuthContext, objectType: ObjectType, objectId: string): Promise<void> {
    if (!(await this.repo.objectExists(auth.tenantId, objectType, objectId))) throw notFound('access.objectNotFound');
  }

  private async prepare(auth: AuthContext, objectType: ObjectType, objectId: string, data = false): Promise<void> {
    await this.requireButton(
      auth,
      data ? organisationPermissions.roleDataAuthorize : objectType === 1 ? organisationPermissions.roleAuthorize : organisationPermissions.userAuthorize,
    );
    await this.requireObject(auth, objectType, objectId);
  }

  async of(auth: AuthContext, objectType: ObjectType, objectId: string): Promise<GrantSet> {
    await this.prepare(auth, objectType, objectId);
    const rows = await this.repo.grantsOfObject(auth.tenantId, objectType, objectId);
    const set = emptyGrantSet();
    for (const row of rows) set[keyOfType[row.item_type]]?.push(row.item_id);
    return set;
  }

  /** The caller's own granted ids (roles and personal grants), limited to the tenant's entries. */
  async current(auth: AuthContext): Promise<GrantSet> {
    const rows = await this.repo.itemsOfUser(auth.tenantId, auth.userId);
    const allowed = await this.grantableItems(auth.tenantId);
    const set = emptyGrantSet();
    for (const row of rows) if (row.item_type === 5 || allowed.has(`${row.item_type}:${row.item_id}`)) set[keyOfType[row.item_type]]?.push(row.item_id);
    return set;
  }

  /** `type:id` of every menu entry, button, column and form the tenant may grant. */
  private async grantableItems(tenantId: string): Promise<Set<string>> {
    const [allowed, rows] = await Promise.all([tenantModuleIds(this.deps.db, tenantId), this.repo.menuItems()]);
    return new Set(rows.filter((r) => !allowed || allowed.has(r.module_id)).map((r) => `${r.type}:${r.id}`));
  }

  /** Replaces the menu, button, column and form grants of a role or user. */
  async save(auth: AuthContext, objectType: ObjectType, objectId: string, items: MenuGrantItems): Promise<void> {
    await this.prepare(auth, objectType, objectId);
    const grantable = await this.grantableItems(auth.tenantId);
    const wanted = [
      ...new Set([
        ...items.moduleIds.map((id) => `1:${id}`),
        ...items.buttonIds.map((id) => `2:${id}`),
        ...items.columnIds.map((id) => `3:${id}`),
        ...items.formIds.map((id) => `4:${id}`),
      ]),
    ];
    const unknown = wanted.filter((key) => !grantable.has(key)).map((key) => key.slice(2));
    if (unknown.length) throw new AppError('access.unknownItems', { ids: unknown.slice(0, 10).join(', ') }, 400);
    await this.replace(
      auth,
      objectType,
      objectId,
      [1, 2, 3, 4],
      wanted.map((key) => ({ type: Number(key[0]), id: key.slice(2) })),
    );
  }

  async saveApp(auth: AuthContext, objectType: ObjectType, objectId: string, ids: string[]): Promise<void> {
    await this.prepare(auth, objectType, objectId);
    const unique = [...new Set(ids)];
    const known = await this.repo.existingAppFunctionIds(unique);
    const unknown = unique.filter((id) => !known.has(id));
    if (unknown.length) throw new AppError('access.unknownItems', { ids: unknown.slice(0, 10).join(', ') }, 400);
    await this.replace(
      auth,
      objectType,
      objectId,
      [5],
      unique.map((id) => ({ type: 5, id })),
    );
  }

  private async replace(auth: AuthContext, objectType: ObjectType, objectId: string, types: number[], items: { type: number; id: string }[]): Promise<void> {
    await this.repo.replaceGrants(auth.tenantId, objectType, objectId, types, items);
    this.deps.grants.invalidate();
  }

  async appFunctions(keyword?: string): Promise<AppFunction[]> {
    return (await this.repo.enabledAppFunctions(keyword)).map(toAppFunction);
  }

  async appFunction(id: string): Promise<AppFunction> {
    const row = await this.repo.appFunction(id);
    if (!row) throw notFound('access.appFunctionNotFound');
    return toAppFunction(row);
  }

  /** One row per enabled menu entry the tenant has, with the object's data scope (null: not set). */
  async dataAuthorizes(auth: AuthContext, objectType: ObjectType, objectId: string): Promise<DataAuthorizeRow[]> {
    await this.prepare(auth, objectType, objectId, true);
    const [rows, allowed, rules] = await Promise.all([
      this.deps.catalog.rows(),
      tenantModuleIds(this.deps.db, auth.tenantId),
      this.repo.dataRules(auth.tenantId, objectType, objectId),
    ]);
    const byModule = new Map(rules.map((r) => [r.module_id, r]));
    return rows
      .filter((m) => m.is_menu && (!allowed || allowed.has(m.id)))
      .map((m) => ({
        F_ModuleId: m.id,
        F_ParentId: m.parent_id,
        F_EnCode: m.en_code,
        F_FullName: m.full_name,
        scope: byModule.get(m.id)?.scope ?? null,
        departmentIds: byModule.get(m.id)?.department_ids ?? [],
      }));
  }

  /** Replaces every data permission of the object. */
  async saveDataAuthorizes(auth: AuthContext, body: z.output<typeof dataAuthorizeBody>): Promise<void> {
    await this.prepare(auth, body.objectType, body.objectId, true);
    const grantable = await this.grantableItems(auth.tenantId);
    const unknown = body.items.map((i) => i.moduleId).filter((id) => !grantable.has(`1:${id}`));
    if (unknown.length) throw new AppError('access.unknownItems', { ids: [...new Set(unknown)].slice(0, 10).join(', ') }, 400);
    const departmentIds = [...new Set(body.items.flatMap((i) => (i.scope === 6 ? i.departmentIds : [])))];
    if (departmentIds.length) {
      const known = await this.repo.existingDepartmentIds(auth.tenantId, departmentIds);
      const missing = departmentIds.filter((id) => !known.has(id));
      if (missing.length) throw new AppError('access.unknownDepartments', { ids: missing.slice(0, 10).join(', ') }, 400);
    }
    const byModule = new Map(body.items.map((i) => [i.moduleId, i]));
    await this.repo.replaceDataRules(
      auth.tenantId,
      body.objectType,
      body.objectId,
      [...byModule.values()].map((i) => ({ moduleId: i.moduleId, scope: i.scope, departmentIds: i.scope === 6 ? [...new Set(i.departmentIds)] : [] })),
    );
  }
}

function toAppFunction(r: {
  id: string;
  en_code: string;
  full_name: string;
  icon: string;
  url_address: string;
  sort_code: number;
  enabled: boolean;
}): AppFunction {
  return {
    F_Id: r.id,
    F_EnCode: r.en_code,
    F_FullName: r.full_name,
    F_Icon: r.icon,
    F_UrlAddress: r.url_address,
    F_SortCode: r.sort_code,
    F_EnabledMark: r.enabled ? 1 : 0,
  };
}
