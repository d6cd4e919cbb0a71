import { type ReactNode } from 'react';
import {
  FileExcelOutlined,
  FileImageOutlined,
  FileMarkdownOutlined,
  FileOutlined,
  FilePdfOutlined,
  FilePptOutlined,
  FileTextOutlined,
  FileWordOutlined,
  FileZipOutlined,
  FolderFilled,
  PlaySquareOutlined,
} from '@ant-design/icons';
import { EDITABLE_TEXT_MAX_BYTES, type FileManagerItem, type FolderTreeNode } from '@app/contracts';

/** The tree and move dialog need a key for "the root", which the API calls null. */
export const ROOT = '__root__';
export const KEY = ['fileManager'] as const;
/** Same rule as the server's name schema, so the dialog says what is wrong before the call. */
export const BAD_NAME = /[\\/:*?"<>|\u0000-\u001f]/; // eslint-disable-line no-control-regex

export type View =
  { mode: 'folder'; folderId: string | null } | { mode: 'search'; folderId: string | null; keyword: string } | { mode: 'trash'; folderId: string | null };

export function FileIcon({ item, size = 18 }: { item: FileManagerItem; size?: number }) {
  const style = { fontSize: size };
  if (item.F_IsFolder) return <FolderFilled style={{ ...style, color: '#f5b82e' }} />;
  const ext = (item.F_FileExtensions ?? '').toLowerCase();
  if (item.previewKind === 'image') return <FileImageOutlined style={{ ...style, color: '#13a8a8' }} />;
  if (item.previewKind === 'pdf') return <FilePdfOutlined style={{ ...style, color: '#e0443e' }} />;
  if (item.previewKind === 'media') return <PlaySquareOutlined style={{ ...style, color: '#722ed1' }} />;
  if (ext === '.md') return <FileMarkdownOutlined style={{ ...style, color: '#595959' }} />;
  if (item.previewKind === 'text') return <FileTextOutlined style={{ ...style, color: '#595959' }} />;
  if (/^\.(docx?|odt|wps|rtf)$/.test(ext)) return <FileWordOutlined style={{ ...style, color: '#2b579a' }} />;
  if (/^\.(xlsx?|ods|et|csv)$/.test(ext)) return <FileExcelOutlined style={{ ...style, color: '#217346' }} />;
  if (/^\.(pptx?|odp|dps)$/.test(ext)) return <FilePptOutlined style={{ ...style, color: '#d24726' }} />;
  if (/^\.(zip|rar|7z|gz|tar|bz2)$/.test(ext)) return <FileZipOutlined style={{ ...style, color: '#8c6d1f' }} />;
  return <FileOutlined style={{ ...style, color: '#8c8c8c' }} />;
}

/** id → node and id → parent id, for breadcrumbs and the move dialog. */
export function indexTree(nodes: FolderTreeNode[]) {
  const byId = new Map<string, FolderTreeNode>();
  const walk = (list: FolderTreeNode[]) => list.forEach((n) => (byId.set(n.F_Id, n), walk(n.children)));
  walk(nodes);
  const pathTo = (id: string | null): FolderTreeNode[] => {
    const path: FolderTreeNode[] = [];
    for (let node = id ? byId.get(id) : undefined; node; node = node.F_ParentId ? byId.get(node.F_ParentId) : undefined) path.unshift(node);
    return path;
  };
  return { byId, pathTo };
}

export type TreeData = { key: string; value: string; title: ReactNode; children: TreeData[]; disabled?: boolean; icon?: ReactNode; isLeaf?: boolean };

export function toTree(nodes: FolderTreeNode[], disabledFrom: string | null, inDisabled = false): TreeData[] {
  return nodes.map((n) => {
    const disabled = inDisabled || n.F_Id === disabledFrom;
    return { key: n.F_Id, value: n.F_Id, title: n.F_Name, disabled, isLeaf: n.children.length === 0, children: toTree(n.children, disabledFrom, disabled) };
  });
}

export const isEditable = (item: FileManagerItem) => !item.F_IsFolder && item.previewKind === 'text' && (item.F_FileSize ?? 0) <= EDITABLE_TEXT_MAX_BYTES;
