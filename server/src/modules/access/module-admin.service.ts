import type { Kysely } from 'kysely';
import type { ModuleDetail, ModuleGrantNode, ModuleItem, ModuleItemInput, ModuleNode, ModuleRow, moduleInput } from '@app/contracts';
import type { z } from 'zod';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import type { Database } from '../../core/db/schema.js';
import { AppError, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { grantToRole } from '../../db/module-catalog.js';
import { requirePlatform, tenantModuleIds } from '../tenant/platform.js';
import { ModuleAdminRepository, type Db, type ItemTable, type ModuleDbRow, type ModuleValues } from './module-admin.repository.js';

/** Authorize item type of each item table. */
const itemKinds: { table: ItemTable; key: 'buttons' | 'columns' | 'forms'; type: number; kind: string }[] = [
  { table: 'module_buttons', key: 'buttons', type: 2, kind: 'button' },
  { table: 'module_columns', key: 'columns', type: 3, kind: 'column' },
  { table: 'module_forms', key: 'forms', type: 4, kind: 'form' },
];

const flag = (value: boolean) => (value ? 1 : 0) as 0 | 1;

function toRow(m: ModuleDbRow): ModuleRow {
  return {
    F_ModuleId: m.id,
    F_ParentId: m.parent_id,
    F_SystemId: m.system_id,
    F_EnCode: m.en_code,
    F_FullName: m.full_name,
    F_Icon: m.icon,
    F_UrlAddress: m.url_address,
    F_Target: m.target,
    F_IsMenu: flag(m.is_menu),
    F_IsCommon: flag(m.is_common),
    F_KeepAlive: flag(m.keep_alive),
    F_EnabledMark: flag(m.enabled),
    F_SortCode: m.sort_code,
    F_I18nKey: m.i18n_key,
    F_Description: m.description,
    F_CreateDate: m.created,
  };
}

/** Children by parent id; a node whose parent is not in the list becomes a root. */
export function buildTree<T extends { id: string; parentId: string }, N>(items: T[], node: (item: T, children: N[]) => N): N[] {
  const ids = new Set(items.map((i) => i.id));
  const byParent = new Map<string, T[]>();
  for (const item of items) {
    const parent = ids.has(item.parentId) ? item.parentId : '0';
    byParent.set(parent, [...(byParent.get(parent) ?? []), item]);
  }
  const build = (parentId: string, depth: number): N[] =>
    depth > 20 ? [] : (byParent.get(parentId) ?? []).map((item) => node(item, build(item.id, depth + 1)));
  return build('0', 0);
}

/** Menu entries administration (spec 7, Modules). Entries are product-wide: only platform callers change them. */
export class ModuleAdminService {
  private readonly repo: ModuleAdminRepository;

  constructor(private readonly deps: AppDeps) {
    this.repo = new ModuleAdminRepository(deps.db);
  }

  private get db() {
    return this.deps.db;
  }

  async tree(auth: AuthContext, query: { systemId?: string; keyword?: string }): Promise<ModuleNode[]> {
    let rows = await this.repo.modules({ systemId: query.systemId });
    const allowed = await tenantModuleIds(this.db, auth.tenantId);
    if (allowed) rows = rows.filter((r) => allowed.has(r.id));
    if (query.keyword) {
      const k = query.keyword.toLowerCase();
      const byId = new Map(rows.map((r) => [r.id, r]));
      const keep = new Set<string>();
      for (const r of rows) {
        if (!r.full_name.toLowerCase().includes(k) && !r.en_code.toLowerCase().includes(k)) continue;
        for (let cur: ModuleDbRow | undefined = r, n = 0; cur && n < 20 && !keep.has(cur.id); cur = byId.get(cur.parent_id), n++) keep.add(cur.id);
      }
      rows = rows.filter((r) => keep.has(r.id));
    }
    return buildTree(
      rows.map((r) => ({ ...toRow(r), id: r.id, parentId: r.parent_id })),
      ({ id: _id, parentId: _p, ...row }, children: ModuleNode[]) => ({ ...row, children }),
    );
  }

  private async visibleModule(auth: AuthContext, id: string): Promise<ModuleDbRow> {
    const row = await this.repo.module(id);
    const allowed = row ? await tenantModuleIds(this.db, auth.tenantId) : null;
    if (!row || (allowed && !allowed.has(row.id))) throw notFound('access.moduleNotFound');
    return row;
  }

  async items(auth: AuthContext, table: ItemTable, moduleId: string): Promise<ModuleItem[]> {
    await this.visibleModule(auth, moduleId);
    return this.itemsOf(table, [moduleId]);
  }

  private async itemsOf(table: ItemTable, moduleIds: string[] | null): Promise<ModuleItem[]> {
    if (moduleIds?.length === 0) return [];
    const rows = await this.repo.items(table, moduleIds);
    return rows.map((r) => ({ F_Id: r.id, F_ModuleId: r.module_id, F_EnCode: r.en_code, F_FullName: r.full_name, F_SortCode: r.sort_code }));
  }

  async detail(auth: AuthContext, id: string): Promise<ModuleDetail> {
    const row = await this.visibleModule(auth, id);
    const [buttons, columns, forms] = await Promise.all(itemKinds.map((k) => this.itemsOf(k.table, [id])));
    return { ...toRow(row), buttons, columns, forms };
  }

  async system(auth: AuthContext, id: string): Promise<{ F_Id: string; F_Name: string }> {
    const row = await this.visibleModule(auth, id);
    if (row.system_id === '0') return { F_Id: '0', F_Name: '主系统' };
    const system = await this.repo.subsystem(row.system_id);
    return { F_Id: row.system_id, F_Name: system?.name ?? '' };
  }

  /** true when no entry other than `exceptId` uses the URL. */
  async urlFree(url: string, exceptId?: string): Promise<boolean> {
    return !(await this.repo.urlTaken(url, exceptId));
  }

  /** The grant tree: every entry the tenant has, with its buttons, columns and forms. */
  async grantTree(tenantId: string): Promise<ModuleGrantNode[]> {
    const allowed = await tenantModuleIds(this.db, tenantId);
    const rows = (await this.repo.modules({ enabledOnly: true })).filter((r) => !allowed || allowed.has(r.id));
    const ids = rows.map((r) => r.id);
    const [buttons, columns, forms] = await Promise.all(itemKinds.map((k) => this.itemsOf(k.table, allowed ? ids : null)));
    const group = (items: ModuleItem[]) => {
      const map = new Map<string, ModuleItem[]>();
      for (const item of items) map.set(item.F_ModuleId, [...(map.get(item.F_ModuleId) ?? []), item]);
      return map;
    };
    const [b, c, f] = [group(buttons), group(columns), group(forms)];
    return buildTree(
      rows.map((r) => ({ id: r.id, parentId: r.parent_id, r })),
      ({ r }, children: ModuleGrantNode[]) => ({
        F_ModuleId: r.id,
        F_ParentId: r.parent_id,
        F_SystemId: r.system_id,
        F_EnCode: r.en_code,
        F_FullName: r.full_name,
        F_Icon: r.icon,
        buttons: b.get(r.id) ?? [],
        columns: c.get(r.id) ?? [],
        forms: f.get(r.id) ?? [],
        children,
      }),
    );
  }

  async grantTreeOfTenant(auth: AuthContext, tenantId: string): Promise<ModuleGrantNode[]> {
    await requirePlatform(this.db, auth);
    if (!(await this.repo.tenantExists(tenantId))) throw notFound('tenant.notFound');
    return this.grantTree(tenantId);
  }

  private async checkPlacement(trx: Db, auth: AuthContext, input: z.output<typeof moduleInput>, selfId: string | null): Promise<void> {
    if (input.F_SystemId !== '0') {
      if (!(await this.repo.subsystemOfTenant(trx, input.F_SystemId, auth.tenantId))) throw new AppError('access.systemNotFound', {}, 400);
    }
    if (input.F_ParentId === '0') return;
    if (selfId && input.F_ParentId === selfId) throw new AppError('access.moduleUnderItself', {}, 400);
    const parent = await this.repo.placementOf(trx, input.F_ParentId);
    if (!parent) throw new AppError('access.parentModuleNotFound', {}, 400);
    if (parent.system_id !== input.F_SystemId) throw new AppError('access.parentOtherSystem', {}, 400);
    if (selfId) {
      // Walk up from the new parent: meeting the entry itself means a cycle.
      let cur: string | undefined = parent.id;
      for (let n = 0; cur && cur !== '0' && n < 50; n++) {
        if (cur === selfId) throw new AppError('access.moduleUnderItself', {}, 400);
        const up = await this.repo.placementOf(trx, cur);
        cur = up?.parent_id;
      }
    }
  }

  private async checkCode(trx: Db, code: string, selfId: string | null): Promise<void> {
    if (await this.repo.codeTaken(trx, code, selfId)) throw new AppError('access.moduleCodeExists', { code }, 409);
  }

  /** Replaces the module's items: kept by F_Id (or by code), the rest removed with their grants. Answers new item grants. */
  private async saveItems(trx: Db, moduleId: string, input: z.output<typeof moduleInput>): Promise<{ type: number; id: string }[]> {
    const added: { type: number; id: string }[] = [];
    for (const kind of itemKinds) {
      const wanted: ModuleItemInput[] = input[kind.key];
      const codes = new Set<string>();
      for (const item of wanted) {
        if (codes.has(item.F_EnCode)) throw new AppError('access.itemCodeDuplicate', { kind: kind.kind, code: item.F_EnCode }, 400);
        codes.add(item.F_EnCode);
      }
      const existing = await this.repo.itemCodes(trx, kind.table, moduleId);
      const byId = new Map(existing.map((e) => [e.id, e]));
      const byCode = new Map(existing.map((e) => [e.en_code, e]));
      const keep = new Map<string, ModuleItemInput>();
      for (const item of wanted) {
        if (item.F_Id && !byId.has(item.F_Id)) throw new AppError('access.itemNotOfModule', { kind: kind.kind, id: item.F_Id }, 400);
        const match = item.F_Id ? byId.get(item.F_Id) : byCode.get(item.F_EnCode);
        if (match) keep.set(match.id, item);
      }
      const removed = existing.filter((e) => !keep.has(e.id)).map((e) => e.id);
      if (removed.length) {
        await this.repo.removeItems(trx, kind.table, kind.type, removed);
      }
      // Codes are unique per module: park kept items on temporary codes first, so swapping codes works.
      for (const id of keep.keys()) await this.repo.setItemCode(trx, kind.table, id, `~${id}`);
      for (const [index, item] of wanted.entries()) {
        const match = [...keep.entries()].find(([, v]) => v === item)?.[0];
        const values = { en_code: item.F_EnCode, full_name: item.F_FullName, sort_code: item.F_SortCode ?? index };
        if (match) await this.repo.updateItem(trx, kind.table, match, values);
        else {
          const id = newId();
          await this.repo.insertItem(trx, kind.table, id, moduleId, values);
          added.push({ type: kind.type, id });
        }
      }
    }
    return added;
  }

  private moduleValues(input: z.output<typeof moduleInput>): ModuleValues {
    return {
      system_id: input.F_SystemId,
      parent_id: input.F_ParentId,
      en_code: input.F_EnCode,
      full_name: input.F_FullName,
      icon: input.F_Icon,
      url_address: input.F_UrlAddress,
      target: input.F_Target,
      is_menu: input.F_IsMenu === 1,
      is_common: input.F_IsCommon === 1,
      keep_alive: input.F_KeepAlive === 1,
      enabled: input.F_EnabledMark === 1,
      sort_code: input.F_SortCode,
      i18n_key: input.F_I18nKey,
      description: input.F_Description,
    };
  }

  /** New entries (and items) are granted to the platform's administrator role, so the editor sees them at once. */
  private async grantToPlatformAdmin(trx: Db, auth: AuthContext, items: { type: number; id: string }[]) {
    const roleId = await this.repo.adminRoleId(trx, auth.tenantId);
    if (roleId) await grantToRole(trx as Kysely<Database>, auth.tenantId, roleId, items);
  }

  private changed(): void {
    this.deps.catalog.invalidate();
    this.deps.columns.invalidate();
    this.deps.grants.invalidate();
  }

  async create(auth: AuthContext, input: z.output<typeof moduleInput>): Promise<string> {
    await requirePlatform(this.db, auth);
    const id = newId();
    await this.db.transaction().execute(async (trx) => {
      await this.checkPlacement(trx, auth, input, null);
      await this.checkCode(trx, input.F_EnCode, null);
      await this.repo.insertModule(trx, id, this.moduleValues(input));
      const added = await this.saveItems(trx, id, input);
      await this.grantToPlatformAdmin(trx, auth, [{ type: 1, id }, ...added]);
    });
    this.changed();
    return id;
  }

  async update(auth: AuthContext, id: string, input: z.output<typeof moduleInput>): Promise<void> {
    await requirePlatform(this.db, auth);
    await this.db.transaction().execute(async (trx) => {
      const current = await this.repo.lockModule(trx, id);
      if (!current) throw notFound('access.moduleNotFound');
      await this.checkPlacement(trx, auth, input, id);
      await this.checkCode(trx, input.F_EnCode, id);
      await this.repo.updateModule(trx, id, this.moduleValues(input));
      if (current.system_id !== input.F_SystemId) {
        // The subtree follows its root into the other system.
        const below = await this.descendants(trx, id);
        if (below.length) await this.repo.moveToSystem(trx, below, input.F_SystemId);
      }
      const added = await this.saveItems(trx, id, input);
      await this.grantToPlatformAdmin(trx, auth, added);
    });
    this.changed();
  }

  private async descendants(trx: Db, id: string): Promise<string[]> {
    const out: string[] = [];
    let frontier = [id];
    for (let n = 0; frontier.length && n < 50; n++) {
      frontier = (await this.repo.childIds(trx, frontier)).filter((x) => !out.includes(x) && x !== id);
      out.push(...frontier);
    }
    return out;
  }

  async remove(auth: AuthContext, id: string): Promise<void> {
    await requirePlatform(this.db, auth);
    await this.db.transaction().execute(async (trx) => {
      if (!(await this.repo.lockModule(trx, id))) throw notFound('access.moduleNotFound');
      if (await this.repo.hasChildren(trx, id)) throw new AppError('access.moduleHasChildren', {}, 400);
      await this.repo.removeModule(trx, id, itemKinds);
    });
    this.changed();
  }
}
