import { useMemo } from 'react';
import { TreeSelect, type TreeSelectProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { ReportFolder, ReportTreeNode } from '@app/contracts';
import { reportApi } from './api';

/** Query keys shared by the screens (and the scheduled-task dialog's report picker). */
export const FOLDER_TREE_KEY = 'report-folder-tree';
export const REPORT_TREE_KEY = 'report-tree';
export const MANAGE_LIST_KEY = 'report-manage';
export const RELEASE_LIST_KEY = 'report-release';
export const ROOT_FOLDER = '0';

export const useFolderTree = () => useQuery({ queryKey: [FOLDER_TREE_KEY], queryFn: reportApi.folderTree, staleTime: 30_000 });
export const useReportTree = () => useQuery({ queryKey: [REPORT_TREE_KEY], queryFn: reportApi.tree, staleTime: 30_000 });

export interface FolderOption {
  value: string;
  title: string;
  disabled?: boolean;
  children: FolderOption[];
}

/** Folders as TreeSelect data under the top level; `except` (a folder being moved) and what is under it cannot be chosen. */
export function folderOptions(folders: ReportFolder[], rootTitle: string, except?: string): FolderOption[] {
  const map = (nodes: ReportFolder[], blocked: boolean): FolderOption[] =>
    nodes.map((n) => {
      const off = blocked || n.F_Id === except;
      return { value: n.F_Id, title: n.F_Name, disabled: off || undefined, children: map(n.children ?? [], off) };
    });
  return [{ value: ROOT_FOLDER, title: rootTitle, children: map(folders, false) }];
}

/** The folder with that id in the tree. */
export function findFolder(nodes: ReportFolder[], id: string): ReportFolder | undefined {
  for (const n of nodes) {
    if (n.F_Id === id) return n;
    const found = findFolder(n.children ?? [], id);
    if (found) return found;
  }
  return undefined;
}

interface ReportOption {
  value: string;
  title: string;
  selectable: boolean;
  isLeaf?: boolean;
  children?: ReportOption[];
}

function reportOptions(nodes: ReportTreeNode[]): ReportOption[] {
  return nodes
    .map((n) =>
      n.kind === 'report'
        ? { value: n.id, title: n.title, selectable: true, isLeaf: true }
        : { value: `folder:${n.id}`, title: n.title, selectable: false, children: reportOptions(n.children ?? []) },
    )
    .filter((n) => n.selectable || (n.children?.length ?? 0) > 0);
}

/** The title of the report with that id in the tree, if it is there. */
export function reportTitle(nodes: ReportTreeNode[] | undefined, id: string | undefined): string | undefined {
  for (const n of nodes ?? []) {
    if (n.kind === 'report' && n.id === id) return n.title;
    const found = reportTitle(n.children, id);
    if (found) return found;
  }
  return undefined;
}

/**
 * A report picker: the folders with their reports (GET /report-info/tree), only reports selectable. Speaks no
 * texts of its own (the placeholder comes from the screen), so other features can use it with their own texts.
 */
export function ReportTreeSelect({
  value,
  onChange,
  placeholder,
  testId,
  style,
  onPicked,
}: {
  value?: string;
  onChange?: (id: string) => void;
  placeholder?: string;
  testId?: string;
  style?: TreeSelectProps['style'];
  /** The report picked, with its title (to fill in a name from it). */
  onPicked?: (id: string, title: string) => void;
}) {
  const tree = useReportTree();
  const data = useMemo(() => reportOptions(tree.data ?? []), [tree.data]);
  return (
    <TreeSelect
      showSearch={{ treeNodeFilterProp: 'title' }}
      treeDefaultExpandAll
      allowClear
      value={value || undefined}
      loading={tree.isLoading}
      placeholder={placeholder}
      treeData={data}
      onChange={(v: string | undefined) => {
        onChange?.(v ?? '');
        if (v) onPicked?.(v, reportTitle(tree.data, v) ?? '');
      }}
      style={style ?? { width: '100%' }}
      data-testid={testId}
    />
  );
}
