import type { AddFolderBody, EditFileBody, EditFileResult, FileManagerItem, FolderTreeNode, PageResult } from '@app/contracts';
import { api } from '../../lib/api';

const BASE = '/file-manager';

/** One page of the file manager's listing: a folder's content, a search, or the trash (trash: 1). */
export interface FileListQuery {
  limit: number;
  size: number;
  parentId?: string;
  keyword?: string;
  trash?: 1;
  [extra: string]: string | number | undefined;
}

/** The file manager: folders, files, the trash, and editing a text file's content. */
export const fileManagerApi = {
  tree: () => api.get<FolderTreeNode[]>(`${BASE}/tree`),
  list: (q: FileListQuery) => api.get<PageResult<FileManagerItem>>(`${BASE}/queryFileAndFileFolder`, q),
  addFolder: (body: AddFolderBody) => api.post(`${BASE}/addFolder`, body),
  rename: (id: string, name: string) => api.put(`${BASE}/updateFileName`, {}, { query: { id, name } }),
  /** parentId undefined: to the root. */
  move: (id: string, parentId: string | undefined) => api.put(`${BASE}/removeFile`, {}, { query: { id, parentId } }),
  /** To the trash. */
  trash: (id: string) => api.del(`${BASE}/logicDelete/${id}`),
  restore: (id: string) => api.put(`${BASE}/restoreFile/${id}`),
  removeForever: (id: string) => api.del(`${BASE}/Delete/${id}`),
  emptyTrash: () => api.del(`${BASE}/emptyTrash`),
  text: (id: string) => api.get<EditFileResult>(`${BASE}/EditFile/${id}`),
  saveText: (id: string, body: EditFileBody) => api.put(`${BASE}/EditFile/${id}`, body),
};
