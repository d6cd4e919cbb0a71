import type { HomeOverview } from '@app/contracts';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import { OnlineUserRepository } from '../online-user/online-user.repository.js';
import { MenuService } from '../menu/menu.service.js';
import { HomeRepository } from './home.repository.js';

/** The figures on the home page. */
export class HomeService {
  private readonly repo: HomeRepository;
  private readonly online: OnlineUserRepository;
  private readonly menu: MenuService;

  constructor(deps: AppDeps) {
    this.repo = new HomeRepository(deps.db);
    this.online = new OnlineUserRepository(deps.db);
    this.menu = new MenuService(deps);
  }

  async overview(auth: AuthContext): Promise<HomeOverview> {
    const [counts, onlineUsers, leaves, previous] = await Promise.all([
      this.repo.todayCounts(auth.tenantId),
      this.online.countLive(auth.tenantId),
      this.menu.allLeaves(auth),
      this.repo.previousLogin(auth.tenantId, auth.userId),
    ]);
    return {
      ...counts,
      onlineUsers,
      myMenus: leaves.length,
      lastLoginTime: previous?.time ?? null,
      lastLoginIp: previous?.ip ?? null,
    };
  }
}
