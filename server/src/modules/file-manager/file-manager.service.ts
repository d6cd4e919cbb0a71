import { extname } from 'node:path';
import { Readable } from 'node:stream';
import {
  EDITABLE_TEXT_MAX_BYTES,
  type AddFolderBody,
  type EditFileResult,
  type FileManagerItem,
  type FileManagerQuery,
  type FolderTreeNode,
  type MoveQuery,
  type PageResult,
  type RenameQuery,
  type ReviewFileResult,
} from '@app/contracts';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import { AppError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { isEditableText, previewKindOf } from '../files/file-links.js';
import { storageKeyFor } from '../files/storage-keys.js';
import { FileManagerRepository, type ItemFilter, type ItemRow, type Owner } from './file-manager.repository.js';

const notFound = (id: string) => new AppError('files.notFound', { id }, 404);
const folderNotFound = (id: string) => new AppError('files.folderNotFound', { id }, 404);
const owner = (auth: AuthContext): Owner => ({ tenantId: auth.tenantId, ownerId: auth.userId });

/**
 * The personal file manager (administration.md Files, docs/files-design.md): folders and files of one user, a trash
 * (deleted_at), hard deletes that remove the stored objects after the rows are gone, and in-place text editing.
 */
export class FileManagerService {
  private readonly repo: FileManagerRepository;

  constructor(private readonly deps: AppDeps) {
    this.repo = new FileManagerRepository(deps.db);
  }

  /**
   * Stores bytes the server made (a big export, a delivered report) as a file at the root of a user's file manager,
   * written as they come. Answers the new file's id once stored.
   */
  async storeGenerated(tenantId: string, ownerId: string, name: string, mimeType: string, input: Readable | Buffer): Promise<string> {
    const id = newId();
    const storageKey = storageKeyFor(tenantId, id);
    const size = await this.deps.storage.write(storageKey, Buffer.isBuffer(input) ? Readable.from([input]) : input, mimeType);
    const extension = extname(name).slice(1).toLowerCase();
    await this.repo.insertFile({ tenantId, ownerId }, { id, name, extension, mimeType, size, storageKey });
    return id;
  }

  /** Row → contract item; files get their signed address and how the web previews them. */
  toItem(row: ItemRow, origin: string): FileManagerItem {
    const file = !row.is_folder;
    const kind = file ? previewKindOf(row.extension ?? '', !!this.deps.config.officePreviewUrl) : null;
    return {
      F_Id: row.id,
      F_Name: row.name,
      F_IsFolder: row.is_folder,
      F_ParentId: row.parent_id,
      F_FileSize: row.size === null ? null : Number(row.size),
      F_FileExtensions: row.extension,
      F_FileType: row.mime_type,
      F_CreateDate: row.created,
      F_ModifyDate: row.modified,
      F_DeleteDate: row.deleted,
      url: file ? this.deps.fileLinks.url(row.id) : null,
      previewKind: kind,
      viewerUrl: kind === 'office' ? this.deps.fileLinks.viewerUrl(row.id, origin) : null,
    };
  }

  async page(auth: AuthContext, q: FileManagerQuery, origin: string): Promise<PageResult<FileManagerItem>> {
    const o = owner(auth);
    let filter: ItemFilter;
    if (q.trash === 1) filter = { trash: true, keyword: q.keyword || undefined };
    else if (q.keyword) filter = { keyword: q.keyword };
    else filter = { parentId: await this.visibleParent(o, q.parentId ?? null) };
    const { rows, total } = await this.repo.page(o, filter, { page: q.limit, size: q.size });
    return { Rows: rows.map((r) => this.toItem(r, origin)), Total: total };
  }

  async children(auth: AuthContext, id: string, origin: string): Promise<FileManagerItem[]> {
    const o = owner(auth);
    const parentId = await this.visibleParent(o, id === 'root' ? null : id);
    return (await this.repo.all(o, { parentId })).map((r) => this.toItem(r, origin));
  }

  async tree(auth: AuthContext): Promise<FolderTreeNode[]> {
    const rows = await this.repo.liveFolders(owner(auth));
    const nodes = new Map<string, FolderTreeNode>(rows.map((r) => [r.id, { F_Id: r.id, F_Name: r.name, F_ParentId: r.parent_id, children: [] }]));
    const roots: FolderTreeNode[] = [];
    for (const node of nodes.values()) {
      const parent = node.F_ParentId ? nodes.get(node.F_ParentId) : undefined;
      (parent ? parent.children : roots).push(node);
    }
    return roots;
  }

  async addFolder(auth: AuthContext, body: AddFolderBody, origin: string): Promise<FileManagerItem> {
    const o = owner(auth);
    const parentId = await this.visibleParent(o, body.F_ParentId ?? null);
    const id = newId();
    await this.repo.insertFolder(o, id, parentId, body.F_Name);
    return this.toItem((await this.repo.item(o, id))!, origin);
  }

  async rename(auth: AuthContext, { id, name }: RenameQuery): Promise<void> {
    const o = owner(auth);
    const item = await this.liveItem(o, id);
    if (item.is_folder) return this.repo.renameFolder(o, id, name);
    // A name typed without an extension keeps the file's, so it still opens (and previews) as what it is.
    const ext = item.extension ?? '';
    const finalName = ext && !extname(name) ? `${name}${ext}` : name;
    await this.repo.renameFile(o, id, finalName);
  }

  async move(auth: AuthContext, { id, parentId }: MoveQuery): Promise<void> {
    const o = owner(auth);
    const item = await this.liveItem(o, id);
    const target = parentId ?? null;
    if (target !== null) {
      const chain = await this.repo.ancestry(o, target);
      if (chain.length === 0 || chain.some((f) => f.deleted) || chain[chain.length - 1].parent_id !== null) throw folderNotFound(target);
      if (item.is_folder && chain.some((f) => f.id === id)) throw new AppError('files.moveIntoItself', {}, 400);
    }
    if (item.is_folder) await this.repo.setFolderParent(o, id, target);
    else await this.repo.setFileFolder(o, id, target);
  }

  async trash(auth: AuthContext, id: string): Promise<void> {
    const o = owner(auth);
    const item = await this.repo.item(o, id);
    if (!item) throw notFound(id);
    if (item.deleted === null) await this.repo.setDeleted(o, item, new Date());
  }

  async restore(auth: AuthContext, id: string): Promise<void> {
    const o = owner(auth);
    const item = await this.repo.item(o, id);
    if (!item) throw notFound(id);
    if (item.deleted === null) return;
    // Restoring into a folder the user cannot see would hide the item again: the root is the only safe place then.
    const keepParent = item.parent_id === null || (await this.repo.isLiveFolder(o, item.parent_id));
    await this.repo.setDeleted(o, item, null, keepParent ? undefined : null);
  }

  async emptyTrash(auth: AuthContext): Promise<void> {
    await this.removeObjects(await this.repo.hardDelete(owner(auth), { trash: true }));
  }

  /** Every user's trash of a tenant, what went there before `before` (the clear-the-trash scheduled task). */
  async emptyTrashBefore(tenantId: string, before: Date): Promise<number> {
    let removed = 0;
    for (const ownerId of await this.repo.trashOwners(tenantId, before)) {
      const keys = await this.repo.hardDelete({ tenantId, ownerId }, { trash: true, before });
      await this.removeObjects(keys);
      removed += keys.length;
    }
    return removed;
  }

  async hardDelete(auth: AuthContext, id: string): Promise<void> {
    const o = owner(auth);
    if (!(await this.repo.item(o, id))) throw notFound(id);
    await this.removeObjects(await this.repo.hardDelete(o, { id }));
  }

  async review(auth: AuthContext, id: string, origin: string): Promise<ReviewFileResult> {
    const item = await this.liveItem(owner(auth), id);
    if (item.is_folder) throw notFound(id);
    const full = this.toItem(item, origin);
    return { F_Id: item.id, F_Name: item.name, url: full.url!, previewKind: full.previewKind!, viewerUrl: full.viewerUrl };
  }

  async readText(auth: AuthContext, id: string): Promise<EditFileResult> {
    const item = await this.editable(owner(auth), id);
    const chunks: Buffer[] = [];
    for await (const chunk of await this.deps.storage.read(item.storage_key!)) chunks.push(Buffer.from(chunk as Uint8Array));
    return { F_Id: item.id, F_Name: item.name, content: Buffer.concat(chunks).toString('utf8') };
  }

  /** New bytes go to a new object; the row is switched to it in a transaction, then the old object is removed. */
  async writeText(auth: AuthContext, id: string, content: string): Promise<void> {
    const o = owner(auth);
    const item = await this.editable(o, id);
    const bytes = Buffer.from(content, 'utf8');
    if (bytes.length > EDITABLE_TEXT_MAX_BYTES) throw new AppError('files.tooLarge', { limit: 1, unit: 'MB' }, 400);
    const newKey = storageKeyFor(auth.tenantId, newId());
    await this.deps.storage.write(newKey, Readable.from([bytes]), item.mime_type ?? 'text/plain');
    let swapped = false;
    try {
      swapped = await this.repo.swapObject(o, id, item.storage_key!, newKey, bytes.length);
    } finally {
      if (!swapped) await this.removeObjects([newKey]);
    }
    if (!swapped) throw notFound(id);
    await this.removeObjects([item.storage_key!]);
  }

  private async editable(o: Owner, id: string): Promise<ItemRow> {
    const item = await this.liveItem(o, id);
    if (item.is_folder) throw notFound(id);
    if (!isEditableText(item.extension ?? '') || Number(item.size) > EDITABLE_TEXT_MAX_BYTES) throw new AppError('files.notEditable', {}, 400);
    return item;
  }

  /** An item of the user that is not in the trash itself (one inside a trashed folder is hidden but still its own). */
  private async liveItem(o: Owner, id: string): Promise<ItemRow> {
    const item = await this.repo.item(o, id);
    if (!item || item.deleted !== null) throw notFound(id);
    return item;
  }

  /** null (the root) or a folder the user can see; anything else answers 404. */
  private async visibleParent(o: Owner, id: string | null): Promise<string | null> {
    if (id !== null && !(await this.repo.isLiveFolder(o, id))) throw folderNotFound(id);
    return id;
  }

  /** After the commit: a leftover object is only wasted space, so a failure is logged and the call still succeeds. */
  private async removeObjects(keys: string[]): Promise<void> {
    await Promise.all(
      keys.map((key) => this.deps.storage.remove(key).catch((err: unknown) => this.deps.log.warn({ err, key }, 'file-manager: stored object not removed'))),
    );
  }
}
