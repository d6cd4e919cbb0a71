import type { PageResult, ReportShareBody, ReportShareRow } from '@app/contracts';
import { hashPassword, verifyPassword } from '../../core/auth/password.js';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import { AppError, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { RateLimiter } from '../../core/rate-limit.js';
import { Signer } from '../../core/signer.js';
import { DEFAULT_TIME_ZONE, wallTimeToInstant } from '../../core/time-zone.js';
import { ReportRepository } from './report.repository.js';

const YEAR_MS = 366 * 86_400_000;
/** How long an unlocked password-protected link works before the password is asked again. */
const ACCESS_MS = 2 * 3600_000;

/**
 * Share links of `/report-frame/{reportId}` (docs/reports-design.md "Share links"). The token is the share's id and
 * an HMAC of it and the report (a key of its own purpose), so a token works for that one report only and cannot be
 * made up; the stored row says until when, with which password (scrypt hash), and as whom the report runs (its
 * creator: their tenant and data scope). Deleting the row revokes the link at once. A password is tried at most 5
 * times in 5 minutes per link and 20 per address; the answer to a right one is an access token for 2 hours.
 */
export class ReportShareService {
  private readonly repo: ReportRepository;
  private readonly tokens: Signer;
  private readonly access: Signer;
  private readonly perShare = new RateLimiter({ limit: 5, windowSeconds: 300 });
  private readonly perSource = new RateLimiter({ limit: 20, windowSeconds: 300 });

  constructor(private readonly deps: AppDeps) {
    this.repo = new ReportRepository(deps.db);
    this.tokens = new Signer(deps.config.jwtSecret, 'report-share');
    this.access = new Signer(deps.config.jwtSecret, 'report-share-access');
  }

  private tokenOf(shareId: string, reportId: string): string {
    return `${shareId}.${this.tokens.sign(`${shareId}:${reportId}`)}`;
  }

  private withUrl(row: Omit<ReportShareRow, 'F_Url'>): ReportShareRow {
    return { ...row, F_Url: `/report-frame/${encodeURIComponent(row.F_ReportId)}?share=${this.tokenOf(row.F_Id, row.F_ReportId)}` };
  }

  async page(auth: AuthContext, q: { limit: number; size: number; F_ReportId?: string }): Promise<PageResult<ReportShareRow>> {
    const page = await this.repo.pageShares(auth.tenantId, { page: q.limit, size: q.size, reportId: q.F_ReportId });
    return { Rows: page.Rows.map((r) => this.withUrl(r)), Total: page.Total };
  }

  async add(auth: AuthContext, body: ReportShareBody & { F_Password: string; F_Note: string }): Promise<ReportShareRow> {
    if (!(await this.repo.findReport(auth.tenantId, body.F_ReportId))) throw new AppError('report.notFound', { id: body.F_ReportId }, 400);
    // A time with an offset (ISO) as it says; a wall time ('2026-12-31 18:00:00') in the platform's zone.
    const text = body.F_ExpiresAt.trim();
    const expiresAt = /(z|[+-]\d{2}:?\d{2})$/i.test(text)
      ? new Date(text)
      : (wallTimeToInstant(text, this.deps.config.timeZone ?? DEFAULT_TIME_ZONE) ?? new Date(NaN));
    const now = Date.now();
    if (Number.isNaN(expiresAt.getTime()) || expiresAt.getTime() <= now || expiresAt.getTime() > now + YEAR_MS)
      throw new AppError('report.shareExpiry', {}, 400);
    const id = newId();
    const passwordHash = body.F_Password ? await hashPassword(body.F_Password) : null;
    const user = { id: auth.userId, name: await this.repo.userName(auth.tenantId, auth.userId) };
    await this.repo.insertShare(auth.tenantId, id, body.F_ReportId, { expiresAt, passwordHash, note: body.F_Note }, user);
    return this.withUrl((await this.repo.shareRow(auth.tenantId, id))!);
  }

  async remove(auth: AuthContext, id: string): Promise<void> {
    if (!(await this.repo.deleteShare(auth.tenantId, id))) throw notFound('report.shareNotFound', { id });
  }

  /** The link a token names, if it is for this report, signed by us and not expired; otherwise the one refusal. */
  private async shareOf(reportId: string, token: string) {
    const [shareId = '', sig = ''] = token.split('.');
    const invalid = new AppError('report.shareInvalid', {}, 403);
    if (!shareId || !sig || !this.tokens.verify(`${shareId}:${reportId}`, sig)) throw invalid;
    const share = await this.repo.findShare(shareId);
    if (!share || share.reportId !== reportId || share.expiresAt.getTime() <= Date.now()) throw invalid;
    return share;
  }

  private accessValid(shareId: string, access: string | undefined): boolean {
    const [until = '', sig = ''] = (access ?? '').split('.');
    const expiry = Number(until);
    return Number.isFinite(expiry) && expiry > Date.now() && this.access.verify(`${shareId}:${until}`, sig);
  }

  /**
   * The caller a share link acts as (its creator, who must still be an enabled user of the tenant) and whether the
   * password is still to be given.
   */
  async open(reportId: string, token: string, access: string | undefined): Promise<{ auth: AuthContext; locked: boolean }> {
    const share = await this.shareOf(reportId, token);
    const owner = await this.repo.activeUser(share.tenantId, share.createdBy);
    if (!owner) throw new AppError('report.shareInvalid', {}, 403);
    const auth: AuthContext = { userId: share.createdBy, tenantId: share.tenantId, sessionId: '', account: owner.account };
    return { auth, locked: !!share.passwordHash && !this.accessValid(share.id, access) };
  }

  /** Opens a password-protected link: the access token for the next 2 hours. */
  async unlock(reportId: string, token: string, password: string, source: string): Promise<string> {
    const share = await this.shareOf(reportId, token);
    if (!share.passwordHash) return this.accessFor(share.id);
    const wait = this.perShare.take(share.id) || this.perSource.take(source);
    if (wait > 0) throw new AppError('error.tooManyRequests', { seconds: wait }, 429);
    if (!password) throw new AppError('report.passwordRequired', {}, 400);
    if (!(await verifyPassword(password, share.passwordHash))) throw new AppError('report.wrongPassword', {}, 400);
    return this.accessFor(share.id);
  }

  private accessFor(shareId: string): string {
    const until = String(Date.now() + ACCESS_MS);
    return `${until}.${this.access.sign(`${shareId}:${until}`)}`;
  }
}
