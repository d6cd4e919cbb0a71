import { parseLocalTime } from '../../core/db/helpers.js';
import { type ChangeStatusQuery, type NoticeBody, type NoticeQuery, oaPermissions } from '@app/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import type { Database } from '../../core/db/schema.js';
import { AppError, forbidden } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { plainText, sanitizeRichText } from '../news/sanitize.js';
import { NoticeRepository, type NoticeValues } from './notice.repository.js';

const EDITOR_PERMISSIONS = [oaPermissions.noticeAdd, oaPermissions.noticeEdit, oaPermissions.noticeDelete, oaPermissions.noticePublish];

/**
 * Notices (administration.md News and notices): readers see published notices; the notice buttons manage them.
 * A notice becoming published (add or edit with F_EnabledMark 1, or PUT /notice/changeStatus) sends a type-11
 * message to every other enabled user of the tenant.
 */
export class NoticeService {
  private readonly repo: NoticeRepository;

  constructor(private readonly deps: AppDeps) {
    this.repo = new NoticeRepository(deps.db);
  }

  private isEditor(auth: AuthContext): Promise<boolean> {
    return this.deps.grants.hasAny(auth, EDITOR_PERMISSIONS);
  }

  async page(auth: AuthContext, q: NoticeQuery) {
    const status = (await this.isEditor(auth)) ? q.status : 1;
    return this.repo.page(auth.tenantId, { page: q.limit, size: q.size, keyword: q.keyword || undefined, status });
  }

  async detail(auth: AuthContext, id: string) {
    const row = await this.repo.detail(auth.tenantId, id);
    if (!row || (row.F_EnabledMark !== 1 && !(await this.isEditor(auth)))) throw new AppError('notice.notFound', { id }, 404);
    return row;
  }

  async add(auth: AuthContext, body: NoticeBody): Promise<string> {
    const id = newId();
    await this.repo.db.transaction().execute(async (trx) => {
      await this.repo.insert(trx, auth.tenantId, auth.userId, id, values(body));
      if (body.F_EnabledMark === 1) await this.setStatus(trx, auth, id, 1, true);
    });
    return id;
  }

  async update(auth: AuthContext, id: string, body: NoticeBody): Promise<void> {
    await this.repo.db.transaction().execute(async (trx) => {
      if (!(await this.repo.update(trx, auth.tenantId, id, values(body)))) throw new AppError('notice.notFound', { id }, 404);
      if (body.F_EnabledMark !== undefined) await this.setStatus(trx, auth, id, body.F_EnabledMark, true);
    });
  }

  async remove(auth: AuthContext, id: string): Promise<void> {
    await this.repo.db.transaction().execute(async (trx) => {
      if (!(await this.repo.remove(trx, auth.tenantId, id))) throw new AppError('notice.notFound', { id }, 404);
    });
  }

  async changeStatus(auth: AuthContext, { id, status }: ChangeStatusQuery): Promise<void> {
    await this.repo.db.transaction().execute((trx) => this.setStatus(trx, auth, id, status));
  }

  /**
   * Sets the status; a change to published notifies the tenant (same transaction). From add / edit, a change of
   * status also needs the publish button.
   */
  private async setStatus(trx: Transaction<Database>, auth: AuthContext, id: string, status: number, checkPublish = false): Promise<void> {
    const row = await this.repo.lockForStatus(trx, auth.tenantId, id);
    if (!row) throw new AppError('notice.notFound', { id }, 404);
    if (row.enabled === status) return;
    if (checkPublish && !(await this.deps.grants.of(auth.tenantId, auth.userId)).permissions.has(oaPermissions.noticePublish)) {
      throw forbidden(oaPermissions.noticePublish);
    }
    await this.repo.setStatus(trx, auth.tenantId, id, status);
    if (status === 1) {
      await this.deps.messages.notify(
        auth.tenantId,
        'all-tenant-users',
        { type: 11, title: row.full_head, content: plainText(row.content), objectId: id, exceptUserId: auth.userId },
        trx as unknown as Kysely<Database>,
      );
    }
  }
}

function values(body: NoticeBody): NoticeValues {
  return {
    full_head: body.F_FullHead,
    content: sanitizeRichText(body.F_Content),
    send_time: body.F_SendTime ? parseLocalTime(body.F_SendTime) : null,
  };
}
