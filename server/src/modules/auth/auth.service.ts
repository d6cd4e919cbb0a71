import { randomInt, timingSafeEqual } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import type { LoginBody, LoginResult, PhoneLoginBody } from '@app/contracts';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import { AppError, unauthorized } from '../../core/errors.js';
import type { MessageKey } from '../../core/i18n/index.js';
import { newId } from '../../core/ids.js';
import { burnPasswordCheck, sha256, verifyPassword } from '../../core/auth/password.js';
import { UserInfoService } from '../account/user-info.service.js';
import { AuthRepository, type ClientInfo } from './auth.repository.js';

export const SMS_CODE_SECONDS = 5 * 60;
export const SMS_RESEND_SECONDS = 60;
export const SMS_MAX_ATTEMPTS = 5;

type Outcome<T> = { ok: true; value: T } | { ok: false; error: AppError };

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export class AuthService {
  private readonly repo: AuthRepository;
  private readonly userInfo: UserInfoService;

  constructor(private readonly deps: AppDeps) {
    this.repo = new AuthRepository(deps.db);
    this.userInfo = new UserInfoService(deps);
  }

  async checkTenant(code: string) {
    const tenant = await this.repo.findTenant(code);
    if (!tenant) throw new AppError('auth.tenantNotFound', {}, 404);
    if (!tenant.enabled) throw new AppError('auth.tenantDisabled', {}, 403);
    return tenant;
  }

  /**
   * Account and password sign-in (docs/security-hardening.md, "Sign-in"). Wrong passwords are counted per account
   * name AND source address: after `perSource` of them that address is refused for that account, while the owner
   * signs in from anywhere else. Past `perAccount` failures from all addresses, every attempt on the account waits
   * `slowDownMs` first: guessing slows down, the right password still works. Unknown accounts take exactly the
   * wrong-password path (same count, same answer, a hash check too), so the answers do not tell accounts apart.
   */
  async login(body: LoginBody, client: ClientInfo): Promise<LoginResult> {
    const tenant = await this.checkTenant(body.code);
    const limits = this.deps.config.signInFailures;
    // Outside the transaction: a waiting attempt holds no lock and does not queue the others behind it.
    if ((await this.repo.accountFailures(tenant.id, body.account, limits.windowMinutes)) >= limits.perAccount) {
      await setTimeout(limits.slowDownMs);
    }
    const outcome = await this.repo.transaction(async (trx): Promise<Outcome<{ userId: string; refresh: string; sessionId: string }>> => {
      await this.repo.lockAccountName(trx, tenant.id, body.account);
      const user = await this.repo.findUserByAccount(trx, tenant.id, body.account);
      const userId = user?.id ?? null;
      const failWith = async (error: AppError, logKey: MessageKey = error.key) => {
        await this.repo.recordLogin(trx, { tenantId: tenant.id, userId, account: body.account, success: false, message: logKey }, client);
        return { ok: false as const, error };
      };
      const recent = await this.repo.failuresFromSource(trx, tenant.id, body.account, client.ip, limits.windowMinutes, limits.perSource);
      if (recent.length >= limits.perSource) {
        // Refused without checking the password, so this address learns nothing more; the wait ends when the
        // oldest of the counted failures leaves the window.
        const secondsLeft = recent[limits.perSource - 1]!.seconds_left;
        return failWith(new AppError('auth.tooManyFailures', { minutes: Math.max(1, Math.ceil(secondsLeft / 60)) }, 429));
      }
      let passwordOk = false;
      if (user) passwordOk = await verifyPassword(body.password, user.password_hash);
      // An unknown account still costs one scrypt check, so the answer takes as long as for a wrong password.
      else await burnPasswordCheck(body.password);
      if (!user || !passwordOk) {
        const failures = recent.length + 1;
        const error =
          failures >= limits.perSource
            ? new AppError('auth.tooManyFailures', { minutes: limits.windowMinutes }, 429)
            : new AppError('auth.remainingAttempts', { remaining: limits.perSource - failures }, 400);
        return failWith(error, 'auth.badCredentials');
      }
      // Only told to whoever knows the password.
      if (!user.enabled) return failWith(new AppError('auth.accountDisabled', {}, 403));
      const session = await this.openSession(trx, tenant.id, user.id, client);
      await this.repo.recordLogin(trx, { tenantId: tenant.id, userId: user.id, account: user.account, success: true, message: '' }, client);
      return { ok: true, value: { userId: user.id, ...session } };
    });
    if (!outcome.ok) throw outcome.error;
    return this.loginResult(tenant.id, outcome.value.userId, outcome.value.sessionId, outcome.value.refresh);
  }

  /**
   * Sends a six-digit sign-in code, at most one a minute per phone. Every well-formed number gets the same answer
   * and the same once-a-minute rule, so the answer does not tell which numbers are registered: an unregistered
   * (or disabled) number stores a code that is never sent, hence never usable.
   */
  async sendPhoneCode(phone: string, tenantCode: string): Promise<void> {
    const tenant = await this.checkTenant(tenantCode);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const registered = await this.repo.transaction(async (trx) => {
      await this.repo.lockPhone(trx, tenant.id, phone);
      const last = await this.repo.secondsSinceLastCode(trx, tenant.id, phone);
      if (last && last.seconds < SMS_RESEND_SECONDS) {
        throw new AppError('auth.smsTooFrequent', { seconds: SMS_RESEND_SECONDS - last.seconds }, 429);
      }
      await this.repo.insertCode(trx, tenant.id, phone, sha256(`${phone}:${code}`), SMS_CODE_SECONDS);
      const user = await this.repo.findUserByMobile(trx, tenant.id, phone);
      return user?.enabled === true;
    });
    // Not awaited: the provider's time (or failure) would otherwise tell registered numbers apart. A failure is logged.
    if (registered) {
      this.deps.sms.sendLoginCode(phone, code).catch((error: unknown) => this.deps.log.error({ err: error }, 'SMS sign-in code not sent'));
    }
  }

  async phoneLogin(body: PhoneLoginBody, client: ClientInfo): Promise<LoginResult> {
    const tenant = await this.checkTenant(body.code);
    const outcome = await this.repo.transaction(async (trx): Promise<Outcome<{ userId: string; refresh: string; sessionId: string }>> => {
      const failWith = async (error: AppError, userId: string | null) => {
        await this.repo.recordLogin(trx, { tenantId: tenant.id, userId, account: body.account, success: false, message: error.key }, client);
        return { ok: false as const, error };
      };
      const stored = await this.repo.lockLatestCode(trx, tenant.id, body.account);
      if (!stored || stored.attempts >= SMS_MAX_ATTEMPTS) return failWith(new AppError('auth.smsInvalid', {}, 400), null);
      if (!sameHash(stored.code_hash, sha256(`${body.account}:${body.password}`))) {
        await this.repo.countCodeAttempt(trx, stored.id);
        return failWith(new AppError('auth.smsInvalid', {}, 400), null);
      }
      await this.repo.useCode(trx, stored.id);
      const user = await this.repo.findUserByMobile(trx, tenant.id, body.account);
      // Codes are never sent to unregistered numbers; a user removed since gets the usual refusal.
      if (!user) return failWith(new AppError('auth.smsInvalid', {}, 400), null);
      if (!user.enabled) return failWith(new AppError('auth.accountDisabled', {}, 403), user.id);
      const session = await this.openSession(trx, tenant.id, user.id, client);
      await this.repo.recordLogin(trx, { tenantId: tenant.id, userId: user.id, account: user.account, success: true, message: 'sms' }, client);
      return { ok: true, value: { userId: user.id, ...session } };
    });
    if (!outcome.ok) throw outcome.error;
    return this.loginResult(tenant.id, outcome.value.userId, outcome.value.sessionId, outcome.value.refresh);
  }

  /**
   * A new access token and a new refresh token for a live session. The refresh token is rotated:
   * the one just used stops working.
   */
  async refresh(refreshToken: string | undefined, current: AuthContext | null) {
    const [sessionId, secret] = refreshToken ? refreshToken.split('.') : [current?.sessionId, undefined];
    if (!sessionId || (!secret && !current)) throw unauthorized();
    let reused = false;
    const rotated = await this.repo.transaction(async (trx) => {
      const session = await this.repo.lockLiveSession(trx, sessionId);
      if (!session) return null;
      if (secret !== undefined && !sameHash(session.refresh_hash, sha256(secret))) {
        // The token this session's current one replaced, back after the grace time: a copy is in someone's hands.
        reused = session.previous_refresh_hash !== null && session.past_grace === true && sameHash(session.previous_refresh_hash, sha256(secret));
        if (reused) await this.repo.revokeSession(session.id, trx);
        return null;
      }
      if (secret === undefined && session.user_id !== current?.userId) return null;
      const next = this.deps.tokens.newRefreshSecret();
      await this.repo.rotateRefresh(trx, session.id, sha256(next));
      return { session, refresh: `${session.id}.${next}` };
    });
    if (reused) this.deps.sessions.forget(sessionId);
    if (!rotated) throw unauthorized();
    const token = await this.deps.tokens.signAccess({
      userId: rotated.session.user_id,
      tenantId: rotated.session.tenant_id,
      sessionId: rotated.session.id,
    });
    return { Token: token, RefreshToken: rotated.refresh, FlowableToken: token };
  }

  /** Revokes the session: every token issued for it is refused from now on. */
  async logout(auth: AuthContext | null): Promise<void> {
    if (!auth) return;
    await this.repo.revokeSession(auth.sessionId);
    this.deps.sessions.forget(auth.sessionId);
  }

  private async openSession(trx: Parameters<AuthRepository['createSession']>[0], tenantId: string, userId: string, client: ClientInfo) {
    const sessionId = newId();
    const secret = this.deps.tokens.newRefreshSecret();
    await this.repo.createSession(trx, { id: sessionId, tenantId, userId, refreshHash: sha256(secret), seconds: this.deps.config.sessionSeconds }, client);
    return { sessionId, refresh: `${sessionId}.${secret}` };
  }

  private async loginResult(tenantId: string, userId: string, sessionId: string, refresh: string): Promise<LoginResult> {
    const token = await this.deps.tokens.signAccess({ userId, tenantId, sessionId });
    const info = await this.userInfo.load(tenantId, userId);
    return { Token: token, RefreshToken: refresh, FlowableToken: token, UserInfo: info };
  }
}
