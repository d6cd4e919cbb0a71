import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../core/db/schema.js';
import { containsPattern, formatTime, type PageRequest } from '../../core/db/helpers.js';

/** Whose files: the file manager is private to one user of one tenant; every statement below filters on both. */
export interface Owner {
  tenantId: string;
  ownerId: string;
}

/** One row of either table, in the shape the list needs. */
export interface ItemRow {
  id: string;
  name: string;
  is_folder: boolean;
  parent_id: string | null;
  /** bigint: a string from pg, a number from PGlite. */
  size: string | number | null;
  extension: string | null;
  mime_type: string | null;
  storage_key: string | null;
  created: string;
  modified: string;
  deleted: string | null;
}

/** Where a list looks: a folder's live children, a search over every live item, or the trash. */
export type ItemFilter = { parentId: string | null } | { keyword: string } | { trash: true; keyword?: string };

/** Folders of the file manager (kind 2) of this owner, aliased d. */
const folderScope = (o: Owner, alias = 'd') =>
  sql`${sql.ref(`${alias}.tenant_id`)} = ${o.tenantId} and ${sql.ref(`${alias}.owner_id`)} = ${o.ownerId} and ${sql.ref(`${alias}.kind`)} = 2`;

/**
 * Files of this owner that belong to the file manager, aliased f: at the root or in one of the owner's kind-2
 * folders. The same user's form attachments live in kind-1 folders and never show here.
 */
const fileScope = (o: Owner) => sql`f.tenant_id = ${o.tenantId} and f.owner_id = ${o.ownerId}
  and (f.folder_id is null or f.folder_id in (select x.id from file_folders x where ${folderScope(o, 'x')}))`;

/** Folders reachable from the root without passing a folder in the trash: what the user can see. */
const liveFoldersCte = (o: Owner) => sql`live(id) as (
    select d.id from file_folders d where ${folderScope(o)} and d.parent_id is null and d.deleted_at is null
    union all
    select d.id from file_folders d join live on d.parent_id = live.id where ${folderScope(o)} and d.deleted_at is null
  )`;

/** The schema types updated_at as Generated<Timestamp>, which Kysely's set() cannot take; the database clock is what we want anyway. */
const touched = { updated_at: sql`now()` } as unknown as Record<never, never>;

export class FileManagerRepository {
  constructor(readonly db: Kysely<Database>) {}

  /** Folders first, then files; both tables in one UNION ALL so paging happens in SQL. */
  private itemsQuery(o: Owner, filter: ItemFilter, tail: RawBuilder<unknown>, select: RawBuilder<unknown>) {
    let withClause = sql``;
    let folderWhere: RawBuilder<unknown>;
    let fileWhere: RawBuilder<unknown>;
    if ('trash' in filter) {
      const k = filter.keyword ? containsPattern(filter.keyword) : null;
      folderWhere = k ? sql`d.deleted_at is not null and d.name ilike ${k}` : sql`d.deleted_at is not null`;
      fileWhere = k ? sql`f.deleted_at is not null and f.file_name ilike ${k}` : sql`f.deleted_at is not null`;
    } else if ('keyword' in filter) {
      const k = containsPattern(filter.keyword);
      withClause = sql`with recursive ${liveFoldersCte(o)}`;
      folderWhere = sql`d.id in (select id from live) and d.name ilike ${k}`;
      fileWhere = sql`f.deleted_at is null and (f.folder_id is null or f.folder_id in (select id from live)) and f.file_name ilike ${k}`;
    } else if (filter.parentId === null) {
      folderWhere = sql`d.parent_id is null and d.deleted_at is null`;
      fileWhere = sql`f.folder_id is null and f.deleted_at is null`;
    } else {
      folderWhere = sql`d.parent_id = ${filter.parentId} and d.deleted_at is null`;
      fileWhere = sql`f.folder_id = ${filter.parentId} and f.deleted_at is null`;
    }
    return sql`${withClause}
      select ${select} from (
        select d.id, d.name, true as is_folder, d.parent_id, null::bigint as size, null::text as extension,
          null::text as mime_type, null::text as storage_key, d.created_at, d.updated_at, d.deleted_at
        from file_folders d where ${folderScope(o)} and ${folderWhere}
        union all
        select f.id, f.file_name, false, f.folder_id, f.size, f.extension, f.mime_type, f.storage_key,
          f.created_at, f.updated_at, f.deleted_at
        from files f where ${fileScope(o)} and ${fileWhere}
      ) i ${tail}`;
  }

  private static readonly columns = sql`i.id, i.name, i.is_folder, i.parent_id, i.size, i.extension, i.mime_type, i.storage_key,
    ${formatTime('i.created_at')} as created, ${formatTime('i.updated_at')} as modified,
    case when i.deleted_at is null then null else ${formatTime('i.deleted_at')} end as deleted`;

  private static order(filter: ItemFilter) {
    // The trash reads best newest-deleted first; elsewhere folders then files, by name.
    return 'trash' in filter ? sql`order by i.is_folder desc, i.deleted_at desc, i.id` : sql`order by i.is_folder desc, i.name, i.id`;
  }

  async page(o: Owner, filter: ItemFilter, { page, size }: PageRequest): Promise<{ rows: ItemRow[]; total: number }> {
    const tail = sql`${FileManagerRepository.order(filter)} limit ${size} offset ${(page - 1) * size}`;
    const [rows, count] = await Promise.all([
      this.itemsQuery(o, filter, tail, FileManagerRepository.columns).execute(this.db),
      this.itemsQuery(o, filter, sql``, sql`count(*)::int as total`).execute(this.db),
    ]);
    return { rows: rows.rows as ItemRow[], total: Number((count.rows[0] as { total: number | string }).total) };
  }

  async all(o: Owner, filter: ItemFilter): Promise<ItemRow[]> {
    const result = await this.itemsQuery(o, filter, FileManagerRepository.order(filter), FileManagerRepository.columns).execute(this.db);
    return result.rows as ItemRow[];
  }

  /** One item of either table (live or in the trash), or undefined. */
  async item(o: Owner, id: string): Promise<ItemRow | undefined> {
    const result = await sql`select ${FileManagerRepository.columns} from (
        select d.id, d.name, true as is_folder, d.parent_id, null::bigint as size, null::text as extension,
          null::text as mime_type, null::text as storage_key, d.created_at, d.updated_at, d.deleted_at
        from file_folders d where ${folderScope(o)} and d.id = ${id}
        union all
        select f.id, f.file_name, false, f.folder_id, f.size, f.extension, f.mime_type, f.storage_key,
          f.created_at, f.updated_at, f.deleted_at
        from files f where ${fileScope(o)} and f.id = ${id}
      ) i`.execute(this.db);
    return result.rows[0] as ItemRow | undefined;
  }

  /** Every live folder (reachable from the root), for the tree. */
  async liveFolders(o: Owner): Promise<{ id: string; name: string; parent_id: string | null }[]> {
    const result = await sql<{ id: string; name: string; parent_id: string | null }>`with recursive ${liveFoldersCte(o)}
      select d.id, d.name, d.parent_id from file_folders d where ${folderScope(o)} and d.id in (select id from live)
      order by d.name, d.id`.execute(this.db);
    return result.rows;
  }

  /** The folder and its ancestors, nearest first (the root-most last). Empty when it is not the owner's folder. */
  async ancestry(o: Owner, folderId: string): Promise<{ id: string; parent_id: string | null; deleted: boolean }[]> {
    const result = await sql<{ id: string; parent_id: string | null; deleted: boolean }>`with recursive up(id, parent_id, deleted_at, depth) as (
        select d.id, d.parent_id, d.deleted_at, 0 from file_folders d where ${folderScope(o)} and d.id = ${folderId}
        union all
        select d.id, d.parent_id, d.deleted_at, up.depth + 1 from file_folders d join up on d.id = up.parent_id
        where ${folderScope(o)} and up.depth < 1000
      )
      select id, parent_id, deleted_at is not null as deleted from up order by depth`.execute(this.db);
    return result.rows;
  }

  /** A folder the user can see: the owner's, and neither it nor an ancestor is in the trash. */
  async isLiveFolder(o: Owner, folderId: string): Promise<boolean> {
    const chain = await this.ancestry(o, folderId);
    return chain.length > 0 && chain.every((f) => !f.deleted) && chain[chain.length - 1].parent_id === null;
  }

  /** A file row at the root of the owner's file manager. */
  async insertFile(o: Owner, f: { id: string; name: string; extension: string; mimeType: string; size: number; storageKey: string }): Promise<void> {
    await this.db
      .insertInto('files')
      .values({
        id: f.id,
        tenant_id: o.tenantId,
        owner_id: o.ownerId,
        folder_id: null,
        file_name: f.name,
        extension: f.extension,
        mime_type: f.mimeType,
        size: f.size,
        storage_key: f.storageKey,
        deleted_at: null,
      })
      .execute();
  }

  async insertFolder(o: Owner, id: string, parentId: string | null, name: string): Promise<void> {
    await this.db.insertInto('file_folders').values({ id, tenant_id: o.tenantId, owner_id: o.ownerId, kind: 2, parent_id: parentId, name }).execute();
  }

  async renameFolder(o: Owner, id: string, name: string): Promise<void> {
    await this.db
      .updateTable('file_folders')
      .set({ name, ...touched })
      .where('tenant_id', '=', o.tenantId)
      .where('owner_id', '=', o.ownerId)
      .where('kind', '=', 2)
      .where('id', '=', id)
      .execute();
  }

  async renameFile(o: Owner, id: string, name: string): Promise<void> {
    await this.db
      .updateTable('files')
      .set({ file_name: name, ...touched })
      .where('tenant_id', '=', o.tenantId)
      .where('owner_id', '=', o.ownerId)
      .where('id', '=', id)
      .execute();
  }

  async setFolderParent(o: Owner, id: string, parentId: string | null): Promise<void> {
    await this.db
      .updateTable('file_folders')
      .set({ parent_id: parentId, ...touched })
      .where('tenant_id', '=', o.tenantId)
      .where('owner_id', '=', o.ownerId)
      .where('kind', '=', 2)
      .where('id', '=', id)
      .execute();
  }

  async setFileFolder(o: Owner, id: string, folderId: string | null): Promise<void> {
    await this.db
      .updateTable('files')
      .set({ folder_id: folderId, ...touched })
      .where('tenant_id', '=', o.tenantId)
      .where('owner_id', '=', o.ownerId)
      .where('id', '=', id)
      .execute();
  }

  /** Trash (a date) or restore (null, optionally to another parent) one item; only deleted_at and the parent change. */
  async setDeleted(o: Owner, item: Pick<ItemRow, 'id' | 'is_folder'>, deletedAt: Date | null, parentId?: string | null): Promise<void> {
    const parent = parentId === undefined ? {} : item.is_folder ? { parent_id: parentId } : { folder_id: parentId };
    const table = item.is_folder ? 'file_folders' : 'files';
    await this.db
      .updateTable(table)
      .set({ deleted_at: deletedAt, ...parent })
      .where('tenant_id', '=', o.tenantId)
      .where('owner_id', '=', o.ownerId)
      .where('id', '=', item.id)
      .execute();
  }

  /**
   * Hard delete in one transaction: the trash (every item with deleted_at set) or one item, with the whole subtree
   * of each folder. Answers the storage keys of the removed files, for the caller to remove after the commit.
   */
  /** Owners of the tenant with something in the trash since before `before`. */
  async trashOwners(tenantId: string, before: Date): Promise<string[]> {
    const rows = await sql<{ owner_id: string }>`
      select owner_id from file_folders where tenant_id = ${tenantId} and kind = 2 and deleted_at < ${before}
      union
      select owner_id from files where tenant_id = ${tenantId} and deleted_at < ${before}`.execute(this.db);
    return rows.rows.map((r) => r.owner_id);
  }

  /** Deletes an item, or what is in the trash (optionally only what went there before a time); answers the objects to remove. */
  async hardDelete(o: Owner, target: { trash: true; before?: Date } | { id: string }): Promise<string[]> {
    const trashed = (alias: 'd' | 'f') =>
      'trash' in target && target.before ? sql`${sql.ref(`${alias}.deleted_at`)} < ${target.before}` : sql`${sql.ref(`${alias}.deleted_at`)} is not null`;
    const roots = 'trash' in target ? trashed('d') : sql`d.id = ${target.id}`;
    const directFiles = 'trash' in target ? trashed('f') : sql`f.id = ${target.id}`;
    // UNION (not ALL): a folder in the trash below another folder in the trash is reached twice.
    const subtree = sql`with recursive sub(id) as (
        select d.id from file_folders d where ${folderScope(o)} and ${roots}
        union
        select d.id from file_folders d join sub on d.parent_id = sub.id where ${folderScope(o)}
      )`;
    return this.db.transaction().execute(async (trx) => {
      // Locking the folders first makes a concurrent upload into one of them wait and then fail its foreign key,
      // rather than slip in a file whose object nobody would remove.
      await sql`${subtree} select d.id from file_folders d where d.id in (select id from sub) for update`.execute(trx);
      const files = await sql<{ storage_key: string }>`${subtree}
        delete from files f where ${fileScope(o)} and (${directFiles} or f.folder_id in (select id from sub))
        returning f.storage_key`.execute(trx);
      await sql`${subtree} delete from file_folders where id in (select id from sub)`.execute(trx);
      return files.rows.map((r) => r.storage_key);
    });
  }

  /**
   * Points a live file at a new object. Answers false (nothing changed) when the file is gone or its object was
   * swapped by someone else since it was read.
   */
  async swapObject(o: Owner, id: string, oldKey: string, newKey: string, size: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('files')
        .select('storage_key')
        .where('tenant_id', '=', o.tenantId)
        .where('owner_id', '=', o.ownerId)
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .forUpdate()
        .executeTakeFirst();
      if (!row || row.storage_key !== oldKey) return false;
      await trx
        .updateTable('files')
        .set({ storage_key: newKey, size, ...touched })
        .where('id', '=', id)
        .where('tenant_id', '=', o.tenantId)
        .execute();
      return true;
    });
  }
}
