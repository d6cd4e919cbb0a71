import { parseLocalTime } from '../../core/db/helpers.js';
import { type ChangeStatusQuery, type NewsBody, type NewsDetail, type NewsQuery, oaPermissions } from '@app/contracts';
import type { Kysely } from 'kysely';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import type { Database } from '../../core/db/schema.js';
import { AppError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { previewKindOf } from '../files/file-links.js';
import { NewsRepository, type NewsValues } from './news.repository.js';
import { plainText, sanitizeRichText } from './sanitize.js';

const EDITOR_PERMISSIONS = [oaPermissions.newsAdd, oaPermissions.newsEdit, oaPermissions.newsDelete, oaPermissions.newsPublish];

/**
 * News (administration.md News): any signed-in user of the tenant reads published items; holders of the news
 * buttons manage them. Publishing sends a type-10 message to every other enabled user of the tenant.
 */
export class NewsService {
  private readonly repo: NewsRepository;

  constructor(private readonly deps: AppDeps) {
    this.repo = new NewsRepository(deps.db);
  }

  private isEditor(auth: AuthContext): Promise<boolean> {
    return this.deps.grants.hasAny(auth, EDITOR_PERMISSIONS);
  }

  async page(auth: AuthContext, q: NewsQuery) {
    // Readers see published items only, whatever status they ask for.
    const status = (await this.isEditor(auth)) ? q.status : 1;
    return this.repo.page(auth.tenantId, { page: q.limit, size: q.size, keyword: q.keyword || undefined, category: q.category || undefined, status });
  }

  /** origin: the request's, for the external Office viewer's absolute file address. */
  async detail(auth: AuthContext, id: string, origin: string): Promise<NewsDetail> {
    const row = await this.repo.detail(auth.tenantId, id);
    if (!row || (row.F_EnabledMark !== 1 && !(await this.isEditor(auth)))) throw new AppError('news.notFound', { id }, 404);
    const { legacy, folderFiles, ...detail } = row;
    const links = this.deps.fileLinks;
    const viewer = !!this.deps.config.officePreviewUrl;
    const files = folderFiles.map((f) => {
      const previewKind = previewKindOf(f.extension, viewer);
      return { F_Id: f.id, F_FileName: f.name, url: links.url(f.id), previewKind, viewerUrl: previewKind === 'office' ? links.viewerUrl(f.id, origin) : null };
    });
    return { ...detail, F_Attachments: [...files, ...(legacy ?? [])] };
  }

  async add(auth: AuthContext, body: NewsBody): Promise<string> {
    await this.checkFolder(auth, body);
    const id = newId();
    await this.repo.insert(auth.tenantId, auth.userId, id, { attachments: '[]', attachment_folder_id: null, ...values(body) });
    return id;
  }

  async update(auth: AuthContext, id: string, body: NewsBody): Promise<void> {
    await this.checkFolder(auth, body);
    if (!(await this.repo.update(auth.tenantId, id, values(body)))) throw new AppError('news.notFound', { id }, 404);
  }

  /** Only an attachment folder of the caller's tenant: anything else would expose another owner's files. */
  private async checkFolder(auth: AuthContext, body: NewsBody): Promise<void> {
    const folderId = body.F_FolderId;
    if (folderId && !(await this.repo.isAttachmentFolder(auth.tenantId, folderId))) throw new AppError('news.badAttachmentFolder', { id: folderId }, 400);
  }

  async remove(auth: AuthContext, id: string): Promise<void> {
    if (!(await this.repo.remove(auth.tenantId, id))) throw new AppError('news.notFound', { id }, 404);
  }

  /** Publish (1) or unpublish (0); the first change to published notifies the tenant, in the same transaction. */
  async changeStatus(auth: AuthContext, { id, status }: ChangeStatusQuery): Promise<void> {
    await this.repo.db.transaction().execute(async (trx) => {
      const row = await this.repo.lockForStatus(trx, auth.tenantId, id);
      if (!row) throw new AppError('news.notFound', { id }, 404);
      if (row.enabled === status) return;
      await this.repo.setStatus(trx, auth.tenantId, id, status);
      if (status === 1) {
        await this.deps.messages.notify(
          auth.tenantId,
          'all-tenant-users',
          { type: 10, title: row.full_head, content: plainText(row.content), objectId: id, exceptUserId: auth.userId },
          trx as unknown as Kysely<Database>,
        );
      }
    });
  }
}

function values(body: NewsBody): NewsValues {
  const reprint = body.F_TypeId === 2;
  return {
    type_id: body.F_TypeId,
    category_id: body.F_CategoryId,
    full_head: body.F_FullHead,
    author_name: body.F_AuthorName,
    compile_name: body.F_CompileName,
    source_name: reprint ? body.F_SourceName : '',
    source_address: reprint ? body.F_SourceAddress : '',
    release_time: body.F_ReleaseTime ? parseLocalTime(body.F_ReleaseTime) : null,
    content: sanitizeRichText(body.F_NewsContent),
    ...(body.F_Attachments !== undefined ? { attachments: JSON.stringify(body.F_Attachments) } : {}),
    ...(body.F_FolderId !== undefined ? { attachment_folder_id: body.F_FolderId } : {}),
  };
}
