import { MAIN_SYSTEM_ID, type MenuItem, type Subsystem } from '@app/contracts';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import type { Grants } from '../../core/auth/grants.js';
import type { ModuleRow } from '../../core/auth/module-catalog.js';
import { MenuRepository } from './menu.repository.js';
import { buildMenuTree, menuLeaves, toMenuItem } from './menu-tree.js';

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

  async menu(auth: AuthContext, systemId: string): Promise<MenuItem[]> {
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
  async common(): Promise<MenuItem[]> {
    return (await this.modules()).filter((row) => row.is_common).map((row) => toMenuItem(row));
  }

  /** The user's leaf entries of every system, flat. */
  async allLeaves(auth: AuthContext): Promise<MenuItem[]> {
    const [rows, grants] = await Promise.all([this.modules(), this.deps.grants.of(auth.tenantId, auth.userId)]);
    const systems = [...new Set(rows.map((row) => row.system_id))];
    return systems.flatMap((systemId) => menuLeaves(buildMenuTree(rows.filter((row) => row.system_id === systemId), grants.moduleIds)));
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
      ...subsystems
        .filter((s) => withEntries.has(s.id))
        .map((s) => ({ F_Id: s.id, F_Name: s.name, F_IndexUrl: s.index_url, F_Icon: s.icon })),
    ];
  }
}
