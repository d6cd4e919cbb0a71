import { useMemo } from 'react';
import { TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { joinMulti, splitMulti, type CompanyNode, type OrgNode } from '@app/contracts';
import { toTreeData } from '../../../crud';
import { flatten, useCompanyTree, useOrgTree } from '../../../pickers';
import type { FieldProps } from '../../types';

export type OrgKind = 'company' | 'department';

/** Company or department: the field's type, else its tagIcon (the original marks the pickers with it). */
export function orgKindOf(field: FieldProps['field']): OrgKind {
  const type = field.__config__.avueType;
  if (type === 'company' || type === 'department') return type;
  return field.__config__.tagIcon === 'company' ? 'company' : 'department';
}

interface OrgTreeItem {
  key: string;
  value: string;
  title: string;
  selectable?: boolean;
  children: OrgTreeItem[];
}

/** Departments under their companies; companies only group (their ids could clash with a department's). */
function departmentTree(nodes: readonly OrgNode[]): OrgTreeItem[] {
  return nodes.map((n) => ({
    key: `${n.type}:${n.id}`,
    value: n.type === 'department' ? n.id : `company:${n.id}`,
    title: n.title,
    selectable: n.type === 'department',
    children: departmentTree(n.children ?? []),
  }));
}

/** id → name of companies or departments from the org trees the pickers load (cached, shared with them). */
export function useOrgNames(kind: OrgKind, enabled = true): Map<string, string> {
  const companies = useCompanyTree(enabled && kind === 'company');
  const org = useOrgTree(enabled && kind === 'department');
  return useMemo(() => {
    const names = new Map<string, string>();
    if (kind === 'company') for (const { node } of flatten<CompanyNode>(companies.data ?? [])) names.set(node.F_CompanyId, node.F_FullName);
    else for (const { node } of flatten<OrgNode>(org.data ?? [])) if (node.type === 'department') names.set(node.id, node.title);
    return names;
  }, [kind, companies.data, org.data]);
}

/** Company / department picker: a tree select; multiple stores the ids comma-joined. */
export function OrgField({ field, value, onChange, disabled, onBlur }: FieldProps) {
  const { t } = useTranslation('formFields');
  const kind = orgKindOf(field);
  const companies = useCompanyTree(kind === 'company');
  const org = useOrgTree(kind === 'department');
  const treeData = useMemo<OrgTreeItem[]>(
    () =>
      kind === 'company'
        ? toTreeData(
            companies.data ?? [],
            (n: CompanyNode) => n.F_CompanyId,
            (n) => n.F_FullName,
          )
        : departmentTree(org.data ?? []),
    [kind, companies.data, org.data],
  );
  const multiple = field.multiple === true;
  const ids = splitMulti(value);
  return (
    <TreeSelect
      data-testid={`${kind}-${field.__config__.formId}`}
      style={{ width: '100%', ...field.style }}
      treeData={treeData}
      treeDefaultExpandAll
      multiple={multiple}
      value={multiple ? ids : ids[0]}
      loading={kind === 'company' ? companies.isLoading : org.isLoading}
      disabled={disabled}
      allowClear={field.clearable !== false}
      showSearch={{ treeNodeFilterProp: 'title' }}
      placeholder={field.placeholder ?? t(kind === 'company' ? 'companyPlaceholder' : 'departmentPlaceholder')}
      onBlur={onBlur}
      onChange={(next: string | string[] | undefined) => onChange(Array.isArray(next) ? joinMulti(next) : (next ?? ''))}
    />
  );
}
