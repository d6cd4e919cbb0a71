import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { fileManagerApi, type FileListQuery } from './api';
import { KEY, ROOT, indexTree, type View } from './file-tree';

/** Where the file manager is (a folder, a search or the trash), the folder tree, and the listed page. */
export function useFileBrowser() {
  const qc = useQueryClient();
  const [view, setView] = useState<View>({ mode: 'folder', folderId: null });
  const [paging, setPaging] = useState({ page: 1, size: 20 });
  const [searchText, setSearchText] = useState('');
  const [expanded, setExpanded] = useState<string[]>([ROOT]);

  const treeQuery = useQuery({ queryKey: [...KEY, 'tree'], queryFn: () => fileManagerApi.tree() });
  const tree = useMemo(() => treeQuery.data ?? [], [treeQuery.data]);
  const index = useMemo(() => indexTree(tree), [tree]);

  const listQuery: FileListQuery = {
    limit: paging.page,
    size: paging.size,
    parentId: view.mode === 'folder' ? (view.folderId ?? undefined) : undefined,
    keyword: view.mode === 'search' ? view.keyword : undefined,
    trash: view.mode === 'trash' ? 1 : undefined,
  };
  const list = useQuery({
    queryKey: [...KEY, 'list', listQuery],
    queryFn: () => fileManagerApi.list(listQuery),
    placeholderData: keepPreviousData,
  });

  const refresh = () => qc.invalidateQueries({ queryKey: KEY });
  const go = (next: View) => {
    setView(next);
    setPaging((p) => ({ ...p, page: 1 }));
    if (next.mode !== 'search') setSearchText('');
    if (next.folderId) {
      const ancestors = index.pathTo(next.folderId).map((n) => n.F_Id);
      setExpanded((keys) => [...new Set([...keys, ROOT, ...ancestors.slice(0, -1)])]);
    }
  };
  const openFolder = (id: string | null) => go({ mode: 'folder', folderId: id });
  const openTrash = () => go({ mode: 'trash', folderId: null });

  return {
    view,
    trashView: view.mode === 'trash',
    paging,
    setPaging,
    searchText,
    setSearchText,
    expanded,
    setExpanded,
    tree,
    index,
    list,
    refresh,
    go,
    openFolder,
    openTrash,
  };
}

export type FileBrowser = ReturnType<typeof useFileBrowser>;
