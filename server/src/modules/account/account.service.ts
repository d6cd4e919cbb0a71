import type { ProfileBody, UpdatePasswordBody } from '@app/contracts';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import { AppError, notFound } from '../../core/errors.js';
import { hashPassword, verifyPassword } from '../../core/auth/password.js';
import { AccountRepository } from './account.repository.js';
import { UserInfoService } from './user-info.service.js';

/** What a signed-in user does with their own account. */
export class AccountService {
  private readonly repo: AccountRepository;
  readonly info: UserInfoService;

  constructor(private readonly deps: AppDeps) {
    this.repo = new AccountRepository(deps.db);
    this.info = new UserInfoService(deps);
  }

  private requireSelf(auth: AuthContext, userId: string): void {
    if (auth.userId !== userId) throw new AppError('auth.notSelf', {}, 403);
  }

  async updatePassword(auth: AuthContext, userId: string, body: UpdatePasswordBody): Promise<void> {
    this.requireSelf(auth, userId);
    if (body.oldPassword === body.newPassword) throw new AppError('auth.passwordSame');
    const row = await this.repo.findPasswordHash(auth.tenantId, userId);
    if (!row) throw notFound('user.notFound');
    if (!(await verifyPassword(body.oldPassword, row.password_hash))) throw new AppError('auth.oldPasswordWrong');
    await this.repo.updatePassword(auth.tenantId, userId, await hashPassword(body.newPassword), auth.sessionId);
    this.deps.sessions.forgetUser(userId);
  }

  /** Head icons of users of the caller's tenant are visible to every signed-in member of it. */
  async headIcon(auth: AuthContext, userId: string): Promise<string | null> {
    const row = await this.repo.findHeadIcon(auth.tenantId, userId);
    if (!row) throw notFound('user.notFound');
    return row.head_icon;
  }

  async updateHeadIcon(auth: AuthContext, userId: string, headIcon: string): Promise<void> {
    this.requireSelf(auth, userId);
    await this.repo.updateHeadIcon(auth.tenantId, userId, headIcon);
  }

  async updateProfile(auth: AuthContext, userId: string, body: ProfileBody): Promise<void> {
    this.requireSelf(auth, userId);
    await this.repo.updateProfile(auth.tenantId, userId, {
      real_name: body.F_RealName,
      // Left out keeps the stored value; an empty string clears it.
      mobile: body.F_Mobile === undefined ? undefined : body.F_Mobile || null,
      email: body.F_Email === undefined ? undefined : body.F_Email || null,
      gender: body.F_Gender,
    });
  }
}
