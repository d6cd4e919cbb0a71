import { pipeline, type Readable } from 'node:stream';
import type { MultipartFile, Multipart } from '@fastify/multipart';
import {
  DEFAULT_UPLOAD_LIMIT_MB,
  STAMP_UPLOAD_LIMIT_MB,
  findField,
  sizeUnits,
  type AnnexFile,
  type FormField,
  type SizeUnit,
  type UploadQuery,
  type UploadResult,
} from '@app/contracts';
import { FormSchemeRepository } from '../form-scheme/form-scheme.repository.js';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import { AppError, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { findBadInput } from '../../core/input-guard.js';
import { previewKindOf } from './file-links.js';
import { FilesRepository, type FileRow, type NewFile } from './files.repository.js';
import { ALLOWED_EXTENSIONS, acceptAllows, extensionOf, isAllowedExtension, sniff } from './sniff.js';
import { storageKeyFor } from './storage-keys.js';
import { byteLimit, SniffingStream } from './upload-streams.js';
import { parseRange, presentationOf, type Served } from './serve-headers.js';
import { requireAccess } from '../access/object-access.js';

/** What one upload may be: the size cap and the accept patterns every file must pass (all of them). */
interface UploadPolicy {
  maxBytes: number;
  /** The cap as the user reads it in '只能上传不超过 {limit}{unit} 的文件'. */
  limit: number;
  unit: SizeUnit;
  accepts: string[];
}

export interface UploadInput {
  folderId: string | undefined;
  query: UploadQuery;
  multiple: boolean;
  parts: AsyncIterable<Multipart>;
  origin: string;
  /** Whether the client has hung up (its cut-off body then is no server error). */
  clientGone: () => boolean;
}

const REMARK_MAX = 500;
const NAME_MAX = 200;

/**
 * Uploads, attachment folders and the signed byte route (docs/files-design.md). Uploads stream part by part through
 * a sniffer and a size limiter into storage; rows are written only when every object is stored, in one transaction.
 */
export class FilesService {
  private readonly repo: FilesRepository;

  constructor(private readonly deps: AppDeps) {
    this.repo = new FilesRepository(deps.db);
  }

  /**
   * The size cap and types of an upload. The server decides: the purpose's cap (stamps 5 MB, the file manager
   * UPLOAD_MAX_BYTES, forms and news 2 MB), or for a form's upload field the size and types stored in that field's
   * configuration. The client's limit/unit/accept may only narrow it; nothing goes above UPLOAD_MAX_BYTES.
   */
  async policyOf(auth: AuthContext, query: UploadQuery): Promise<UploadPolicy> {
    const hardMax = this.deps.config.uploadMaxBytes;
    const within = (bytes: number, limit: number, unit: SizeUnit) =>
      bytes <= hardMax ? { maxBytes: bytes, limit, unit } : { maxBytes: hardMax, ...readable(hardMax) };
    const field = query.purpose === 'form' ? await this.storedUploadField(auth, query) : null;
    const allowed =
      field ??
      (query.purpose === 'stamp'
        ? { ...within(STAMP_UPLOAD_LIMIT_MB * sizeUnits.MB, STAMP_UPLOAD_LIMIT_MB, 'MB'), accepts: ['image/*'] }
        : query.purpose === 'file-manager'
          ? { maxBytes: hardMax, ...readable(hardMax), accepts: [] }
          : { ...within(DEFAULT_UPLOAD_LIMIT_MB * sizeUnits.MB, DEFAULT_UPLOAD_LIMIT_MB, 'MB'), accepts: [] });
    const asked = query.limit === undefined ? null : Math.floor(query.limit * sizeUnits[query.unit]);
    const size = asked !== null && asked < allowed.maxBytes ? { maxBytes: asked, limit: query.limit!, unit: query.unit } : allowed;
    return { maxBytes: size.maxBytes, limit: size.limit, unit: size.unit, accepts: [...allowed.accepts, ...(query.accept ? [query.accept] : [])] };
  }

  /** The size and types of the named upload field as stored in its form (null when the upload names no field). */
  private async storedUploadField(auth: AuthContext, query: UploadQuery): Promise<UploadPolicy | null> {
    if (!query.fieldId || !(query.formId || query.schemeId)) return null;
    const forms = new FormSchemeRepository(this.deps.db);
    const versionId = query.schemeId ?? (query.formId ? (await forms.find(auth.tenantId, query.formId))?.F_SchemeId : undefined);
    const version = versionId ? await forms.version(auth.tenantId, versionId) : undefined;
    const content = version?.content as { data?: unknown } | undefined;
    const place = Array.isArray(content?.data) ? findField(content.data as FormField[], query.fieldId) : undefined;
    const field = place?.field;
    if (!field || field.__config__.avueType !== 'upload') throw new AppError('files.uploadFieldUnknown', {}, 400);
    const unit: SizeUnit = field.__config__.sizeUnit ?? 'MB';
    const limit = field.__config__.fileSize ?? DEFAULT_UPLOAD_LIMIT_MB;
    const bytes = Math.floor(limit * sizeUnits[unit]);
    const hardMax = this.deps.config.uploadMaxBytes;
    const size = bytes <= hardMax ? { maxBytes: bytes, limit, unit } : { maxBytes: hardMax, ...readable(hardMax) };
    return { ...size, accepts: field.accept ? [field.accept] : [] };
  }

  async upload(auth: AuthContext, input: UploadInput): Promise<UploadResult> {
    const policy = await this.policyOf(auth, input.query);
    const fileManager = input.query.purpose === 'file-manager';
    // The target folder is checked before a byte is read: a wrong id costs the client nothing but the refusal.
    let folderId: string | null;
    let newFolderId: string | null = null;
    if (input.folderId) {
      const exists = fileManager
        ? await this.repo.ownFolderExists(auth.tenantId, auth.userId, input.folderId)
        : await this.repo.attachmentFolderExists(auth.tenantId, input.folderId);
      if (!exists) throw notFound('files.folderNotFound', { id: input.folderId });
      folderId = input.folderId;
    } else {
      folderId = fileManager ? null : (newFolderId = newId());
    }

    const written: string[] = [];
    const files: NewFile[] = [];
    let remark = '';
    try {
      for await (const part of input.parts) {
        if (part.type === 'field') {
          if (part.fieldname === 'remark') {
            // Multipart fields are streamed past core/input-guard's body check: the same check here.
            const bad = findBadInput(part.value, 'body.remark');
            if (bad) throw bad;
            remark = String(part.value ?? '').slice(0, REMARK_MAX);
          }
          continue;
        }
        if (!input.multiple && files.length > 0) throw new AppError('files.oneFileOnly');
        files.push(await this.store(auth, part, policy, folderId, written));
      }
      if (files.length === 0) throw new AppError('files.noFile');
      await this.repo.insertUpload(auth.tenantId, auth.userId, newFolderId, files, remark);
    } catch (error) {
      await this.removeObjects(written);
      if (!(error instanceof AppError) && input.clientGone()) throw new AppError('files.uploadFailed');
      throw error;
    }

    // Rows of one insert share created_at; the answer keeps the order the files were sent in.
    const rows = new Map(
      (
        await this.repo.byIds(
          auth.tenantId,
          files.map((f) => f.id),
        )
      ).map((row) => [row.id, row]),
    );
    const annexes = files.flatMap((f) => {
      const row = rows.get(f.id);
      return row ? [this.annexOf(row, input.origin)] : [];
    });
    return { FileUrl: annexes[0]?.url ?? '', FileIds: annexes.map((a) => a.F_Id), FolderId: folderId ?? '', Files: annexes };
  }

  /** Streams one part into storage; its key is recorded before the write so a failure anywhere removes it. */
  private async store(auth: AuthContext, part: MultipartFile, policy: UploadPolicy, folderId: string | null, written: string[]): Promise<NewFile> {
    const fileName = cleanName(part.filename);
    const extension = extensionOf(fileName);
    const typeNotAllowed = () => new AppError('files.typeNotAllowed', { accept: policy.accepts.join(', ') || ALLOWED_EXTENSIONS.join(' ') });
    if (!isAllowedExtension(extension)) {
      part.file.resume();
      throw typeNotAllowed();
    }
    const sniffer = new SniffingStream((head) => {
      const result = sniff(extension, head);
      if (!result.ok) throw result.reason === 'typeNotAllowed' ? typeNotAllowed() : new AppError('files.contentMismatch', { name: fileName });
      if (!policy.accepts.every((accept) => acceptAllows(accept, extension, result.mime))) throw typeNotAllowed();
      return result.mime;
    });
    const limited = byteLimit(policy.maxBytes, () => new AppError('files.tooLarge', { limit: policy.limit, unit: policy.unit }));
    pipeline(part.file, sniffer, limited, () => {
      // Failures reach the caller through the decision or the storage write.
    });

    const id = newId();
    const key = storageKeyFor(auth.tenantId, id);
    const mime = await sniffer.decision;
    written.push(key);
    const size = await this.deps.storage.write(key, limited, mime);
    return { id, folder_id: folderId, file_name: fileName, extension, mime_type: mime, size, storage_key: key };
  }

  private async removeObjects(keys: string[]): Promise<void> {
    await Promise.all(
      keys.map((key) => this.deps.storage.remove(key).catch((err: unknown) => this.deps.log.warn({ err, key }, 'uploaded object not removed'))),
    );
  }

  private annexOf(row: FileRow, origin: string): AnnexFile {
    const links = this.deps.fileLinks;
    return {
      F_Id: row.id,
      F_FolderId: row.folder_id,
      F_FileName: row.file_name,
      F_FileExtensions: row.extension,
      F_FileType: row.mime_type,
      F_FileSize: Number(row.size),
      F_Remark: row.remark,
      F_CreateDate: row.created,
      F_CreateUserId: row.owner_id,
      F_CreateUserName: row.owner_name,
      url: links.url(row.id),
      previewKind: previewKindOf(row.extension, Boolean(this.deps.config.officePreviewUrl)),
      viewerUrl: links.viewerUrl(row.id, origin),
    };
  }

  async folderFiles(auth: AuthContext, folderId: string, origin: string): Promise<AnnexFile[]> {
    if (!(await this.repo.attachmentFolderExists(auth.tenantId, folderId))) throw notFound('files.folderNotFound', { id: folderId });
    return (await this.repo.inAttachmentFolder(auth.tenantId, folderId)).map((row) => this.annexOf(row, origin));
  }

  async annex(auth: AuthContext, id: string, origin: string): Promise<AnnexFile> {
    const row = await this.repo.attachment(auth.tenantId, id);
    if (!row) throw notFound('files.notFound', { id });
    return this.annexOf(row, origin);
  }

  /** The uploader or a tenant administrator; the row goes first, then the object (a leftover object is harmless). */
  async removeAnnex(auth: AuthContext, id: string): Promise<void> {
    const row = await this.repo.attachment(auth.tenantId, id);
    if (!row) throw notFound('files.notFound', { id });
    await requireAccess('deleteAttachment', id, {
      isUploader: row.owner_id === auth.userId,
      isTenantAdmin: () => this.repo.isTenantAdmin(auth.tenantId, auth.userId),
    });
    await this.repo.deleteFile(auth.tenantId, id);
    await this.removeObjects([row.storage_key]);
  }

  /** The signed byte route: a bad signature and a missing or deleted file look the same (404). */
  async open(id: string, sig: string, rangeHeader: string | undefined, download: boolean): Promise<Served> {
    const row = this.deps.fileLinks.verify(id, sig) ? await this.repo.servable(id) : undefined;
    if (!row) throw notFound('files.notFound', { id });
    const size = Number(row.size);
    const range = parseRange(rangeHeader, size);
    if (range.kind === 'unsatisfiable') return { kind: 'unsatisfiable', size };
    let stream: Readable;
    try {
      stream = await this.deps.storage.read(row.storage_key, range.kind === 'range' ? range.range : undefined);
    } catch (err) {
      this.deps.log.warn({ err, id }, 'stored object missing');
      throw notFound('files.notFound', { id });
    }
    return { kind: 'bytes', stream, size, range, presentation: presentationOf(row.mime_type, download), fileName: row.file_name };
  }
}

/** The name as shown and downloaded: no path, no control characters, at most NAME_MAX characters (extension kept). */
function cleanName(raw: string): string {
  const base = [...raw.replace(/^.*[\\/]/, '')]
    .filter((c) => c.charCodeAt(0) > 0x1f && c !== '\u007f')
    .join('')
    .trim();
  if (base.length <= NAME_MAX) return base;
  const extension = extensionOf(base);
  return base.slice(0, NAME_MAX - extension.length) + extension;
}

/** A byte count as the largest whole unit, for messages. */
function readable(bytes: number): { limit: number; unit: SizeUnit } {
  for (const unit of ['GB', 'MB', 'KB'] as const)
    if (bytes >= sizeUnits[unit] && bytes % sizeUnits[unit] === 0) return { limit: bytes / sizeUnits[unit], unit };
  return { limit: Math.round((bytes / sizeUnits.MB) * 100) / 100, unit: 'MB' };
}
