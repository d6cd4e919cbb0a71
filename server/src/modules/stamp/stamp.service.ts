import { type stampBody as stampBodySchema, type StampBody, type StampQuery, type StampRow, type StampUsers, stampPermissions } from '@app/contracts';
import type { z } from 'zod';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import { AppError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { hashPassword } from '../../core/auth/password.js';
import { StampRepository, type StampUserKind, type StampValues, type StoredStamp } from './stamp.repository.js';
import { base64Length, decodePngDataUrl, pngSize } from './png.js';
import { requireAccess } from '../access/object-access.js';

/** Stamp images may be at most 5 MB (spec); a handwritten signature is a PNG of 80 × 50. */
export const STAMP_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const SIGNATURE_WIDTH = 80;
export const SIGNATURE_HEIGHT = 50;

type ParsedBody = z.output<typeof stampBodySchema>;
/** What a change needs: the management button, or being one of these of the stamp. */
interface Access {
  permission: string;
  kinds: ('manager' | 'maintainer')[];
}
const EDIT: Access = { permission: stampPermissions.stampEdit, kinds: ['manager', 'maintainer'] };
const ENABLE: Access = { permission: stampPermissions.stampEnable, kinds: ['manager', 'maintainer'] };
const DELETE: Access = { permission: stampPermissions.stampDelete, kinds: ['manager'] };
const MEMBERS: Access = { permission: stampPermissions.stampMember, kinds: ['manager'] };

/** `/api/files/{id}?sig=…` (what GET /stamps answers) back to the file id, so an edit form can send it back. */
function fileIdOf(text: string): string {
  const match = /^\/api\/files\/([^/?#]+)(?:\?.*)?$/.exec(text.trim());
  return match ? decodeURIComponent(match[1]!) : text.trim();
}

/**
 * Stamps and e-signatures (administration.md Stamps; docs/workflow-design.md "Stamps and delegation").
 * Members may sign with a stamp; managers may also change, delete it and choose its members, managers and
 * maintainers; maintainers may change and enable it. The management buttons (workflow.stamp.*) act on every stamp.
 */
export class StampService {
  readonly repo: StampRepository;

  constructor(private readonly deps: AppDeps) {
    this.repo = new StampRepository(deps.db);
  }

  private has(auth: AuthContext, permission: string): Promise<boolean> {
    return this.deps.grants.hasAny(auth, [permission]);
  }

  /** The image address of a stored stamp: a signed file address (type 1) or its data URL (type 2). */
  imageUrl(stamp: { file_type: number; file: string }): string {
    if (!stamp.file) return '';
    return stamp.file_type === 1 ? this.deps.fileLinks.url(stamp.file) : stamp.file;
  }

  private row(stamp: StoredStamp, managesAll: boolean): StampRow {
    return {
      F_StampId: stamp.id,
      F_StampName: stamp.name,
      F_StampType: stamp.type,
      F_StampAttributes: stamp.is_default ? '1' : '0',
      F_Sort: stamp.sort_code,
      F_File_Type: stamp.file_type,
      F_File: this.imageUrl(stamp),
      F_FileId: stamp.file_type === 1 ? stamp.file : '',
      F_Description: stamp.description,
      EnabledMark: stamp.enabled ? 1 : 0,
      hasPassword: stamp.has_password,
      canUse: stamp.can_use,
      canManage: managesAll || stamp.is_manager,
      F_CreateDate: stamp.created_at,
    };
  }

  /**
   * With the list button: every stamp of the tenant. Without: the stamps the caller may use, manage or maintain;
   * the approval screen's picker (EnabledMark 1) gets only the ones the caller may sign with.
   */
  async page(auth: AuthContext, q: StampQuery & { limit: number; size: number }) {
    const all = await this.has(auth, stampPermissions.stampList);
    const scope = all ? 'all' : q.EnabledMark === 1 ? 'use' : 'visible';
    const page = await this.repo.page(auth.tenantId, auth.userId, {
      page: q.limit,
      size: q.size,
      keyword: q.keyword || undefined,
      enabled: q.EnabledMark === undefined ? undefined : q.EnabledMark === 1,
      type: q.F_StampType || undefined,
      scope,
    });
    const managesAll = await this.has(auth, stampPermissions.stampEdit);
    return { Rows: page.Rows.map((s) => this.row(s, managesAll)), Total: page.Total };
  }

  /** The stamp, or 404 (also when the caller may not see it). */
  private async stamp(auth: AuthContext, id: string): Promise<StoredStamp> {
    const stamp = await this.repo.one(this.repo.db, auth.tenantId, auth.userId, id);
    if (!stamp) throw new AppError('stamp.notFound', { id }, 404);
    return stamp;
  }

  private async changeable(auth: AuthContext, id: string, access: Access): Promise<StoredStamp> {
    const stamp = await this.stamp(auth, id);
    await requireAccess('changeStamp', id, {
      isManager: access.kinds.includes('manager') && stamp.is_manager,
      isMaintainer: access.kinds.includes('maintainer') && stamp.is_maintainer,
      hasPermission: () => this.has(auth, access.permission),
    });
    return stamp;
  }

  /** Required fields and the image (spec validation 5), in the form's order; answers the values to store. */
  private async values(auth: AuthContext, body: ParsedBody, adding: boolean): Promise<StampValues> {
    if (!body.F_StampName) throw new AppError('stamp.nameRequired');
    if (!body.F_StampType) throw new AppError('stamp.typeRequired');
    if (adding && !body.F_Password) throw new AppError('stamp.passwordRequired');
    const file = body.F_File.trim();
    if (!file) throw new AppError('stamp.imageRequired');
    let stored: string;
    if (body.F_File_Type === 2) {
      const payload = file.slice(file.indexOf(',') + 1);
      if (file.startsWith('data:') && base64Length(payload) > STAMP_IMAGE_MAX_BYTES) throw new AppError('stamp.imageTooLarge', {}, 413);
      const bytes = decodePngDataUrl(file);
      const size = bytes && pngSize(bytes);
      if (!bytes || !size || size.width !== SIGNATURE_WIDTH || size.height !== SIGNATURE_HEIGHT) {
        throw new AppError('stamp.badSignature', { width: SIGNATURE_WIDTH, height: SIGNATURE_HEIGHT });
      }
      if (bytes.length > STAMP_IMAGE_MAX_BYTES) throw new AppError('stamp.imageTooLarge', {}, 413);
      stored = `data:image/png;base64,${bytes.toString('base64')}`;
    } else {
      const fileId = fileIdOf(file);
      const row = await this.repo.file(this.repo.db, auth.tenantId, fileId);
      if (!row) throw new AppError('stamp.badFile', { id: fileId });
      if (!row.mime_type.toLowerCase().startsWith('image/')) throw new AppError('stamp.notImage');
      if (Number(row.size) > STAMP_IMAGE_MAX_BYTES) throw new AppError('stamp.imageTooLarge', {}, 413);
      stored = row.id;
    }
    return {
      name: body.F_StampName,
      type: body.F_StampType,
      sort_code: body.F_Sort,
      file_type: body.F_File_Type,
      file: stored,
      description: body.F_Description,
      ...(body.F_Password ? { password_hash: await hashPassword(body.F_Password) } : {}),
      ...(body.EnabledMark === undefined ? {} : { enabled: body.EnabledMark === 1 }),
    };
  }

  /** Any signed-in user adds a personal stamp (the approval screen) and becomes its member and manager. */
  async add(auth: AuthContext, body: ParsedBody): Promise<string> {
    const values = await this.values(auth, body, true);
    const makeDefault = body.F_StampAttributes === '1' && (await this.has(auth, stampPermissions.stampEnable));
    const id = newId();
    await this.repo.db.transaction().execute(async (trx) => {
      await this.repo.insert(trx, { ...values, id, tenant_id: auth.tenantId, created_by: auth.userId });
      await this.repo.addUser(trx, auth.tenantId, id, 'member', auth.userId);
      await this.repo.addUser(trx, auth.tenantId, id, 'manager', auth.userId);
      if (makeDefault) await this.repo.setDefault(trx, auth.tenantId, id);
    });
    return id;
  }

  async update(auth: AuthContext, id: string, body: ParsedBody): Promise<void> {
    await this.changeable(auth, id, EDIT);
    const values = await this.values(auth, body, false);
    const attributes = body.F_StampAttributes !== undefined && (await this.has(auth, stampPermissions.stampEnable)) ? body.F_StampAttributes : undefined;
    await this.repo.db.transaction().execute(async (trx) => {
      await this.repo.update(trx, auth.tenantId, id, { ...values, ...(attributes === '0' ? { is_default: false } : {}) });
      if (attributes === '1') await this.repo.setDefault(trx, auth.tenantId, id);
    });
  }

  async remove(auth: AuthContext, id: string): Promise<void> {
    await this.changeable(auth, id, DELETE);
    await this.repo.remove(this.repo.db, auth.tenantId, id);
  }

  async setEnabled(auth: AuthContext, id: string, enabled: boolean): Promise<void> {
    await this.changeable(auth, id, ENABLE);
    await this.repo.update(this.repo.db, auth.tenantId, id, { enabled });
  }

  /** The tenant's one default stamp: the others lose the mark in the same transaction. */
  async setDefault(auth: AuthContext, id: string): Promise<void> {
    if (!(await this.has(auth, stampPermissions.stampEnable))) throw new AppError('error.forbidden', { permission: stampPermissions.stampEnable }, 403);
    await this.stamp(auth, id);
    await this.repo.db.transaction().execute((trx) => this.repo.setDefault(trx, auth.tenantId, id));
  }

  async users(auth: AuthContext, id: string, kind: StampUserKind): Promise<StampUsers> {
    await this.changeable(auth, id, MEMBERS);
    const users = await this.repo.users(this.repo.db, auth.tenantId, id, kind);
    return { userIds: users.map((u) => u.F_UserId), users };
  }

  async setUsers(auth: AuthContext, id: string, kind: StampUserKind, userIds: string[]): Promise<void> {
    await this.changeable(auth, id, MEMBERS);
    const ids = [...new Set(userIds)];
    const unknown = await this.repo.unknownUsers(this.repo.db, auth.tenantId, ids);
    if (unknown.length > 0) throw new AppError('stamp.badUser', { id: unknown[0]! });
    await this.repo.db.transaction().execute((trx) => this.repo.replaceUsers(trx, auth.tenantId, id, kind, ids));
  }

  /** GET /stamps/stamp-img: the image of a stamp the caller may use (or manage with the list button). */
  async image(auth: AuthContext, id: string): Promise<string> {
    const stamp = await this.stamp(auth, id);
    await requireAccess('stampImage', id, {
      mayUse: stamp.can_use,
      isManager: stamp.is_manager,
      isMaintainer: stamp.is_maintainer,
      mayList: () => this.has(auth, stampPermissions.stampList),
    });
    return this.imageUrl(stamp);
  }
}

export type { StampBody };
