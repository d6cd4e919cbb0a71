import { orgTreeData, type OrgNode } from '../../../components/pickers';

interface DeptTree {
  value: string;
  title: string;
  disabled?: boolean;
  children: DeptTree[];
}
/** The organisation tree for a department select: companies shown but not selectable. */
export function departmentTree(nodes: OrgNode[]): DeptTree[] {
  return orgTreeData(nodes).map(function conv(n): DeptTree {
    return { value: String(n.key), title: n.title, disabled: n.type !== 'department', children: (n.children ?? []).map(conv) };
  });
}
