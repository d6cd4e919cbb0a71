import { type HomeOverview, clientLogPermissions, onlineUserPermissions, systemLogPermissions } from '@app/contracts';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import { OnlineUserRepository } from '../online-user/online-user.repository.js';
import { MenuService } from '../menu/menu.service.js';
import { HomeRepository } from './home.repository.js';

/**
 * The figures on the home page. Each user's own come to everybody; a tenant-wide figure only to a caller who may
 * open its list (the administrator role holds all three buttons), and is neither counted nor answered otherwise.
 */
export class HomeService {
  private readonly repo: HomeRepository;
  private readonly online: OnlineUserRepository;
  private readonly menu: MenuService;

  constructor(private readonly deps: AppDeps) {
    this.repo = new HomeRepository(deps.db);
    this.online = new OnlineUserRepository(deps.db);
    this.menu = new MenuService(deps);
  }

  async overview(auth: AuthContext): Promise<HomeOverview> {
    const { permissions } = await this.deps.grants.of(auth.tenantId, auth.userId);
    const when = <T>(permission: string, read: () => Promise<T>): Promise<T | undefined> => (permissions.has(permission) ? read() : Promise.resolve(undefined));
    const [mine, leaves, previous, onlineUsers, todayLogins, clientErrorsToday] = await Promise.all([
      this.repo.mine(auth.tenantId, auth.userId),
      this.menu.allLeaves(auth),
      this.repo.previousLogin(auth.tenantId, auth.userId),
      when(onlineUserPermissions.onlineUserList, () => this.online.countLive(auth.tenantId)),
      when(systemLogPermissions.logList, () => this.repo.todayLogins(auth.tenantId)),
      when(clientLogPermissions.clientLogList, () => this.repo.clientErrorsToday(auth.tenantId)),
    ]);
    return {
      ...mine,
      myMenus: leaves.length,
      ...(onlineUsers === undefined ? {} : { onlineUsers }),
      ...(todayLogins === undefined ? {} : { todayLogins }),
      ...(clientErrorsToday === undefined ? {} : { clientErrorsToday }),
      lastLoginTime: previous?.time ?? null,
      lastLoginIp: previous?.ip ?? null,
    };
  }
}
