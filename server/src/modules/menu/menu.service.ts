import { MAIN_SYSTEM_ID, type MenuItem, type Subsystem } from '@app/contracts';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import type { Grants } from '../../core/auth/grants.js';
import type { ModuleRow } from '../../core/auth/module-catalog.js';
import { MenuRepository } from './menu.repository.js';
import { buildMenuTree, menuLeaves, toMenuItem } from './menu-tree.js';
import { moduleTranslations, pickTranslation } from '../language/translations.js';

type Translations = Map<string, Record<string, string>>;

export class MenuService {
  private readonly repo: MenuRepository;

  constructor(private readonly deps: AppDeps) {
    this.repo = new MenuRepository(deps.db);
  }

  private modules() {
    return this.deps.catalog.rows();
  }

  /**
   * Grants and the catalogue are cached objects that are replaced when they change, so a tree built
   * from the same pair can be reused: the menu is built once per user per cache period, not per request.
   */
  private readonly trees = new WeakMap<Grants, Map<string, { rows: ModuleRow[]; tree: MenuItem[] }>>();

  /** Translated copies of built menus, by the source list, the tenant's translation map and the languages. */
  private readonly translated = new WeakMap<MenuItem[], WeakMap<Translations, Map<string, MenuItem[]>>>();

  /**
   * Labels in the request's language where the tenant has a translation (lp-map, type 'module'), Chinese otherwise.
   * The translation map is cached per tenant and the translated list per (list, map, languages), so a repeated
   * request costs two map look-ups.
   */
  private async localise(tenantId: string, items: MenuItem[], languages: string[]): Promise<MenuItem[]> {
    if (languages.length === 0 || items.length === 0) return items;
    const map = await moduleTranslations(this.deps.db).of(tenantId);
    if (map.size === 0) return items;
    let byMap = this.translated.get(items);
    if (!byMap) this.translated.set(items, (byMap = new WeakMap()));
    let byLanguages = byMap.get(map);
    if (!byLanguages) byMap.set(map, (byLanguages = new Map()));
    const key = languages.join(',');
    const cached = byLanguages.get(key);
    if (cached) return cached;
    const translate = (list: MenuItem[]): MenuItem[] =>
      list.map((item) => {
        const label = pickTranslation(map.get(item.F_ModuleId), languages, item.F_FullName);
        return { ...item, F_FullName: label, label, children: translate(item.children) };
      });
    const result = translate(items);
    byLanguages.set(key, result);
    return result;
  }

  async menu(auth: AuthContext, systemId: string, languages: string[] = []): Promise<MenuItem[]> {
    return this.localise(auth.tenantId, await this.menuTree(auth, systemId), languages);
  }

  private async menuTree(auth: AuthContext, systemId: string): Promise<MenuItem[]> {
    const [rows, grants] = await Promise.all([this.modules(), this.deps.grants.of(auth.tenantId, auth.userId)]);
    let bySystem = this.trees.get(grants);
    if (!bySystem) this.trees.set(grants, (bySystem = new Map()));
    const cached = bySystem.get(systemId);
    if (cached?.rows === rows) return cached.tree;
    const tree = buildMenuTree(
      rows.filter((row) => row.system_id === systemId),
      grants.moduleIds,
    );
    bySystem.set(systemId, { rows, tree });
    return tree;
  }

  /** Home and hot functions: shown to every signed-in user. */
  private commonCache: { rows: ModuleRow[]; items: MenuItem[] } | null = null;

  async common(auth: AuthContext, languages: string[] = []): Promise<MenuItem[]> {
    const rows = await this.modules();
    if (this.commonCache?.rows !== rows) this.commonCache = { rows, items: rows.filter((row) => row.is_common).map((row) => toMenuItem(row)) };
    return this.localise(auth.tenantId, this.commonCache.items, languages);
  }

  /** The user's leaf entries of every system, flat. */
  async allLeaves(auth: AuthContext, languages: string[] = []): Promise<MenuItem[]> {
    const [rows, grants] = await Promise.all([this.modules(), this.deps.grants.of(auth.tenantId, auth.userId)]);
    const systems = [...new Set(rows.map((row) => row.system_id))];
    const leaves = systems.flatMap((systemId) =>
      menuLeaves(
        buildMenuTree(
          rows.filter((row) => row.system_id === systemId),
          grants.moduleIds,
        ),
      ),
    );
    return this.localise(auth.tenantId, leaves, languages);
  }

  /** The main system and the sub-systems in which the user has at least one menu entry. */
  async systems(auth: AuthContext): Promise<Subsystem[]> {
    const [subsystems, rows, grants] = await Promise.all([
      this.repo.subsystems(auth.tenantId),
      this.modules(),
      this.deps.grants.of(auth.tenantId, auth.userId),
    ]);
    const withEntries = new Set(rows.filter((row) => grants.moduleIds.has(row.id)).map((row) => row.system_id));
    return [
      { F_Id: MAIN_SYSTEM_ID, F_Name: '主系统', F_IndexUrl: '', F_Icon: 'AppstoreOutlined' },
      ...subsystems.filter((s) => withEntries.has(s.id)).map((s) => ({ F_Id: s.id, F_Name: s.name, F_IndexUrl: s.index_url, F_Icon: s.icon })),
    ];
  }
}
