import type { UserInfo } from '@app/contracts';
import type { AppDeps } from '../../core/deps.js';
import { notFound } from '../../core/errors.js';
import { AccountRepository } from './account.repository.js';

/** Builds the UserInfo answer of sign-in and getUserInfo (spec section 3, "User info"). */
export class UserInfoService {
  private readonly repo: AccountRepository;

  constructor(private readonly deps: AppDeps) {
    this.repo = new AccountRepository(deps.db);
  }

  async load(tenantId: string, userId: string): Promise<UserInfo> {
    const [user, grants] = await Promise.all([this.repo.findProfile(tenantId, userId), this.deps.grants.of(tenantId, userId)]);
    if (!user) throw notFound('user.notFound');
    return {
      F_UserId: user.id,
      F_Account: user.account,
      F_RealName: user.real_name,
      F_Mobile: user.mobile,
      F_Email: user.email,
      F_Gender: user.gender,
      F_HeadIcon: user.head_icon,
      F_TenantId: user.tenant_id,
      F_TenantName: user.tenant_name,
      F_Company: user.company_id ? { F_CompanyId: user.company_id, F_FullName: user.company_name ?? '' } : null,
      F_Department: user.departments,
      roles: user.roles,
      permissions: [...grants.permissions].sort(),
      tokenTime: this.deps.config.tokenRefreshSeconds,
    };
  }
}
