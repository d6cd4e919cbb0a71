import type { PermissionsOf } from './common/permissions.js';
import { z } from 'zod';
import { pageQuery } from './common/paging.js';
import { hasControlCharacter } from './common/text.js';

/** Permission keys: The file manager. */
export const filesPermissions = {
  filesList: 'oa.files.list',
  filesAdd: 'oa.files.add',
  filesEdit: 'oa.files.edit',
  filesDelete: 'oa.files.delete',
} as const;
declare module './common/permissions.js' {
  interface ModulePermissions extends PermissionsOf<typeof filesPermissions> {}
}

/**
 * Files: uploads, attachment folders, signed file URLs, preview, the file manager.
 * Shapes follow docs/files-design.md; field names are the spec's.
 */

/** Ids are server-generated; anything else (slashes, dots, encoded forms) is refused before any lookup. */
export const fileId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'an id of letters, digits, _ and -');
const name = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .refine((s) => !/[\\/:*?"<>|]/.test(s) && !hasControlCharacter(s) && s !== '.' && s !== '..', 'a name without / \\ : * ? " < > | or control characters');

export const fileIdParams = z.object({ id: fileId });
export const folderIdParams = z.object({ folderId: fileId });

// ---------- limits and kinds ----------

/** Spec 9: upload default limit 2 MB; stamp images 5 MB. */
export const DEFAULT_UPLOAD_LIMIT_MB = 2;
export const STAMP_UPLOAD_LIMIT_MB = 5;
export const sizeUnits = { KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 } as const;
export type SizeUnit = keyof typeof sizeUnits;

/** What an upload is for; the server picks the size cap and accepted types from it (docs/files-design.md). */
export const uploadPurpose = z.enum(['form', 'news', 'stamp', 'file-manager']);
export type UploadPurpose = z.infer<typeof uploadPurpose>;

/**
 * Query of every upload call. limit/unit/accept can only narrow what the server allows: the purpose's cap, or for a
 * form's upload field the size and types stored in that field's configuration (the form `formId`, its version
 * `schemeId` when known, else the current one, and `fieldId`, the field's formId). accept: comma-separated extensions (".png,.jpg") or mime patterns
 * ("image/*").
 */
export const uploadQuery = z.object({
  purpose: uploadPurpose.default('form'),
  limit: z.coerce
    .number()
    .positive()
    .max(1024 * 1024)
    .optional(),
  unit: z.enum(['KB', 'MB', 'GB']).default('MB'),
  accept: z.string().trim().max(500).optional(),
  formId: z.string().trim().min(1).max(64).optional(),
  schemeId: z.string().trim().min(1).max(64).optional(),
  fieldId: z.string().trim().min(1).max(64).optional(),
});
export type UploadQuery = z.infer<typeof uploadQuery>;

/** How the web previews a file: inline image/pdf/text/media, an external Office viewer, or not at all ('暂不支持预览！'). */
export const previewKind = z.enum(['image', 'pdf', 'text', 'media', 'office', 'none']);
export type PreviewKind = z.infer<typeof previewKind>;

// ---------- attachments (annex files) ----------

export const annexFile = z.object({
  F_Id: z.string(),
  F_FolderId: z.string(),
  F_FileName: z.string(),
  /** Extension with the dot, lower case: ".pdf". */
  F_FileExtensions: z.string(),
  /** Content type detected from the bytes. */
  F_FileType: z.string(),
  F_FileSize: z.number(),
  F_Remark: z.string(),
  F_CreateDate: z.string(),
  F_CreateUserId: z.string(),
  F_CreateUserName: z.string(),
  /** Signed address of the bytes (inline where safe); `&download=1` forces a download. */
  url: z.string(),
  previewKind,
  /** Set for office files when an external viewer is configured. */
  viewerUrl: z.string().nullable(),
});
export type AnnexFile = z.infer<typeof annexFile>;

/** Answer of every upload call. FileUrl is the (first) uploaded file's signed address. */
export const uploadResult = z.object({
  FileUrl: z.string(),
  FileIds: z.array(z.string()),
  FolderId: z.string(),
  Files: z.array(annexFile),
});
export type UploadResult = z.infer<typeof uploadResult>;

/** GET /files/{id}: the signed, public byte route (img src, iframes, external viewers). */
export const signedFileQuery = z.object({
  sig: z.string().regex(/^[A-Za-z0-9_-]{10,64}$/),
  download: z.coerce.number().int().min(0).max(1).optional(),
});

// ---------- file manager ----------

export const fileManagerItem = z.object({
  F_Id: z.string(),
  F_Name: z.string(),
  F_IsFolder: z.boolean(),
  /** Parent folder; null at the user's root. */
  F_ParentId: z.string().nullable(),
  F_FileSize: z.number().nullable(),
  F_FileExtensions: z.string().nullable(),
  F_FileType: z.string().nullable(),
  F_CreateDate: z.string(),
  F_ModifyDate: z.string(),
  /** Set when the item is in the trash. */
  F_DeleteDate: z.string().nullable(),
  url: z.string().nullable(),
  previewKind: previewKind.nullable(),
  viewerUrl: z.string().nullable(),
});
export type FileManagerItem = z.infer<typeof fileManagerItem>;

/** GET /file-manager/queryFileAndFileFolder: a folder's items, or a search over all of the user's items, or the trash. */
export const fileManagerQuery = pageQuery.extend({
  parentId: fileId.optional(),
  trash: z.coerce.number().int().min(0).max(1).optional(),
});
export type FileManagerQuery = z.infer<typeof fileManagerQuery>;

export interface FolderTreeNode {
  F_Id: string;
  F_Name: string;
  F_ParentId: string | null;
  children: FolderTreeNode[];
}
export const folderTreeNode: z.ZodType<FolderTreeNode> = z.lazy(() =>
  z.object({ F_Id: z.string(), F_Name: z.string(), F_ParentId: z.string().nullable(), children: z.array(folderTreeNode) }),
);

export const addFolderBody = z.object({ F_ParentId: fileId.nullable().optional(), F_Name: name });
export type AddFolderBody = z.infer<typeof addFolderBody>;
export const renameQuery = z.object({ id: fileId, name });
export const moveQuery = z.object({ id: fileId, parentId: fileId.nullable().optional() });

/** Text editing is limited to files this size. */
export const EDITABLE_TEXT_MAX_BYTES = 1024 * 1024;
export const editFileResult = z.object({ F_Id: z.string(), F_Name: z.string(), content: z.string() });
export const editFileBody = z.object({ content: z.string().max(EDITABLE_TEXT_MAX_BYTES) });
export const reviewFileResult = z.object({
  F_Id: z.string(),
  F_Name: z.string(),
  url: z.string(),
  previewKind,
  viewerUrl: z.string().nullable(),
});

export type RenameQuery = z.infer<typeof renameQuery>;
export type MoveQuery = z.infer<typeof moveQuery>;
export type EditFileResult = z.infer<typeof editFileResult>;
export type EditFileBody = z.infer<typeof editFileBody>;
export type ReviewFileResult = z.infer<typeof reviewFileResult>;
/** GET /file-manager/getFileByParentId/{id}: `root` names the user's root. */
export const fileManagerParentParams = z.object({ id: z.union([z.literal('root'), fileId]) });
